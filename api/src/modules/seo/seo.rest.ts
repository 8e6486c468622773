// SEO paths: the crawler files (/sitemap.xml, /robots.txt, /manifest.json, storefront origin only), and the
// operations of the report, the score widget and the audit tool, each a documented /api path and a tRPC
// procedure (seo.router.ts): seo.<name> on the storefront's router, seo.siteReport on the back office's.

import { auditResultDto, seoReportDto, seoScoreDto } from "@ch/contracts/seo-answers";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { limitedBy, route } from "../../http/route";
import type { Deps } from "../../lib/deps";
import { readStorefrontBuild } from "./html";
import { limitScans } from "./scan-limit";
import { auditPage } from "./seo-audit.service";
import { manifestJson, robotsTxt, sitemapEntries, sitemapXml } from "./seo-files.service";
import { seoReport, seoScore } from "./seo-report.service";

const auditInput = z.strictObject({ url: z.string().max(2000) });

export const seoOperations = {
  report: route({
    method: "GET",
    url: "/api/seo/report",
    access: "public",
    summary: "SEO report: live checks of the site's own pages in four categories",
    operationId: "getSeoReport",
    response: seoReportDto,
    errors: [429],
    tags: ["seo"],
    answer: "{ categories, score, counts, nextSteps, pagesChecked, checkedAt }",
    handler: limitedBy(limitScans, ({ deps }) => seoReport(deps)),
  }),
  score: route({
    method: "GET",
    url: "/api/seo/score",
    access: "public",
    summary: "SEO score widget: twelve weighted items computed from live checks",
    operationId: "getSeoScore",
    response: seoScoreDto,
    errors: [429],
    tags: ["seo"],
    answer: "{ items: [{ key, name, status, score, weight, description }], score, checkedAt }",
    handler: limitedBy(limitScans, ({ deps }) => seoScore(deps)),
  }),
  audit: route({
    method: "POST",
    url: "/api/seo/audit",
    access: "public",
    summary: "Audit one page of this site (a path or a URL on the site's own origin; other hosts are refused)",
    operationId: "auditPage",
    response: auditResultDto,
    errors: [429],
    tags: ["seo"],
    body: auditInput,
    answer:
      "{ url, path, httpStatus, score, checks: [{ name, status, description, impact }], checkedAt }, or 400 for another host",
    handler: limitedBy(limitScans, ({ deps, body }) => auditPage(deps, body.url)),
  }),
};

export const seoRoutes = Object.values(seoOperations);

// named apart from the public seo.report so a procedure path never means two things
export const adminSeoOperations = {
  siteReport: route({
    method: "GET",
    url: "/api/admin/seo/report",
    access: "admin",
    summary: "SEO report of the storefront, for the back office",
    operationId: "getAdminSeoReport",
    response: seoReportDto,
    tags: ["seo"],
    answer: "Same as GET /api/seo/report, each item with a hint on how to fix it in this installation",
    handler: ({ deps }) => seoReport(deps, "admin"),
  }),
};

export const adminSeoRoutes = Object.values(adminSeoOperations);

/** The files crawlers ask for, built per request. */
export function registerSeoFiles(app: FastifyInstance, deps: Deps): void {
  app.get("/sitemap.xml", async (_req, reply) => {
    const entries = await sitemapEntries(deps, readStorefrontBuild(deps.env).builtAt);
    return reply
      .type("application/xml; charset=utf-8")
      .header("cache-control", "public, max-age=300")
      .send(sitemapXml(entries));
  });
  app.get("/robots.txt", async (_req, reply) =>
    reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=3600").send(robotsTxt(deps)),
  );
  app.get("/manifest.json", async (_req, reply) =>
    reply
      .type("application/manifest+json; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(JSON.stringify(await manifestJson(deps))),
  );
}
