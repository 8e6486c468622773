import { formatDate, formatDateUtc } from "../lib/format";
import { useHydrated } from "../lib/hydrated";

/**
 * A date in the reader's own locale and time zone. The server cannot know those, so the server's
 * markup (and the hydration that adopts it) shows the UTC date, replaced right after hydration.
 */
export function LocalDate({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  return <time dateTime={iso}>{hydrated ? formatDate(iso) : formatDateUtc(iso)}</time>;
}
