import type { SiteConfig } from "@ch/contracts/business-facts";
import { type PageMeta, pageHead, type SiteIdentity, siteIdentityOf } from "@ch/contracts/seo";
import type { DetailedHTMLProps, LinkHTMLAttributes, MetaHTMLAttributes } from "react";

type MetaTag = DetailedHTMLProps<MetaHTMLAttributes<HTMLMetaElement>, HTMLMetaElement>;
type LinkTag = DetailedHTMLProps<LinkHTMLAttributes<HTMLLinkElement>, HTMLLinkElement>;
export type HeadEntries = { meta?: MetaTag[]; links?: LinkTag[] };

let site: SiteIdentity | undefined;

/** The site's address and business, from the configuration the server embeds in every page. */
function siteIdentity(): SiteIdentity {
  if (site) return site;
  // typed structurally so this file also compiles (and is tested) outside the browser
  const g = globalThis as {
    location?: { origin: string };
    document?: { getElementById(id: string): { textContent: string | null } | null };
  };
  const fallback: SiteIdentity = { siteUrl: g.location?.origin ?? "" };
  const element = g.document?.getElementById("site-config") ?? null;
  if (!element?.textContent) return fallback;
  try {
    const config = JSON.parse(element.textContent) as Partial<SiteConfig>;
    site = siteIdentityOf({ ...config, siteUrl: config.siteUrl ?? fallback.siteUrl });
    return site;
  } catch {
    return fallback;
  }
}

/**
 * TanStack Router `head` entries for a page. The server sends exactly the same tags (built by the
 * same `pageHead`) marked `data-server-head`; main.tsx removes those before React renders these, so
 * title, description, canonical, Open Graph, Twitter and JSON-LD stay right after client navigation.
 */
export function headFor(meta: PageMeta | null | undefined, identity: SiteIdentity = siteIdentity()): HeadEntries {
  if (!meta) return {};
  const head = pageHead(meta, identity);
  return {
    meta: [
      { title: head.title } as MetaTag,
      ...head.meta,
      // TanStack Router renders these as <script type="application/ld+json"> (its types lack the key)
      ...head.jsonLd.map((data) => ({ "script:ld+json": data }) as MetaTag),
    ],
    links: head.links,
  };
}
