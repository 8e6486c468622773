import type { ReactNode } from "react";
import { useHydrated } from "../lib/hydrated";

/**
 * The fields of a server-rendered form, disabled until the app has hydrated: typing into the
 * server's markup would be lost (the form's state starts empty) and a submit would reload the page.
 * `display: contents`, so the fields stay in the form's own layout.
 */
export function HydratedFieldset({ legend, children }: { legend: string; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} className="contents">
      {/* names the group for assistive technology; the form's heading already says it on screen */}
      <legend className="sr-only">{legend}</legend>
      {children}
    </fieldset>
  );
}
