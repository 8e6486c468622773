// /seo-report is the owner's tool (issue 23, item 13): the public page stays reachable by its address, but
// it is not in the sitemap, not linked from the site's pages, and says noindex in its robots meta and in
// an X-Robots-Tag header; indexable pages carry no such header. The report checks this of itself.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import type { SeoReport } from "../src/contracts/seo";
import { FALLBACK_TEMPLATE } from "../src/modules/seo/html";
import { inspectHtml } from "../src/modules/seo/inspect";
import { createTestDatabase, type TestDatabase, testEnv } from "./harness";

const SITE = "https://www.containerhomes-texas.com";
let db: TestDatabase;
let app: FastifyInstance;
let dist: string;

beforeAll(async () => {
  db = await createTestDatabase();
  dist = mkdtempSync(join(tmpdir(), "seo-report-private-"));
  writeFileSync(join(dist, "index.html"), FALLBACK_TEMPLATE);
  app = await buildApp({ surface: "storefront", db: db.handle.db, env: testEnv({ PUBLIC_SITE_URL: SITE }), spa: dist });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await db?.drop();
  rmSync(dist, { recursive: true, force: true });
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
