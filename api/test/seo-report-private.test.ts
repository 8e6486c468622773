// /seo-report is the owner's tool (issue 23, item 13): the public page stays reachable by its address, but
// it is not in the sitemap, not linked from the site's pages, and says noindex in its robots meta and in
// an X-Robots-Tag header; indexable pages carry no such header. The report checks this of itself.

import type { SeoReport } from "@ch/contracts/seo";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { inspectHtml } from "../src/modules/seo/inspect";
import { usePagesApp } from "./pages-app";

const SITE = "https://www.containerhomes-texas.com";
let app: FastifyInstance;

usePagesApp({ build: { prefix: "seo-report-private-" }, env: { PUBLIC_SITE_URL: SITE } }, (started) => {
  ({ app } = started);
});

describe("/seo-report is kept out of search", () => {
  it("is not listed in the sitemap", async () => {
    const res = await app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(res.statusCode).toBe(200);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain(`${SITE}/about`);
    expect(locs).not.toContain(`${SITE}/seo-report`);
  });

  it("answers 200 with robots noindex in its head and an X-Robots-Tag header", async () => {
    const res = await app.inject({ method: "GET", url: "/seo-report" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(inspectHtml(res.body).robots).toBe("noindex, nofollow");
  });

  it("is linked from no public page, and indexable pages carry no X-Robots-Tag", async () => {
    for (const url of ["/", "/about", "/products"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["x-robots-tag"], url).toBeUndefined();
      expect(res.body, url).not.toContain('href="/seo-report"');
    }
    // the other private pages say it in the header too
    expect((await app.inject({ method: "GET", url: "/cart" })).headers["x-robots-tag"]).toBe("noindex, nofollow");
  });

  it("the SEO report's own check of private pages counts it and passes", async () => {
    const res = await app.inject({ method: "GET", url: "/api/seo/report" });
    expect(res.statusCode).toBe(200);
    const items = (res.json() as SeoReport).categories.flatMap((c) => c.items);
    expect(items.find((i) => i.name === "Private pages kept out of search")).toMatchObject({
      status: "pass",
      detail: expect.stringContaining("SEO tool pages"),
    });
  });
});
