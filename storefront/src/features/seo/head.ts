import type { PageMeta } from "@ch/api/contracts/seo";

/** TanStack Router `head` entries for a page; the server sends the same values in the HTML. */
export function headFor(meta: PageMeta | null | undefined) {
  if (!meta) return {};
  return {
    meta: [
      { title: meta.title },
      { name: "description", content: meta.description },
      ...(meta.noindex ? [{ name: "robots", content: "noindex, nofollow" }] : []),
    ],
  };
}
