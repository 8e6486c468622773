// Reads the SEO-relevant facts out of a page's HTML as the server sends it. The storefront's body
// is rendered by scripts, so headings, images and links are read from the markup that is sent
// before any script runs: the no-script fallback inside <body> (parsed as markup, not as text).
import { type HTMLElement, parse } from "node-html-parser";

export interface JsonLdBlock {
  raw: string;
  data: unknown;
  error: string | null;
  types: string[];
}

export interface PageFacts {
  lang: string | null;
  title: string | null;
  titleCount: number;
  description: string | null;
  robots: string | null;
  viewport: string | null;
  canonical: string | null;
  og: Record<string, string>;
  twitter: Record<string, string>;
  jsonLd: JsonLdBlock[];
  h1: string[];
  images: { src: string; alt: string | null }[];
  links: string[];
}

function typesOf(data: unknown): string[] {
  if (Array.isArray(data)) return data.flatMap(typesOf);
  if (!data || typeof data !== "object") return [];
  const record = data as Record<string, unknown>;
  const own = record["@type"];
  const types = Array.isArray(own) ? own.map(String) : own ? [String(own)] : [];
  const graph = record["@graph"];
  return graph ? [...types, ...typesOf(graph)] : types;
}

export function inspectHtml(html: string): PageFacts {
  const root: HTMLElement = parse(html, {
    lowerCaseTagName: true,
    comment: false,
    blockTextElements: { script: true, style: true },
  });
  const metaBy = (attr: "name" | "property", value: string) =>
    root.querySelector(`meta[${attr}="${value}"]`)?.getAttribute("content") ?? null;
  const collect = (attr: "name" | "property", prefix: string) => {
    const out: Record<string, string> = {};
    for (const m of root.querySelectorAll("meta")) {
      const key = m.getAttribute(attr);
      if (key?.startsWith(prefix) && !(key in out)) out[key] = m.getAttribute("content") ?? "";
    }
    return out;
  };
  const jsonLd = root.querySelectorAll('script[type="application/ld+json"]').map((s): JsonLdBlock => {
    const raw = s.rawText;
    try {
      const data = JSON.parse(raw) as unknown;
      return { raw, data, error: null, types: typesOf(data) };
    } catch (error) {
      return { raw, data: null, error: (error as Error).message, types: [] };
    }
  });
  const body = root.querySelector("body") ?? root;
  const titles = root.querySelectorAll("title");
  return {
    lang: root.querySelector("html")?.getAttribute("lang") ?? null,
    title: titles[0]?.text.trim() ?? null,
    titleCount: titles.length,
    description: metaBy("name", "description"),
    robots: metaBy("name", "robots"),
    viewport: metaBy("name", "viewport"),
    canonical: root.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null,
    og: collect("property", "og:"),
    twitter: collect("name", "twitter:"),
    jsonLd,
    h1: body.querySelectorAll("h1").map((h) => h.text.trim()),
    images: body
      .querySelectorAll("img")
      .map((i) => ({ src: i.getAttribute("src") ?? "", alt: i.getAttribute("alt") ?? null })),
    links: body.querySelectorAll("a[href]").map((a) => a.getAttribute("href") ?? ""),
  };
}

/** The first JSON-LD object of a type, e.g. "Product". */
export function jsonLdOfType(facts: PageFacts, type: string): Record<string, unknown> | null {
  for (const block of facts.jsonLd) {
    const items = Array.isArray(block.data) ? block.data : [block.data];
    for (const item of items) {
      if (item && typeof item === "object" && typesOf(item).includes(type)) return item as Record<string, unknown>;
    }
  }
  return null;
}
