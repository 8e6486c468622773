// The audit tool: checks one page of the site's own origins. The page is rendered in-process by the
// same code that answers browsers (no network request, so no address outside the site is ever
// fetched and there is no redirect to follow); any other host is refused.
import { type AuditCheck, type AuditResult, auditScore } from "@ch/contracts/seo";
import { isProduction } from "../../env";
import type { Deps } from "../../lib/deps";
import { badRequest } from "../../lib/errors";
import { siteUrlOf } from "../settings";
import { readStorefrontBuild } from "./html";
import { inspectHtml, type PageFacts } from "./inspect";
import { DISALLOWED_PATHS, sitemapEntries } from "./seo-files.service";
import { renderStorefrontPage } from "./seo-page.service";

/** The origins whose pages may be audited: the storefront's and the public site address. */
export function siteOrigins(deps: Deps): string[] {
  const origins = new Set<string>([new URL(deps.env.storefrontOrigin).origin]);
  origins.add(new URL(siteUrlOf(deps.env)).origin);
  return [...origins];
}

/** A path on this site from what the user typed: a path, or a full URL on one of the site's origins. */
export function auditTarget(input: string, origins: string[]): { path: string; url: string } {
  const text = input.trim();
  const primary = origins[origins.length - 1] ?? origins[0]!;
  const refuse = (message: string) => badRequest(message, [{ path: ["url"], message }]);
  if (!text) throw refuse("Enter a path such as /products or a full address on this site");
  if (text.length > 2000) throw refuse("The address is too long");
  if (text.startsWith("/") && !text.startsWith("//")) {
    const url = new URL(text, primary);
    return { path: url.pathname, url: url.toString() };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refuse(`Enter a path such as /products or a full address starting with ${primary}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw refuse("Only http and https addresses can be audited");
  if (url.username || url.password) throw refuse("Addresses with credentials cannot be audited");
  if (!origins.includes(url.origin)) {
    throw refuse(`Only pages of this site (${origins.join(" or ")}) can be audited; ${url.host} is another host`);
  }
  return { path: url.pathname, url: url.toString() };
}

export interface AuditContext {
  path: string;
  url: string;
  httpStatus: number;
  /** Paths listed in the sitemap. */
  sitemapPaths: Set<string>;
  disallowed: string[];
  production: boolean;
}

const range = (len: number, good: [number, number], ok: [number, number]) =>
  len >= good[0] && len <= good[1] ? "pass" : len >= ok[0] && len <= ok[1] ? "warning" : "fail";

/** Adds one check to the list being built. */
type AddCheck = (name: string, impact: AuditCheck["impact"], status: AuditCheck["status"], description: string) => void;

/** The page's answer and head: status, title, description, h1, canonical. */
function headChecks(facts: PageFacts, ctx: AuditContext, add: AddCheck) {
  add(
    "HTTP status",
    "high",
    ctx.httpStatus === 200 ? "pass" : "fail",
    ctx.httpStatus === 200
      ? "The page answers 200 OK."
      : `The page answers ${ctx.httpStatus}: search engines will not index it.`,
  );

  const title = facts.title ?? "";
  if (!title) add("Title tag", "high", "fail", "The page has no <title>.");
  else {
    const status = facts.titleCount > 1 ? "warning" : range(title.length, [30, 60], [10, 70]);
    add(
      "Title tag",
      "high",
      status,
      facts.titleCount > 1
        ? `The page has ${facts.titleCount} <title> elements; keep one.`
        : `"${title}" is ${title.length} characters${status === "pass" ? " (30-60 is ideal)." : "; aim for 30-60 so it is not cut off."}`,
    );
  }

  const description = facts.description ?? "";
  if (!description) add("Meta description", "high", "fail", "The page has no meta description.");
  else {
    const status = range(description.length, [70, 160], [50, 200]);
    add(
      "Meta description",
      "high",
      status,
      `${description.length} characters${status === "pass" ? " (70-160 is ideal)." : "; aim for 70-160 characters."}`,
    );
  }

  const h1 = facts.h1.length;
  add(
    "H1 heading",
    "medium",
    h1 === 1 ? "pass" : h1 === 0 ? "fail" : "warning",
    h1 === 1
      ? `Exactly one h1 in the markup sent before scripts run: "${facts.h1[0]}".`
      : h1 === 0
        ? "No h1 in the markup sent before scripts run."
        : `${h1} h1 headings in the markup sent before scripts run; keep one.`,
  );

  if (!facts.canonical) add("Canonical URL", "medium", "fail", 'No <link rel="canonical">.');
  else {
    let same = false;
    try {
      same = new URL(facts.canonical).pathname.replace(/\/$/, "") === ctx.path.replace(/\/$/, "");
    } catch {
      same = false;
    }
    const absolute = /^https?:\/\//.test(facts.canonical);
    add(
      "Canonical URL",
      "medium",
      absolute && same ? "pass" : "warning",
      absolute && same
        ? `Points to ${facts.canonical}.`
        : `Points to ${facts.canonical}${absolute ? ", another page" : ", which is not an absolute URL"}.`,
    );
  }
}

/** What link previews and rich results read: Open Graph, Twitter card, JSON-LD, image alt text. */
function shareChecks(facts: PageFacts, add: AddCheck) {
  const ogNeeded = ["og:title", "og:description", "og:image", "og:url", "og:type"];
  const ogMissing = ogNeeded.filter((k) => !facts.og[k]);
  const ogImageAbsolute = /^https?:\/\//.test(facts.og["og:image"] ?? "");
  add(
    "Open Graph tags",
    "medium",
    ogMissing.length === 0 && ogImageAbsolute ? "pass" : ogMissing.length === ogNeeded.length ? "fail" : "warning",
    ogMissing.length === 0
      ? ogImageAbsolute
        ? "Title, description, image, URL and type are set for link previews."
        : "og:image is not an absolute URL, so previews may show no image."
      : `Missing: ${ogMissing.join(", ")}.`,
  );

  const twitterMissing = ["twitter:card", "twitter:title", "twitter:image"].filter((k) => !facts.twitter[k]);
  add(
    "Twitter card",
    "low",
    twitterMissing.length === 0 ? "pass" : twitterMissing.length === 3 ? "fail" : "warning",
    twitterMissing.length === 0
      ? `Card type ${facts.twitter["twitter:card"]}.`
      : `Missing: ${twitterMissing.join(", ")}.`,
  );

  const broken = facts.jsonLd.filter((b) => b.error);
  const types = facts.jsonLd.flatMap((b) => b.types);
  add(
    "Structured data (JSON-LD)",
    "high",
    facts.jsonLd.length === 0 || broken.length > 0 ? "fail" : types.length ? "pass" : "warning",
    facts.jsonLd.length === 0
      ? "No JSON-LD structured data."
      : broken.length
        ? `${broken.length} JSON-LD block(s) do not parse: ${broken[0]!.error}.`
        : `Parses; types: ${[...new Set(types)].join(", ") || "none"}.`,
  );

  const noAlt = facts.images.filter((i) => !i.alt?.trim());
  add(
    "Image alt text",
    "medium",
    noAlt.length === 0 ? "pass" : noAlt.length === facts.images.length ? "fail" : "warning",
    facts.images.length === 0
      ? "No images in the markup sent before scripts run."
      : noAlt.length === 0
        ? `All ${facts.images.length} image(s) have alt text.`
        : `${noAlt.length} of ${facts.images.length} image(s) lack alt text.`,
  );
}

/** Crawling and devices: robots meta and robots.txt, the sitemap, HTTPS, the viewport, the language. */
function crawlChecks(facts: PageFacts, ctx: AuditContext, add: AddCheck) {
  const noindex = /noindex/i.test(facts.robots ?? "");
  const blocked = ctx.disallowed.some(
    (p) => ctx.path === p.replace(/\/$/, "") || ctx.path.startsWith(p.endsWith("/") ? p : `${p}/`),
  );
  add(
    "Robots meta",
    "high",
    noindex || blocked ? "warning" : "pass",
    noindex
      ? `robots meta "${facts.robots}": this page is kept out of search results.`
      : blocked
        ? "Indexable, but robots.txt disallows crawling it."
        : "Indexable: no noindex and not disallowed by robots.txt.",
  );

  const listed = ctx.sitemapPaths.has(ctx.path);
  const sitemapOk = noindex || ctx.httpStatus !== 200 ? !listed : listed;
  add(
    "Listed in sitemap",
    "medium",
    sitemapOk ? "pass" : "fail",
    listed
      ? sitemapOk
        ? "The page is in /sitemap.xml."
        : "The page is in /sitemap.xml although it is not indexable."
      : sitemapOk
        ? "Not in /sitemap.xml, as it should not be indexed."
        : "The page is missing from /sitemap.xml.",
  );

  const https = ctx.url.startsWith("https://");
  add(
    "HTTPS",
    "high",
    https ? "pass" : ctx.production ? "fail" : "warning",
    https
      ? "Served over HTTPS."
      : ctx.production
        ? "Served over plain HTTP."
        : "Served over plain HTTP; the site should use HTTPS.",
  );

  add(
    "Mobile viewport",
    "high",
    /width=device-width/.test(facts.viewport ?? "") ? "pass" : "fail",
    facts.viewport
      ? `viewport "${facts.viewport}".`
      : "No viewport meta tag: phones will show a zoomed-out desktop page.",
  );

  add(
    "Language",
    "low",
    facts.lang ? "pass" : "warning",
    facts.lang ? `<html lang="${facts.lang}">.` : "No lang attribute on <html>.",
  );
}

/** The checks, on the facts of a page's HTML. Pure, so known good and bad pages are easy to test. */
export function auditChecks(facts: PageFacts, ctx: AuditContext): AuditCheck[] {
  const checks: AuditCheck[] = [];
  const add = (name: string, impact: AuditCheck["impact"], status: AuditCheck["status"], description: string) =>
    checks.push({ name, impact, status, description });
  headChecks(facts, ctx, add);
  shareChecks(facts, add);
  crawlChecks(facts, ctx, add);
  return checks;
}

export async function auditPage(deps: Deps, input: string): Promise<AuditResult> {
  const origins = siteOrigins(deps);
  const { path, url: typedUrl } = auditTarget(input, origins);
  const build = readStorefrontBuild(deps.env);
  const [page, entries] = await Promise.all([
    renderStorefrontPage(deps, path, build.template),
    sitemapEntries(deps, build.builtAt),
  ]);
  // the public address of the page, which is what HTTPS and canonical are about
  const publicUrl = new URL(page.path, siteUrlOf(deps.env)).toString();
  const checks = auditChecks(inspectHtml(page.html), {
    path: page.path,
    url: typedUrl.startsWith("https://") ? typedUrl : publicUrl,
    httpStatus: page.status,
    sitemapPaths: new Set(entries.map((e) => e.path)),
    disallowed: DISALLOWED_PATHS,
    production: isProduction(deps.env),
  });
  return {
    url: publicUrl,
    path: page.path,
    httpStatus: page.status,
    score: auditScore(checks),
    checks,
    checkedAt: deps.clock.now().toISOString(),
  };
}
