#!/usr/bin/env node
// Lighthouse SEO and accessibility scores of the built storefront, on Debian's chromium.
// Usage: node scripts/lighthouse.mjs [baseUrl] [--only=home,service]
// Without baseUrl it starts the product on a fresh database (ports 4500/4501) and stops it after.
// Not part of the default test command: it takes a few minutes. Targets: SEO 100, accessibility >= 95.
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
let base = args.find((a) => !a.startsWith("--"));
const only = args
  .find((a) => a.startsWith("--only="))
  ?.slice("--only=".length)
  .split(",");
let server = null;

async function waitReady(url, ms = 120_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not become ready`);
}

if (!base) {
  base = "http://localhost:4500";
  server = spawn(process.execPath, [join(root, "scripts", "e2e-server.mjs"), "4500", "4501"], { stdio: "ignore" });
  await waitReady(base);
}

const products = await (await fetch(`${base}/api/products`)).json();
const posts = await (await fetch(`${base}/api/blog?published=true`)).json();
const allPages = [
  ["home", "/"],
  ["products", "/products"],
  ["product", `/product/${products[0].id}`],
  ["blog", "/blog"],
  ["article", `/blog/${posts[0].slug}`],
  ["service", "/services/custom-design"],
];
const pages = only ? allPages.filter(([name]) => only.includes(name)) : allPages;

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
});
const results = [];
let failed = false;
try {
  for (const [name, path] of pages) {
    const run = await lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["seo", "accessibility"],
      formFactor: "mobile",
      screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
    });
    const lhr = run.lhr;
    const seo = Math.round((lhr.categories.seo.score ?? 0) * 100);
    const a11y = Math.round((lhr.categories.accessibility.score ?? 0) * 100);
    const failing = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
      .map((a) => a.id);
    const error = lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : "";
    results.push({ page: name, path, seo, accessibility: a11y, failing: error || failing.join(", ") });
    if (seo < 100 || a11y < 95) failed = true;
  }
} finally {
  await chrome.kill();
  server?.kill("SIGTERM");
}
console.table(results);
console.log(failed ? "Below target (SEO 100, accessibility >= 95)." : "All pages meet the targets.");
process.exit(failed ? 1 : 0);
