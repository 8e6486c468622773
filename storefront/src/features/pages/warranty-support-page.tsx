import { hoursSentence } from "@ch/contracts/business-facts";
import { Steps } from "../../components/steps";
import { phoneText, telHref, useSiteConfig } from "../../lib/site-config";
import { CardGrid, CheckList, Section } from "./blocks";
import { ServicePage } from "./service-page";

const PLANS = [
  {
    name: "Basic",
    price: "$299",
    items: ["Annual on-site inspection", "Roof, seal and corrosion check", "10% discount on repairs"],
  },
  {
    name: "Premium",
    price: "$599",
    items: [
      "Everything in Basic",
      "Annual HVAC service and filter change",
      "Sealant and caulking touch-ups",
      "25% discount on repairs",
    ],
  },
  {
    name: "Elite",
    price: "$999",
    items: [
      "Everything in Premium",
      "Priority scheduling of service visits",
      "Exterior paint touch-ups",
      "Plumbing and electrical check",
    ],
  },
];

export function WarrantySupportPage() {
  const config = useSiteConfig();
  const phone = config?.company.phone;
  const years = (n: number) => `${n} ${n === 1 ? "year" : "years"}`;
  const warranty = config?.warranty;
  return (
    <ServicePage
      eyebrow="Services · Warranty & Support"
      title="Warranty & Support"
      intro="Every home is backed by written warranties and a local team that answers when you call, long after handover."
      features={[
        {
          title: "Written Warranties",
          text: warranty
            ? `${years(warranty.structuralYears)} on the structure, ${years(warranty.systemsYears)} on systems and ${years(warranty.finishYears)} on finishes, plus ${years(warranty.installationYears)} on installation.`
            : "Written cover for the structure, systems, finishes and installation.",
        },
        {
          title: "Local Support Team",
          text: "Our San Antonio team handles your claim from the first call to the finished repair.",
        },
        {
          title: "Maintenance Plans",
          text: "Yearly inspections and servicing that keep your home in warranty condition; the first year is free.",
        },
      ]}
      processTitle="From Handover to Long-Term Care"
      steps={[
        {
          title: "Handover Walk-Through",
          text: "We show you every system and give you the warranty documents and care guide.",
        },
        {
          title: "Free First-Year Maintenance",
          text: "Your first annual maintenance visit is included with every home.",
        },
        { title: "Choose a Plan", text: "After year one, continue with a Basic, Premium or Elite maintenance plan." },
        { title: "Extend Your Cover", text: "Extended plans can run for up to 10 years from delivery." },
        { title: "Support When Needed", text: "Call, e-mail or write to us; claims follow the 3-step process below." },
      ]}
      whyTitle="Why Homeowners Trust Our Support"
      why={[
        "Warranties in writing, with clear lists of what is and is not covered.",
        "Repairs by the same team that built your home, with genuine parts.",
        "On-site inspection of warranty claims, so problems are fixed at the cause.",
        "Maintenance plans that keep the home in the condition the warranty expects.",
        "A real person on the phone during business hours.",
      ]}
      closing={{
        title: "Need Help With Your Home?",
        text: "Send us a message or call the support line.",
        contactLabel: "Contact Support",
        also: phone ? { label: phoneText(`Call ${phone}`), href: telHref(phone) } : undefined,
      }}
    >
      {warranty ? (
        <Section title="Warranty Coverage" intro="Counted from the day your home is delivered.">
          <CardGrid
            cards={[
              {
                title: "Structural Warranty",
                detail: years(warranty.structuralYears),
                text: "The steel frame, welds, corner castings, floor structure and roof against defects and failure.",
              },
              {
                title: "Systems Warranty",
                detail: years(warranty.systemsYears),
                text: "Electrical wiring and panel, plumbing lines and fixtures, and the HVAC installation.",
              },
              {
                title: "Finish Warranty",
                detail: years(warranty.finishYears),
                text: "Interior finishes, flooring, cabinetry, paint, windows and doors against defects in materials or work.",
              },
            ]}
          />
          <p className="mt-6 text-center text-slate-600">
            Installation work carries its own <strong>{warranty.installationYears}-year installation warranty</strong>.
          </p>
        </Section>
      ) : null}
      <Section title="What's Covered" tone="muted">
        <div className="grid gap-8 md:grid-cols-2">
          <div className="rounded-xl border border-slate-200 bg-white p-6">
            <h3 className="mb-4 text-lg font-semibold text-slate-900">Covered</h3>
            <CheckList
              items={[
                "Structural defects in the frame, welds and roof",
                "Leaks caused by defective seals or workmanship",
                "Faults in factory-installed electrical and plumbing",
                "Defective windows, doors and hardware",
                "Insulation and weatherproofing failures",
              ]}
            />
          </div>
          <div className="rounded-xl border border-slate-200 bg-white p-6">
            <h3 className="mb-4 text-lg font-semibold text-slate-900">Not Covered</h3>
            <CheckList
              tone="bad"
              items={[
                "Normal wear and tear",
                "Damage from misuse, neglect or lack of maintenance",
                "Modifications made by third parties",
                "Storm, flood or fire damage beyond normal weatherproofing",
                "Appliances covered by their manufacturer's own warranty",
              ]}
            />
          </div>
        </div>
      </Section>
      <Section title="Support Channels">
        <ul className="grid gap-6 md:grid-cols-3">
          <li className="rounded-xl border border-slate-200 p-6">
            <h3 className="font-semibold text-slate-900">Phone</h3>
            {config ? <p className="mt-2 text-slate-600">{hoursSentence(config)}.</p> : null}
            {phone ? (
              <a href={telHref(phone)} className="mt-3 inline-block font-semibold text-amber-800 underline">
                {phoneText(phone)}
              </a>
            ) : null}
          </li>
          <li className="rounded-xl border border-slate-200 p-6">
            <h3 className="font-semibold text-slate-900">E-mail</h3>
            <p className="mt-2 text-slate-600">Send photos and a description; we reply within one business day.</p>
            {config ? (
              <a
                href={`mailto:${config.company.email}`}
                className="mt-3 inline-block font-semibold break-all text-amber-800 underline"
              >
                {config.company.email}
              </a>
            ) : null}
          </li>
          <li className="rounded-xl border border-slate-200 p-6">
            <h3 className="font-semibold text-slate-900">Chat & Contact Form</h3>
            <p className="mt-2 text-slate-600">
              Use the chat button on any page, or the contact form; urgent messages reach our team directly.
            </p>
          </li>
        </ul>
      </Section>
      <Section title="How to Get Support" tone="muted">
        <div className="mx-auto max-w-4xl">
          <Steps
            steps={[
              {
                title: "Contact Us",
                text: "Call, e-mail or use the contact form with your order number and photos of the issue.",
              },
              { title: "Assessment", text: "We review the claim and, where needed, schedule an on-site inspection." },
              {
                title: "Resolution",
                text: "Covered issues are repaired at no cost; others get a written quote first.",
              },
            ]}
          />
        </div>
      </Section>
      <Section
        title="Maintenance Plans"
        intro="Annual maintenance is free for the first year. Extended plans run for up to 10 years."
      >
        <ul className="grid gap-6 md:grid-cols-3">
          {PLANS.map((plan) => (
            <li key={plan.name} className="flex flex-col rounded-xl border border-slate-200 p-6 shadow-sm">
              <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
              <p className="mt-2">
                <span className="text-3xl font-bold text-slate-900">{plan.price}</span>
                <span className="text-slate-600"> per year</span>
              </p>
              <div className="mt-4">
                <CheckList items={plan.items} />
              </div>
            </li>
          ))}
        </ul>
      </Section>
    </ServicePage>
  );
}
