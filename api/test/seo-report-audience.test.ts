// The public SEO report (/seo-report is public but noindex and out of the sitemap) says what to improve but not how this
// installation is configured; the back office's report adds those hints.

import type { SeoReport } from "@ch/contracts/seo";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKOFFICE, signedInCookie, startTestApps, type TestApps } from "./harness";

// configuration words that must not reach the public: variable names, the Settings screen, the build
const INTERNAL = /PUBLIC_SITE_URL|SOCIAL_|COMPANY_|development|Settings|storefront\/public|npm run|public\/icons/;

describe("SEO report: public answer without configuration hints, back office with them", () => {
  let apps: TestApps;
  let cookie: string;
  beforeAll(async () => {
    // plain-HTTP site address and no social links: both items fail or warn, so both have hints
    apps = await startTestApps({ env: { PUBLIC_SITE_URL: "http://localhost:3000" } });
    cookie = await signedInCookie(apps);
  });
  afterAll(async () => {
    await apps?.close();
  });

  it("the public report names the problems in plain words and carries no hint", async () => {
    const res = await apps.storefront.inject({ method: "GET", url: "/api/seo/report" });
    expect(res.statusCode).toBe(200);
    const report = res.json() as SeoReport;
    const items = report.categories.flatMap((c) => c.items);
    expect(items.find((i) => i.name === "HTTPS")).toMatchObject({
      status: "warning",
      fix: "Serve the site over HTTPS.",
    });
    expect(items.some((i) => "hint" in i)).toBe(false);
    expect(JSON.stringify(report)).not.toMatch(INTERNAL);
  });

  it("the back-office report adds how to fix each item here", async () => {
    const res = await apps.backoffice.inject({
      method: "GET",
      url: "/api/admin/seo/report",
      headers: { cookie, origin: BACKOFFICE },
    });
    expect(res.statusCode).toBe(200);
    const report = res.json() as SeoReport;
    const items = report.categories.flatMap((c) => c.items);
    expect(items.find((i) => i.name === "HTTPS")?.hint).toMatch(/PUBLIC_SITE_URL/);
    expect(items.find((i) => i.name === "Social profiles")?.hint).toMatch(/Settings/);
    expect(report.nextSteps.join(" ")).toMatch(/PUBLIC_SITE_URL/);
  });
});
