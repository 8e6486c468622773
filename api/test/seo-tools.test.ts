// The SEO tools: the audit tool's checks on known good and bad pages, the refusal of other hosts,
// the report and the score widget computed from the site's own pages.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { type AuditResult, auditScore, type SeoReport, type SeoScore, weightedScore } from "@ch/contracts/seo";
import { schema } from "@ch/db";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { readCache } from "../src/lib/read-cache";
import { inspectHtml } from "../src/modules/seo/inspect";
import { auditChecks, auditTarget } from "../src/modules/seo/seo-audit.service";
import {
  buildPresent,
  createTestDatabase,
  signedInCookie,
  startTestApps,
  type TestApps,
  type TestDatabase,
  testEnv,
} from "./harness";

const dist = join(import.meta.dirname, "..", "..", "storefront", "dist");
const hasDist = buildPresent([join(dist, "index.html")], "SEO tool tests against the built HTML");

const ctx = (over: Partial<Parameters<typeof auditChecks>[1]> = {}) => ({
  path: "/good",
  url: "https://example.test/good",
  httpStatus: 200,
  sitemapPaths: new Set(["/good"]),
  disallowed: ["/admin"],
  production: true,
  ...over,
});
const byName = (checks: { name: string; status: string }[]) =>
  Object.fromEntries(checks.map((c) => [c.name, c.status]));

const GOOD = `<!doctype html><html lang="en"><head>
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Container Homes for Sale in San Antonio, Texas</title>
<meta name="description" content="Move-in-ready shipping-container homes built in San Antonio, with steel frames, insulation and full specifications.">
<link rel="canonical" href="https://example.test/good">
<meta property="og:title" content="t"><meta property="og:description" content="d"><meta property="og:image" content="https://example.test/i.jpg">
<meta property="og:url" content="https://example.test/good"><meta property="og:type" content="website">
<meta name="twitter:card" content="summary_large_image"><meta name="twitter:title" content="t"><meta name="twitter:image" content="https://example.test/i.jpg">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"HomeAndConstructionBusiness","name":"x"}</script>
</head><body><noscript><main><h1>Homes</h1><img src="/a.webp" alt="A home"></main></noscript><div id="root"></div></body></html>`;

const BAD = `<!doctype html><html><head><title>Hi</title>
<meta property="og:title" content="only a title">
<script type="application/ld+json">{"@type": "Product",</script>
</head><body><h1>One</h1><h1>Two</h1><img src="/a.webp"><img src="/b.webp" alt=""></body></html>`;

describe("audit checks (pure)", () => {
  it("passes every check on a known good page", () => {
    const checks = auditChecks(inspectHtml(GOOD), ctx());
    expect(checks.filter((c) => c.status !== "pass")).toEqual([]);
    expect(checks.length).toBeGreaterThanOrEqual(10);
    for (const c of checks) expect(["high", "medium", "low"]).toContain(c.impact);
    expect(auditScore(checks)).toBe(100);
  });

  it("finds the problems of a known bad page", () => {
    const checks = auditChecks(
      inspectHtml(BAD),
      ctx({ path: "/bad", url: "http://example.test/bad", httpStatus: 404, sitemapPaths: new Set(["/bad"]) }),
    );
    expect(byName(checks)).toMatchObject({
      "HTTP status": "fail",
      "Title tag": "fail",
      "Meta description": "fail",
      "H1 heading": "warning",
      "Canonical URL": "fail",
      "Open Graph tags": "warning",
      "Twitter card": "fail",
      "Structured data (JSON-LD)": "fail",
      "Image alt text": "fail",
      "Listed in sitemap": "fail",
      HTTPS: "fail",
      "Mobile viewport": "fail",
      Language: "warning",
    });
    const passes = checks.filter((c) => c.status === "pass").length;
    const warnings = checks.filter((c) => c.status === "warning").length;
    expect(auditScore(checks)).toBe(Math.round(((passes + 0.5 * warnings) / checks.length) * 100));
  });

  it("warns about noindex pages and plain HTTP outside production", () => {
    const html = GOOD.replace("<title>", '<meta name="robots" content="noindex, nofollow"><title>');
    const checks = byName(
      auditChecks(
        inspectHtml(html),
        ctx({ url: "http://localhost:3000/good", production: false, sitemapPaths: new Set() }),
      ),
    );
    expect(checks["Robots meta"]).toBe("warning");
    expect(checks["Listed in sitemap"]).toBe("pass");
    expect(checks.HTTPS).toBe("warning");
  });

  it("accepts paths and the site's own origins, and refuses every other host", () => {
    const origins = ["http://localhost:3000", "https://www.containerhomes-texas.com"];
    expect(auditTarget("/products", origins).path).toBe("/products");
    expect(auditTarget("  https://www.containerhomes-texas.com/about?x=1#y ", origins).path).toBe("/about");
    expect(auditTarget("http://localhost:3000/", origins).path).toBe("/");
    for (const bad of [
      "https://evil.example.com/",
      "//evil.example.com/x",
      "http://localhost:3001/admin",
      "http://169.254.169.254/latest/meta-data",
      "https://www.containerhomes-texas.com.evil.io/",
      "http://user:pw@localhost:3000/",
      "file:///etc/passwd",
      "javascript:alert(1)",
      "products",
      "",
    ]) {
      expect(() => auditTarget(bad, origins), bad).toThrow(/site|path|audited|address/i);
    }
  });
});

