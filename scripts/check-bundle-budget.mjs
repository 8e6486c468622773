#!/usr/bin/env node
// Fails the build when a page's first load passes its gzipped weight budget.
// A page's first load = the entry chunk and its static imports, plus the page's route chunk(s)
// and their static imports, plus the CSS of all of them, read from the Vite manifest.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

// Storefront: every server-rendered page's first load at 110 KB, the target of issue 13 for home (React
// DOM 18, TanStack Router and TanStack Query are about 78 KB of it; React DOM 19 alone was 25 KB more:
// decision 0021). The client-only pages a buyer reaches mid-journey (cart, checkout, order and proposal
// pages, the customer's portal opened from its e-mailed link, SEO tools: never the first page of a visit
// from a search) at 112 KB: since their calls went to
// tRPC they carry its client too, 6.4 KB (decision 0035).
// Back office: its entry and the sign-in page (the first load staff get) at 120 KB; the signed-in
// screens, loaded after sign-in, at 150 KB. Charts (apexcharts) must never be part of any first load:
// they are imported on the screens that draw them.
// The storefront ships no zod at all: the contracts it imports values from are zod-free modules
// (types from the zod ones are erased), so no bundler setting is needed to drop schemas.
const BUDGETS = {
  storefront: {
    js: 110 * 1024,
    css: 15 * 1024,
    noZod: true,
    clientOnlyPages: [
      "cart.tsx",
      "checkout.tsx",
      "order-confirmation.tsx",
      "order-status.tsx",
      "portal.index.tsx",
      "portal.$orderNumber.tsx",
      "proposal.$token.tsx",
      "seo-report.tsx",
      "seo-test.tsx",
    ],
    clientOnlyPageJs: 112 * 1024,
  },
  backoffice: {
    js: 120 * 1024,
    css: 15 * 1024,
    firstLoadPages: ["(entry)", "admin/login.tsx"],
    otherPageJs: 150 * 1024,
  },
};

/** A page's first-load JS budget in bytes (the page as pageWeights names it: its route file, or "(entry)"). */
export function jsBudgetOf(app, page) {
  const budget = BUDGETS[app];
  if (budget.clientOnlyPages?.includes(page)) return budget.clientOnlyPageJs;
  return !budget.firstLoadPages || budget.firstLoadPages.includes(page) ? budget.js : budget.otherPageJs;
}

export { BUDGETS };

export function pageWeights(distDir) {
  const manifest = JSON.parse(readFileSync(join(distDir, ".vite", "manifest.json"), "utf8"));
  const gz = new Map();
  const size = (file) => {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length);
    return gz.get(file);
  };
  const closure = (key, seen = new Set()) => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
    return seen;
  };
  const weigh = (keys) => {
    const chunks = new Set();
    for (const key of keys) for (const k of closure(key)) chunks.add(k);
    const charts = [...chunks].some((k) => /apexcharts/.test(k) || /apexcharts/.test(manifest[k].file));
    let js = 0;
    let css = 0;
    const cssFiles = new Set();
    for (const k of chunks) {
      js += size(manifest[k].file);
      for (const c of manifest[k].css ?? []) cssFiles.add(c);
    }
    for (const c of cssFiles) css += size(c);
    return { js, css, requests: chunks.size + cssFiles.size, charts };
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const entry = manifest[entryKey];
  // the storefront's boot script (written by its vite.config.ts, outside the manifest) loads first on every page
  const boot = readdirSync(join(distDir, "assets")).filter((f) => /^boot-[\w-]+\.js$/.test(f));
  const bootJs = boot.reduce((sum, f) => sum + size(join("assets", f)), 0);
  const withBoot = (w) => ({ ...w, js: w.js + bootJs, requests: w.requests + boot.length });
  const pages = { "(entry)": withBoot(weigh([entryKey])) };
  for (const key of entry.dynamicImports ?? []) {
    if (!/routes\//.test(key) || /[?&]tsr-split=(notFoundComponent|errorComponent)\b/.test(key)) continue;
    const name = key.replace(/^src\/routes\//, "").replace(/\?.*$/, "");
    const keys = [entryKey, key];
    // a page's route file may be split into several chunks (component, loader...)
    // (its not-found and error screens load only when the page fails: not part of its first load)
    for (const other of entry.dynamicImports)
      if (
        other !== key &&
        other.replace(/\?.*$/, "") === key.replace(/\?.*$/, "") &&
        !/[?&]tsr-split=(notFoundComponent|errorComponent)\b/.test(other)
      )
        keys.push(other);
    pages[name] = withBoot(weigh(keys));
  }
  return pages;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const app = process.argv[2];
  const budget = BUDGETS[app];
  if (!budget) throw new Error(`usage: check-bundle-budget.mjs storefront|backoffice`);
  const pages = pageWeights(join(process.cwd(), "dist"));
  let failed = false;
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  for (const [page, w] of Object.entries(pages)) {
    const jsBudget = jsBudgetOf(app, page);
    const over = w.js > jsBudget || w.css > budget.css || w.charts;
    failed ||= over;
    console.log(
      `${over ? "OVER" : "ok  "} ${app} ${page}: js ${kb(w.js)} / ${kb(jsBudget)}, css ${kb(w.css)} / ${kb(budget.css)}, ${w.requests} requests${w.charts ? ", CHARTS IN FIRST LOAD" : ""}`,
    );
  }
  if (budget.noZod) {
    // zod's issue codes, which every build of it carries
    const withZod = readdirSync(join(process.cwd(), "dist", "assets")).filter(
      (f) => f.endsWith(".js") && /"invalid_type"|"too_small"/.test(readFileSync(join("dist", "assets", f), "utf8")),
    );
    for (const file of withZod) console.log(`OVER ${app} ${file}: carries zod (import a zod-free contract instead)`);
    failed ||= withZod.length > 0;
  }
  if (failed) {
    console.error(`${app}: a page's first load is over its gzipped weight budget, or the app carries zod`);
    process.exit(1);
  }
}
