import { CheckIcon, MailIcon, PhoneIcon, PinIcon } from "../../components/icons";
import { buttonClass, PageHeader } from "../../components/ui";
import { openQuoteDialog } from "../../lib/quote";
import { formatAddress, telHref, useSiteConfig } from "../../lib/site-config";
import { ContactForm } from "./contact-form";

const HOURS = [
  ["Monday - Friday", "8:00 AM - 6:00 PM"],
  ["Saturday", "9:00 AM - 4:00 PM"],
  ["Sunday", "Closed"],
];

const EXPECT = [
  "A reply from our team within 24 hours",
  "A free consultation about your site, layout and budget",
  "A detailed quote with no obligation",
  "A clear timeline from design to delivery",
];

const WHY = [
  { figure: "9+ years", text: "Over 9 years building container homes in Texas" },
  { figure: "8-12 weeks", text: "Delivery in 8-12 weeks from order" },
  { figure: "10-year", text: "10-year structural warranty on every build" },
];

export function ContactPage() {
  const config = useSiteConfig();
  return (
    <>
      <PageHeader title="Contact Us" intro="Questions, quotes or a site visit: our San Antonio team is here to help." />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-3 lg:px-8">
        <div className="space-y-6">
          {config ? (
            <section aria-labelledby="details-title" className="rounded-2xl border border-slate-200 p-6 shadow-sm">
              <h2 id="details-title" className="text-lg font-bold text-slate-900">
                Contact Details
              </h2>
              <ul className="mt-4 space-y-3 text-slate-700">
                <li className="flex items-center gap-3">
                  <PhoneIcon className="h-5 w-5 text-amber-600" />
                  <a href={telHref(config.company.phone)} className="rounded hover:text-amber-700">
                    {config.company.phone}
                  </a>
                </li>
                <li className="flex items-center gap-3">
                  <MailIcon className="h-5 w-5 shrink-0 text-amber-600" />
                  <a href={`mailto:${config.company.email}`} className="rounded break-all hover:text-amber-700">
                    {config.company.email}
                  </a>
                </li>
                <li className="flex items-start gap-3">
                  <PinIcon className="h-5 w-5 shrink-0 text-amber-600" />
                  <span>{formatAddress(config.company)}</span>
                </li>
              </ul>
            </section>
          ) : null}
          <section aria-labelledby="hours-title" className="rounded-2xl border border-slate-200 p-6 shadow-sm">
            <h2 id="hours-title" className="text-lg font-bold text-slate-900">
              Business Hours
            </h2>
            <dl className="mt-4 space-y-2 text-sm">
              {HOURS.map(([day, time]) => (
                <div key={day} className="flex justify-between gap-4">
                  <dt className="text-slate-600">{day}</dt>
                  <dd className="font-medium text-slate-900">{time}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section aria-labelledby="expect-title" className="rounded-2xl border border-slate-200 p-6 shadow-sm">
            <h2 id="expect-title" className="text-lg font-bold text-slate-900">
              What to Expect
            </h2>
            <ul className="mt-4 space-y-2 text-sm text-slate-700">
              {EXPECT.map((line) => (
                <li key={line} className="flex gap-2">
                  <CheckIcon className="h-4 w-4 shrink-0 translate-y-0.5 text-green-700" />
                  {line}
                </li>
              ))}
            </ul>
          </section>
        </div>
        <div className="lg:col-span-2">
          <section aria-labelledby="form-title" className="rounded-2xl border border-slate-200 p-6 shadow-sm sm:p-8">
            <h2 id="form-title" className="text-2xl font-bold text-slate-900">
              Send Us a Message
            </h2>
            <p className="mt-1 mb-6 text-slate-600">Fields marked * are required.</p>
            <ContactForm page />
            <div className="mt-6 border-t border-slate-200 pt-6">
              <p className="text-sm text-slate-600">Prefer to talk?</p>
              <button
                type="button"
                className={`${buttonClass.outline} mt-2`}
                onClick={() => openQuoteDialog({ kind: "call", title: "Schedule a Call" })}
              >
                Schedule Call Instead
              </button>
            </div>
          </section>
          <section aria-labelledby="why-title" className="mt-8 rounded-2xl bg-slate-900 p-6 text-white sm:p-8">
            <h2 id="why-title" className="text-2xl font-bold">
              Why Choose Us
            </h2>
            <ul className="mt-6 grid gap-6 sm:grid-cols-3">
              {WHY.map((w) => (
                <li key={w.figure}>
                  <p className="text-3xl font-black text-amber-400">{w.figure}</p>
                  <p className="mt-1 text-sm text-slate-300">{w.text}</p>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </>
  );
}