describe("SEO tools over HTTP", () => {
  let apps: TestApps;
  beforeAll(async () => {
    apps = await startTestApps();
  });
  afterAll(async () => {
    await apps?.close();
  });
  /** Asks the storefront to audit `url`, over REST or by the tRPC procedure's path. */
  const audit = (url: string, path = "/api/seo/audit") =>
    apps.storefront.inject({ method: "POST", url: path, payload: { url } });

  it("refuses to audit another host with a clear 400, and never fetches it", async () => {
    const res = await audit("https://example.com/");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(
      /Only pages of this site \(http:\/\/localhost:3000\) can be audited; example.com is another host/,
    );
    expect(res.json().issues[0].path).toEqual(["url"]);

    // another host that answers on this machine: it is refused the same way and hears nothing
    let heard = 0;
    const other = createServer((_req, reply) => {
      heard += 1;
      reply.end("<html><title>other</title></html>");
    });
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = other.address() as AddressInfo;
      for (const url of [`http://127.0.0.1:${port}/`, `http://localhost:${port}/`]) {
        const refused = await audit(url);
        expect(refused.statusCode, url).toBe(400);
      }
      await new Promise((r) => setTimeout(r, 200));
      expect(heard).toBe(0);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it("audits a product page and a missing page of the site", async () => {
    const [product] = await apps.db.handle.db.select({ id: schema.products.id }).from(schema.products).limit(1);
    const good = await audit(`http://localhost:3000/product/${product!.id}`);
    expect(good.statusCode).toBe(200);
    const result = good.json() as AuditResult;
    expect(result.httpStatus).toBe(200);
    const statuses = byName(result.checks);
    expect(statuses["Structured data (JSON-LD)"]).toBe("pass");
    expect(statuses["H1 heading"]).toBe("pass");
    expect(statuses["Listed in sitemap"]).toBe("pass");
    expect(statuses.HTTPS).toBe("warning"); // localhost in test
    expect(result.score).toBe(auditScore(result.checks));

    const missing = (await audit("/product/999999")).json() as AuditResult;
    expect(missing.httpStatus).toBe(404);
    expect(byName(missing.checks)["HTTP status"]).toBe("fail");
    expect(missing.score).toBeLessThan(result.score);
  });

  it("the tRPC audit procedure refuses other hosts too", async () => {
    const res = await audit("https://example.org/x", "/api/trpc/seo.audit");
    expect(res.statusCode).toBe(400);
  });

  it("the admin report needs a session on the back-office origin", async () => {
    expect((await apps.backoffice.inject({ method: "GET", url: "/api/admin/seo/report" })).statusCode).toBe(401);
    const cookie = await signedInCookie(apps);
    const res = await apps.backoffice.inject({ method: "GET", url: "/api/admin/seo/report", headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect((res.json() as SeoReport).categories.map((c) => c.name)).toEqual([
      "Technical",
      "Content",
      "Local",
      "Social Media",
    ]);
  });
});

describe.skipIf(!hasDist)("report and score from the built site", () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await createTestDatabase();
    app = await buildApp({
      surface: "storefront",
      db: db.handle.db,
      env: testEnv({ PUBLIC_SITE_URL: "https://www.containerhomes-texas.com", STOREFRONT_DIST: dist }),
      spa: dist,
    });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it("computes the report from the site's pages: counts, score and next steps follow the items", async () => {
    const report = (await app.inject({ method: "GET", url: "/api/seo/report" })).json() as SeoReport;
    const items = report.categories.flatMap((c) => c.items);
    expect(report.counts.total).toBe(items.length);
    expect(report.counts.optimized).toBe(items.filter((i) => i.status === "pass").length);
    expect(report.counts.needsAttention).toBe(items.filter((i) => i.status === "warning").length);
    expect(report.counts.issues).toBe(items.filter((i) => i.status === "fail").length);
    expect(report.score).toBe(Math.round((report.counts.optimized / items.length) * 100));
    expect(report.nextSteps).toHaveLength(report.counts.needsAttention + report.counts.issues);
    expect(report.pagesChecked).toBeGreaterThan(30);
    const failing = items.filter((i) => i.status !== "pass").map((i) => i.name);
    // with the seed data, https site address and a built storefront, only the missing social profiles remain
    expect(failing).toEqual(["Social profiles"]);
  });

  it("reacts to the data: a product without images or description shows up", async () => {
    await db.handle.db
      .insert(schema.products)
      .values({ name: "Bare Box", description: "Short.", priceCents: 100_000, category: "20ft-homes", images: [] });
    const report = (await app.inject({ method: "GET", url: "/api/seo/report" })).json() as SeoReport;
    const content = report.categories.find((c) => c.name === "Content")!;
    expect(content.items.find((i) => i.name === "Product content")).toMatchObject({ status: "warning" });
    expect(report.nextSteps.join(" ")).toMatch(/100\+ characters/);
    await db.handle.db.delete(schema.products).where(eq(schema.products.name, "Bare Box"));
  });

  it("computes the twelve weighted score items from the site", async () => {
    const score = (await app.inject({ method: "GET", url: "/api/seo/score" })).json() as SeoScore;
    expect(score.items.map((i) => [i.key, i.weight])).toEqual([
      ["titleTags", 15],
      ["metaDescriptions", 10],
      ["structuredData", 12],
      ["sitemap", 8],
      ["robots", 5],
      ["mobile", 15],
      ["pageSpeed", 12],
      ["ssl", 8],
      ["urlStructure", 6],
      ["imageOptimization", 7],
      ["localSeo", 10],
      ["internalLinking", 6],
    ]);
    for (const i of score.items) {
      expect(i.status).toBe(i.score >= 95 ? "excellent" : i.score >= 85 ? "good" : "needs-work");
      expect(i.description.length).toBeGreaterThan(10);
    }
    expect(score.score).toBe(weightedScore(score.items));
    expect(score.items.find((i) => i.key === "ssl")!.score).toBe(100);
  });

  it("marks SSL down when the site address is plain HTTP", async () => {
    // pages rendered for the https app above are cached per database; this app has another address
    readCache(db.handle.db).invalidate();
    const plain = await buildApp({
      surface: "storefront",
      db: db.handle.db,
      env: testEnv({ STOREFRONT_DIST: dist }),
      spa: dist,
    });
    const score = (await plain.inject({ method: "GET", url: "/api/seo/score" })).json() as SeoScore;
    await plain.close();
    expect(score.items.find((i) => i.key === "ssl")!.score).toBe(0);
    expect(score.score).toBeLessThan(100);
  });
});
