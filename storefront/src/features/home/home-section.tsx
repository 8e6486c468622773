// The home page's sections below the hero: an anchor, a centred heading that names the section, its content.
import type { ReactNode } from "react";

export function SectionHeading({ id, title, intro }: { id: string; title: string; intro: string }) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {title}
      </h2>
      <p className="mt-4 text-lg text-slate-600">{intro}</p>
    </div>
  );
}

export function HomeSection({
  id,
  className,
  titleId,
  title,
  intro,
  narrow = false,
  children,
}: {
  /** the anchor (/#gallery) */
  id?: string;
  className: string;
  titleId: string;
  title: string;
  intro: string;
  narrow?: boolean;
  children: ReactNode;
}) {
  return (
    <section id={id} className={`below-fold ${className}`} aria-labelledby={titleId}>
      <div className={`mx-auto ${narrow ? "max-w-6xl" : "max-w-7xl"} px-4 sm:px-6 lg:px-8`}>
        <SectionHeading id={titleId} title={title} intro={intro} />
        {children}
      </div>
    </section>
  );
}
