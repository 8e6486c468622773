// The server's head tags and the storefront's headFor() come from the same pageHead(): the tags the
// server marks data-server-head (removed by main.tsx before React renders) are exactly the ones the
// app then renders, so nothing changes when the script loads and client navigation never goes stale.

import { articleMeta, pageHead, productMeta, type SiteIdentity, staticPageMeta } from "@ch/contracts/seo";
import { describe, expect, it } from "vitest";
import { headFor } from "../../storefront/src/features/seo/head";
import { FALLBACK_TEMPLATE, headHtml, injectPage } from "../src/modules/seo/html";
import { inspectHtml } from "../src/modules/seo/inspect";

const site: SiteIdentity = {
  siteUrl: "https://www.containerhomes-texas.com",
  company: {
    name: "Container Homes of Texas",
    phone: "(210) 555-0148",
    email: "hello@containerhomes-texas.com",
    street: "4100 Fredericksburg Rd",
    city: "San Antonio",
    region: "TX",
    postalCode: "78201",
  },
  social: [],
};

const metas = [
  staticPageMeta("/services/warranty-support")!,
  staticPageMeta("/seo-test")!,
  productMeta({
    id: 7,
    name: "The Dallas",
    description: "Two bedrooms in a 40ft box.",
    price: 86232,
    images: ["/media/d.webp"],
    inStock: true,
    category: "40ft-homes",
  }),
  articleMeta({
    slug: "a-b",
    title: "Permits in Bexar County",
    excerpt: "What to file.",
    image: "/media/p.webp",
    createdAt: "2026-01-02T00:00:00.000Z",
  }),
];

describe("server head = client head", () => {
  it("marks every per-page tag and the client renders the same set", () => {
    for (const meta of metas) {
      const html = headHtml(pageHead(meta, site));
      const serverTags = html.split("\n").map((l) => l.trim());
      for (const line of serverTags)
        expect(line.startsWith("<title data-server-head>") || / data-server-head /.test(line)).toBe(true);
      const client = headFor(meta, site);
      const facts = inspectHtml(`<html><head>${html}</head><body></body></html>`);
      const title = client.meta?.find((m) => "title" in m) as { title: string };
      expect(facts.title).toBe(title.title);
      const clientMeta = (client.meta ?? []).filter((m) => "content" in m) as {
        name?: string;
        property?: string;
        content: string;
      }[];
      const serverMeta = [...Object.entries(facts.og), ...Object.entries(facts.twitter)];
      expect(
        clientMeta
          .filter((m) => m.property?.startsWith("og:") || m.name?.startsWith("twitter:"))
          .map((m) => [m.property ?? m.name, m.content]),
      ).toEqual(expect.arrayContaining(serverMeta));
      expect(clientMeta.find((m) => m.name === "description")?.content).toBe(facts.description);
      expect(clientMeta.find((m) => m.name === "robots")?.content ?? null).toBe(facts.robots);
      expect(client.links).toEqual([{ rel: "canonical", href: facts.canonical }]);
      const clientLd = (client.meta ?? [])
        .filter((m) => "script:ld+json" in m)
        .map((m) => (m as Record<string, unknown>)["script:ld+json"]);
      expect(clientLd).toEqual(facts.jsonLd.map((b) => b.data));
    }
  });

  it("escapes text so no value can break out of its tag", () => {
    const meta = productMeta({
      id: 1,
      name: '"><script>alert(1)</script>',
      description: "</script><b>x</b>",
      price: 1,
      images: [],
    });
    const html = injectPage(FALLBACK_TEMPLATE, {
      head: pageHead(meta, site),
      siteConfig: { note: "</script><script>x()</script>" },
      fallbackBody: "",
    });
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("</script><script>x()");
    expect(html).not.toContain("</script><b>");
    const facts = inspectHtml(html);
    expect(facts.title).toContain('"><script>alert(1)</script>');
    for (const b of facts.jsonLd) expect(b.error).toBeNull();
  });
});
