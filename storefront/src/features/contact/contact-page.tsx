import {
  deliveryWindow,
  formatDays,
  formatWeeks,
  hoursRows,
  timeZoneLabel,
  WEEKDAYS,
  yearsLabel,
} from "@ch/api/contracts/business-facts";
import { CheckIcon, MailIcon, PhoneIcon, PinIcon } from "../../components/icons";
import { buttonClass, PageHeader } from "../../components/ui";
import { openQuoteDialog } from "../../lib/quote";
import { formatAddress, phoneText, type SiteConfig, telHref, useSiteConfig } from "../../lib/site-config";
import { ContactForm } from "./contact-form";

/** The opening hours of the business settings, then the days it is closed. */
function hoursTable(config: SiteConfig): { days: string; hours: string }[] {
  const open = new Set(config.openingHours.flatMap((row) => row.days));
  const closed = WEEKDAYS.filter((day) => !open.has(day));
  return [...hoursRows(config.openingHours), ...(closed.length ? [{ days: formatDays(closed), hours: "Closed" }] : [])];
}

const EXPECT = [
  "A reply from our team within 24 hours",
  "A free consultation about your site, layout and budget",
  "A detailed quote with no obligation",
  "A clear timeline from design to delivery",
];

const why = (config: SiteConfig) => [
  { figure: "9+ years", text: "Over 9 years building container homes in Texas" },
  { figure: formatWeeks(config.delivery), text: `Delivery in ${deliveryWindow(config)}` },
  {
    figure: yearsLabel(config.warranty.structuralYears),
    text: `${yearsLabel(config.warranty.structuralYears)} structural warranty on every build`,
  },
];

function ContactDetails({ config }: { config: SiteConfig }) {
  return (
    <section aria-labelledby="details-title" className="rounded-2xl border border-slate-200 p-6 shadow-sm">
      <h2 id="details-title" className="text-lg font-bold text-slate-900">
        Contact Details
      </h2>
      <ul className="mt-4 space-y-3 text-slate-700">
        <li className="flex items-center gap-3">
          <PhoneIcon className="h-5 w-5 text-amber-600" />
          <a href={telHref(config.company.phone)} className="rounded hover:text-amber-700">
            {phoneText(config.company.phone)}
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
  );
}

function BusinessHours({ config }: { config: SiteConfig }) {
  return (
    <section aria-labelledby="hours-title" className="rounded-2xl border border-slate-200 p-6 shadow-sm">
      <h2 id="hours-title" className="text-lg font-bold text-slate-900">
        Business Hours
      </h2>
      <dl className="mt-4 space-y-2 text-sm">
        {hoursTable(config).map(({ days, hours }) => (
          <div key={days} className="flex justify-between gap-4">
            <dt className="text-slate-600">{days}</dt>
            <dd className="font-medium text-slate-900">{hours}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-slate-600">{timeZoneLabel(config.timeZone)}</p>
    </section>
  );
}

function WhatToExpect() {
  return (
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
  );
}

function MessageSection() {
  return (
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
  );
}

function WhyChooseUs({ config }: { config: SiteConfig }) {
  return (
    <section aria-labelledby="why-title" className="mt-8 rounded-2xl bg-slate-900 p-6 text-white sm:p-8">
      <h2 id="why-title" className="text-2xl font-bold">
        Why Choose Us
      </h2>
      <ul className="mt-6 grid gap-6 sm:grid-cols-3">
        {why(config).map((w) => (
          <li key={w.text}>
            <p className="text-3xl font-black text-amber-400">{w.figure}</p>
            <p className="mt-1 text-sm text-slate-300">{w.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ContactPage() {
  const config = useSiteConfig();
  return (
    <>
      <PageHeader title="Contact Us" intro="Questions, quotes or a site visit: our San Antonio team is here to help." />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-3 lg:px-8">
        <div className="space-y-6">
          {config ? <ContactDetails config={config} /> : null}
          {config ? <BusinessHours config={config} /> : null}
          <WhatToExpect />
        </div>
        <div className="lg:col-span-2">
          <MessageSection />
          {config ? <WhyChooseUs config={config} /> : null}
        </div>
      </div>
    </>
  );
}
