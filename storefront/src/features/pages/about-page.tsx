import { Steps } from "../../components/steps";
import { type Card, CardSection, ClosingCta, Hero, Section } from "./blocks";

const CLAIMS = [
  { figure: "500+", label: "projects completed" },
  { figure: "9+", label: "years building" },
  { figure: "98%", label: "customer satisfaction" },
];

const VALUES: Card[] = [
  { title: "Quality First", text: "Reinforced openings, welded joints and tested systems in every home." },
  { title: "Honest Pricing", text: "Clear prices and written quotes, with no surprises at delivery." },
  { title: "Sustainability", text: "Reused steel, efficient insulation and systems that use less energy." },
  { title: "Customer Care", text: "One team from the first call to the last warranty visit." },
];

const TEAM: Card[] = [
  { title: "Design Studio", text: "Designers and drafters who plan each layout around container steel." },
  { title: "Fabrication Crew", text: "Welders, framers and finishers who build every home in our shop." },
  { title: "Site & Installation", text: "Crews and licensed trades who prepare sites and install homes." },
  { title: "Customer Care", text: "Project managers and support staff who answer your calls." },
];

export function AboutPage() {
  return (
    <>
      <Hero
        eyebrow="About Us"
        title="About Container Homes of Texas"
        intro="We turn steel shipping containers into comfortable, efficient homes, offices and commercial buildings, designed and built in San Antonio."
        ctas={[
          { label: "Talk to Our Team", to: "/contact" },
          { label: "See Our Work", to: "/gallery", variant: "ghost" },
        ]}
      />
      <Section title="Our Story">
        <div className="mx-auto max-w-3xl space-y-4 text-lg leading-relaxed text-slate-700">
          <p>
            Container Homes of Texas started with a simple idea: a well-built home should not take years or cost a
            fortune. Shipping containers are strong, modular and made to travel, so we build most of each home in our
            San Antonio shop, where the weather cannot slow us down, and deliver it finished.
          </p>
          <p>
            Today we design and build 20ft and 40ft homes, multi-unit buildings, offices and commercial units for
            families, investors and businesses across Texas. Every home gets a steel frame, real insulation for the
            Texas heat, efficient mini-split cooling and the finishes you choose.
          </p>
        </div>
        <div className="mx-auto mt-10 max-w-3xl">
          <dl className="grid gap-4 sm:grid-cols-3">
            {CLAIMS.map((c) => (
              <div key={c.label} className="rounded-xl bg-slate-900 p-5 text-center text-white">
                <dt className="text-sm text-slate-300">{c.label}</dt>
                <dd className="order-first text-3xl font-bold text-amber-400">{c.figure}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-center text-sm text-slate-600">
            Figures as stated by Container Homes of Texas from its own project and customer records.
          </p>
        </div>
      </Section>
      <CardSection title="Our Values" tone="muted" columns={4} cards={VALUES} />
      <Section title="How We Work" intro="The same five steps for every project, large or small.">
        <Steps
          steps={[
            { title: "Consultation", text: "We learn your goals, budget, site and timeline." },
            { title: "Design", text: "Floor plans, 3D views and permit-ready drawings for your approval." },
            { title: "Build", text: "Your home is built and finished in our San Antonio shop." },
            { title: "Deliver & Install", text: "We deliver, set and connect the home on its foundation." },
            { title: "Support", text: "Warranties, maintenance plans and a local team to call." },
          ]}
        />
      </Section>
      <CardSection title="Our Team" tone="muted" columns={4} cards={TEAM} />
      <ClosingCta
        title="Let's Build Something Together"
        text="Tell us about your project, or browse the homes we have built."
        ctas={[
          { label: "Contact Us", to: "/contact" },
          { label: "View Gallery", to: "/gallery", variant: "outline" },
        ]}
      />
    </>
  );
}
