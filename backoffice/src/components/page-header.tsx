// A screen's heading row: the title (with an optional line under it) and the screen's actions beside it.
import type { ReactNode } from "react";

export function PageHeader({
  title,
  description,
  descriptionClassName = "",
  children,
}: {
  title: string;
  description?: ReactNode;
  /** Extra classes of the description (e.g. its width). */
  descriptionClassName?: string;
  /** The actions, at the row's end. */
  children?: ReactNode;
}) {
  const heading = <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      {description ? (
        <div>
          {heading}
          <p className={`mt-1 text-sm text-slate-600 ${descriptionClassName}`.trim()}>{description}</p>
        </div>
      ) : (
        heading
      )}
      {children}
    </div>
  );
}
