import {
  deliveryWindow,
  formatDays,
  formatWeeks,
  hoursRows,
  timeZoneLabel,
  WEEKDAYS,
  yearsLabel,
} from "@ch/contracts/business-facts";
import { CompanyContactList } from "../../components/company-contact";
import { CheckIcon } from "../../components/icons";
import { QuoteButton } from "../../components/quote-button";
import { buttonClass, DetailRow, PageHeader, TitledSection } from "../../components/ui";
import { type SiteConfig, useSiteConfig } from "../../lib/site-config";
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
    <TitledSection id="details-title" title="Contact Details">
      <CompanyContactList company={config.company} look="card" />
    </TitledSection>
  );
}

function BusinessHours({ config }: { config: SiteConfig }) {
  return (
    <TitledSection id="hours-title" title="Business Hours">
      <dl className="mt-4 space-y-2 text-sm">
        {hoursTable(config).map(({ days, hours }) => (
          <DetailRow
            key={days}
            term={days}
            className="flex justify-between gap-4"
            valueClassName="font-medium text-slate-900"
          >
            {hours}
          </DetailRow>
        ))}
      </dl>
      <p className="mt-3 text-xs text-slate-600">{timeZoneLabel(config.timeZone)}</p>
    </TitledSection>
  );
}

function WhatToExpect() {
  return (
    <TitledSection id="expect-title" title="What to Expect">
      <ul className="mt-4 space-y-2 text-sm text-slate-700">
        {EXPECT.map((line) => (
          <li key={line} className="flex gap-2">
            <CheckIcon className="h-4 w-4 shrink-0 translate-y-0.5 text-green-700" />
            {line}
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}

function MessageSection() {
  return (
    <TitledSection
      id="form-title"
      title="Send Us a Message"
      className="rounded-2xl border border-slate-200 p-6 shadow-sm sm:p-8"
      titleClassName="text-2xl font-bold text-slate-900"
    >
      <p className="mt-1 mb-6 text-slate-600">Fields marked * are required.</p>
      <ContactForm page />
      <div className="mt-6 border-t border-slate-200 pt-6">
        <p className="text-sm text-slate-600">Prefer to talk?</p>
        <QuoteButton className={`${buttonClass.outline} mt-2`} request={{ kind: "call", title: "Schedule a Call" }}>
          Schedule Call Instead
        </QuoteButton>
      </div>
    </TitledSection>
  );
}

function WhyChooseUs({ config }: { config: SiteConfig }) {
  return (
    <TitledSection
      id="why-title"
      title="Why Choose Us"
      className="mt-8 rounded-2xl bg-slate-900 p-6 text-white sm:p-8"
      titleClassName="text-2xl font-bold"
    >
      <ul className="mt-6 grid gap-6 sm:grid-cols-3">
        {why(config).map((w) => (
          <li key={w.text}>
            <p className="text-3xl font-black text-amber-400">{w.figure}</p>
            <p className="mt-1 text-sm text-slate-300">{w.text}</p>
          </li>
        ))}
      </ul>
    </TitledSection>
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
