// Building blocks of the service, about and policy pages: hero, cards, lists, CTAs (numbered steps:
// components/steps.tsx).
import { Link, type LinkProps } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { CheckIcon, CloseIcon } from "../../components/icons";
import { buttonClass } from "../../components/ui";
import { pageRoute } from "../../lib/page-route";

export interface Cta {
  label: string;
  to?: LinkProps["to"];
  href?: string;
  variant?: "primary" | "ghost" | "dark" | "outline";
}

const ctaClass = {
  primary: buttonClass.primary,
  ghost: buttonClass.ghostOnDark,
  dark: buttonClass.dark,
  outline: buttonClass.outline,
};

export function CtaLink({ cta }: { cta: Cta }) {
  const className = ctaClass[cta.variant ?? "primary"];
  if (cta.href) {
    return (
      <a href={cta.href} className={className}>
        {cta.label}
      </a>
    );
  }
  return (
    <Link to={cta.to ?? pageRoute("/contact")} className={className}>
      {cta.label}
    </Link>
  );
}

/** A centred row of calls to action; `variant` is the look of those that name none. */
function CtaRow({ ctas, className, variant }: { ctas: Cta[]; className: string; variant?: Cta["variant"] }) {
  return (
    <div className={`${className} flex flex-wrap justify-center gap-3`}>
      {ctas.map((c) => (
        <CtaLink key={c.label} cta={{ ...c, variant: c.variant ?? variant }} />
      ))}
    </div>
  );
}

export function Hero({ eyebrow, title, intro, ctas }: { eyebrow: string; title: string; intro: string; ctas: Cta[] }) {
  return (
    <section className="bg-slate-900 text-white">
      <div className="mx-auto max-w-5xl px-4 py-16 text-center sm:px-6 sm:py-20">
        <p className="text-sm font-semibold tracking-wide text-amber-400 uppercase">{eyebrow}</p>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-300">{intro}</p>
        <CtaRow ctas={ctas} className="mt-8" />
      </div>
    </section>
  );
}

interface SectionProps {
  title: string;
  intro?: string;
  children: ReactNode;
  tone?: "white" | "muted";
  id?: string;
}

export function Section({ title, intro, children, tone = "white", id }: SectionProps) {
  return (
    <section id={id} className={tone === "muted" ? "bg-slate-50" : "bg-white"}>
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-16">
        <div className="mx-auto mb-10 max-w-2xl text-center">
          <h2 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h2>
          {intro ? <p className="mt-3 text-slate-600">{intro}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}

export interface Card {
  title: string;
  text: string;
  detail?: string;
}

export function CardGrid({ cards, columns = 3 }: { cards: Card[]; columns?: 2 | 3 | 4 }) {
  const cols = { 2: "md:grid-cols-2", 3: "md:grid-cols-3", 4: "sm:grid-cols-2 lg:grid-cols-4" }[columns];
  return (
    <ul className={`grid gap-6 ${cols}`}>
      {cards.map((c) => (
        <li key={c.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h3 className="text-lg font-semibold text-slate-900">{c.title}</h3>
          {c.detail ? <p className="mt-1 text-2xl font-bold text-amber-700">{c.detail}</p> : null}
          <p className="mt-2 text-slate-600">{c.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** A section that is one grid of cards. */
export function CardSection({
  cards,
  columns,
  ...section
}: Omit<SectionProps, "children"> & { cards: Card[]; columns?: 2 | 3 | 4 }) {
  return (
    <Section {...section}>
      <CardGrid cards={cards} columns={columns} />
    </Section>
  );
}

export function CheckList({ items, tone = "good" }: { items: string[]; tone?: "good" | "bad" }) {
  return (
    <ul className="space-y-3">
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-slate-700">
          {/* marks are icons, not "✓"/"✕" characters: a glyph's contrast is text contrast that the
              checkers (axe, pa11y) cannot establish; the item's words carry the meaning */}
          {tone === "good" ? (
            <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-emerald-600" />
          ) : (
            <CloseIcon className="mt-0.5 h-5 w-5 shrink-0 text-red-700" />
          )}
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

export function ClosingCta({ title, text, ctas }: { title: string; text: string; ctas: Cta[] }) {
  return (
    <section className="bg-amber-500">
      <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:px-6">
        <h2 className="text-2xl font-bold text-slate-950 sm:text-3xl">{title}</h2>
        <p className="mx-auto mt-3 max-w-2xl text-slate-900">{text}</p>
        <CtaRow ctas={ctas} className="mt-7" variant="dark" />
      </div>
    </section>
  );
}
