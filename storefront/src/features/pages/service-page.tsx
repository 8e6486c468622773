// The shape every service page shares: hero with a call to /contact, three feature cards, a
// five-step process, page-specific sections, a why-choose list and closing calls to action.
import type { ReactNode } from "react";
import { type Step, Steps } from "../../components/steps";
import { pageRoute } from "../../lib/page-route";
import { type Card, CardSection, CheckList, ClosingCta, type Cta, Hero, Section } from "./blocks";

export const BROWSE_HOMES: Cta = { label: "Browse Homes", to: pageRoute("/products") };

export interface ServicePageProps {
  eyebrow: string;
  title: string;
  intro: string;
  features: [Card, Card, Card];
  processTitle: string;
  steps: Step[];
  whyTitle: string;
  why: string[];
  /** The closing call: always to /contact under `contactLabel`, then `also` (outlined unless it says otherwise). */
  closing: { title: string; text: string; contactLabel: string; also?: Cta };
  children?: ReactNode;
}

export function ServicePage(props: ServicePageProps) {
  const { also } = props.closing;
  return (
    <>
      <Hero
        eyebrow={props.eyebrow}
        title={props.title}
        intro={props.intro}
        ctas={[{ label: "Get a Free Consultation", to: "/contact" }]}
      />
      <CardSection title="What's Included" cards={props.features} />
      <Section title={props.processTitle} intro="Five steps, each with a clear hand-off to the next." tone="muted">
        <Steps steps={props.steps} />
      </Section>
      {props.children}
      <Section title={props.whyTitle}>
        <div className="mx-auto max-w-3xl">
          <CheckList items={props.why} />
        </div>
      </Section>
      <ClosingCta
        title={props.closing.title}
        text={props.closing.text}
        ctas={[
          { label: props.closing.contactLabel, to: "/contact" },
          ...(also ? [{ ...also, variant: also.variant ?? "outline" }] : []),
        ]}
      />
    </>
  );
}
