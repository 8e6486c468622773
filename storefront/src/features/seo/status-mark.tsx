import type { CheckStatus } from "@ch/contracts/seo";
import { statusTone, toneClass } from "./tone";

const PATHS: Record<CheckStatus, string> = {
  pass: "M5 12.5l4.5 4.5L19 7.5",
  warning: "M12 6v7.5M12 17.5v.5",
  fail: "M7 7l10 10M17 7L7 17",
};

/**
 * A check's mark (tick, exclamation, cross) drawn as an icon, not as a text character: the label
 * beside it says the same in words, and a glyph in a tinted circle is text whose contrast the
 * checkers (axe, pa11y) cannot establish.
 */
export function StatusMark({ status, className = "h-3.5 w-3.5" }: { status: CheckStatus; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={3}
      strokeLinecap="round"
      aria-hidden="true"
    >
      <path d={PATHS[status]} />
    </svg>
  );
}

/** The mark in a circle tinted by its status, as the report's check lists show it (`small` in the checklist). */
export function StatusBadge({ status, small = false }: { status: CheckStatus; small?: boolean }) {
  const size = small ? "h-5 w-5" : "h-6 w-6";
  const text = small ? "text-xs" : "text-sm";
  return (
    <span
      className={`mt-0.5 flex ${size} shrink-0 items-center justify-center rounded-full border ${text} font-bold ${toneClass[statusTone[status]]}`}
      aria-hidden="true"
    >
      <StatusMark status={status} />
    </span>
  );
}
