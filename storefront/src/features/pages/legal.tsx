// Layout of the policy pages: a header, an optional table of contents and readable sections.
import type { ReactNode } from "react";

export function LegalPage({
  title,
  intro,
  updated,
  sections,
  before,
  after,
}: {
  title: string;
  intro: string;
  updated: string;
  sections: { id: string; title: string; body: ReactNode }[];
  before?: ReactNode;
  after?: ReactNode;
}) {
  return (
    <>
      <header className="bg-slate-900 px-4 py-14 text-center text-white sm:py-16">
        <h1 className="text-3xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-300">{intro}</p>
        <p className="mt-3 text-sm text-slate-400">Last updated: {updated}</p>
      </header>
      {before}
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">On this page</h2>
          <ol className="mt-3 space-y-2 text-sm">
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="rounded text-slate-700 hover:text-amber-800 hover:underline">
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="min-w-0 space-y-10">
          {sections.map((s) => (
            <section key={s.id} id={s.id} className="scroll-mt-24">
              <h2 className="text-2xl font-bold text-slate-900">{s.title}</h2>
              <div className="prose-legal mt-3 space-y-3 leading-relaxed text-slate-700">{s.body}</div>
            </section>
          ))}
        </div>
      </div>
      {after}
    </>
  );
}

export function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <ul className="list-disc space-y-1.5 pl-6">
      {items.map((item, i) => (
        // static text lists: the index is a stable key
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}
