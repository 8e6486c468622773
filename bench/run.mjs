#!/usr/bin/env node
import { execFileSync } from "node:child_process";
// The benchmark: `npm run bench` (about 4 minutes) or `npm run bench -- --short` (CI: checks that
// every path still works, in well under a minute; its timings mean nothing).
// Everything runs on 127.0.0.1 in ports 55710-55716 (or from BENCH_PORT_BASE), every load is bounded in time, and every
// process it starts is stopped at the end. Every speed figure is a ratio against a baseline
// measured in the same run, in alternating short slices, because these machines are shared.
// Options: --short, --only=weights,reads,orders,pages,scale, --scale (the growth measurement alone,
// bench/scale.mjs; with --short a tiny version; --scale-factor=10 ten times the history; --scale-db=postgres
// one database), --cluster (reads and orders with 1 and 2 web processes, bench/cluster.mjs), --strict (exit 1 when a target is missed).
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { BUDGETS, jsBudgetOf, pageWeights } from "../scripts/check-bundle-budget.mjs";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../scripts/chromium.mjs";
import { npmStartCommand } from "../scripts/npm-start-command.mjs";
import { clusterBench } from "./cluster.mjs";
import { compare, loadSlice, median } from "./lib/load.mjs";
import { cleanupAll, memoryMb, onCleanup, startProcess, stopProcess, waitForHttp } from "./lib/proc.mjs";
import { SCALE_TARGET_MS, scaleBench } from "./scale.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const SHORT = args.includes("--short");
const STRICT = args.includes("--strict");
const SCALE = args.includes("--scale");
const CLUSTER = args.includes("--cluster");
// --scale alone runs only the growth measurement (section 5); --only=... still picks parts explicitly
const ONLY = new Set(
  (
    args.find((a) => a.startsWith("--only="))?.slice(7) ??
    ([SCALE && "scale", CLUSTER && "cluster"].filter(Boolean).join(",") || "weights,reads,orders,pages")
  ).split(","),
);
const T = SHORT
  ? {
      readSlice: 0.3,
      readRounds: 1,
      readWarmup: 0,
      orderSlice: 0.5,
      orderRounds: 1,
      orderWarmup: 0,
      lhRuns: 1,
      lhBudget: 30,
    }
  : {
      readSlice: 1,
      readRounds: 3,
      readWarmup: 0.3,
      orderSlice: 2,
      orderRounds: 3,
      orderWarmup: 0.7,
      lhRuns: 3,
      // six mobile pages of four runs each (a warm-up and three measured), then the back-office login
      lhBudget: 200,
    };
// BENCH_PORT_BASE moves every port, so that two parts (say --only=orders and --only=pages) can run at once
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 55710);
const PORT = {
  api: PORT_BASE,
  apiAdmin: PORT_BASE + 1,
  lite: PORT_BASE + 2,
  liteAdmin: PORT_BASE + 3,
  bare: PORT_BASE + 4,
  ordersBase: PORT_BASE + 5,
  pg: PORT_BASE + 6,
  worker: PORT_BASE + 7,
};
const CONNECTIONS = 10; // orders
const READ_CONNECTIONS = 50; // reads (issue 13: p99 <= 10 ms at 50 connections)
const NOISY_FOREIGN_CORES = 0.5; // other work on the machine using half a core or more
const NOISY_SPREAD = 0.25; // baseline requests/s varying by a quarter between slices

// A noisy measurement that misses its target is measured once more; at most this many per run,
// so that a busy machine cannot stretch the run past its few minutes.
let retriesLeft = 2;
const shouldRetry = (result, missed) => {
  if (SHORT || !isNoisy(result) || !missed || retriesLeft === 0) return false;
  retriesLeft--;
  return true;
};
const started = Date.now();
const report = {
  startedAt: new Date().toISOString(),
  mode: SHORT ? "short" : "full",
  machine: { cores: cpus().length, model: cpus()[0]?.model, node: process.version },
  load: { start: loadavg() },
  weights: {},
  reads: [],
  memory: {},
  orders: null,
  pages: [],
  problems: [],
  notes: [],
};
const log = (...parts) => console.error(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(3)}s]`, ...parts);

// ---------------------------------------------------------------------------------------------
// 1. Build weight, from the Vite manifests (the same reading as the build's budget check)
function weights() {
  const pages = {
    storefront: [
      ["home", /^index\.tsx$/],
      ["products", /^products(\/index|\.index)?\.tsx$|^products\/?\$?[^/]*\.tsx$/],
      ["product", /^product(s)?\/\$id\.tsx$|^product\.\$id\.tsx$/],
      ["blog", /^blog(\/index|\.index)?\.tsx$/],
      ["checkout", /^checkout\.tsx$/],
    ],
    backoffice: [
      ["login", /^admin\/login\.tsx$/],
      ["dashboard", /^admin\/_auth\/dashboard\.tsx$/],
    ],
  };
  for (const [app, wanted] of Object.entries(pages)) {
    const dist = join(root, app, "dist");
    if (!existsSync(join(dist, ".vite", "manifest.json"))) {
      report.problems.push(`${app}: no build (run npm run build -w ${app}); weights not measured`);
      continue;
    }
    const all = pageWeights(dist);
    // the build's own budgets (scripts/check-bundle-budget.mjs): 110 KB for home and the server-rendered pages
    const budget = { js: BUDGETS[app].js / 1024, css: BUDGETS[app].css / 1024 };
    const rows = [["(entry)", all["(entry)"], "(entry)"]];
    for (const [name, pattern] of wanted) {
      const key = Object.keys(all).find((k) => pattern.test(k));
      rows.push([name, key ? all[key] : null, key ?? "(no route file yet)"]);
    }
    const jsTarget = (file) => (file.endsWith(".tsx") ? jsBudgetOf(app, file) / 1024 : budget.js);
    report.weights[app] = rows.map(([page, w, file]) => ({
      page,
      file,
      jsKb: w ? w.js / 1024 : null,
      cssKb: w ? w.css / 1024 : null,
      requests: w ? w.requests : null,
      budget: { ...budget, js: jsTarget(file) },
      ok: w ? w.js / 1024 <= jsTarget(file) && w.css / 1024 <= budget.css : null,
    }));
  }
}

// ---------------------------------------------------------------------------------------------
// Servers
async function startPostgres(database = "bench") {
  const dir = mkdtempSync(join(tmpdir(), "bench-pg-"));
  const url = execFileSync("bash", [join(root, "scripts/pg-server.sh"), "start", dir, String(PORT.pg)], {
    encoding: "utf8",
  }).trim();
  onCleanup(() => execFileSync("bash", [join(root, "scripts/pg-server.sh"), "stop", dir, String(PORT.pg)]));
  const postgres = (await import("postgres")).default;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${database}`);
  await admin.end();
  const dbUrl = url.replace(/\/postgres$/, `/${database}`);
  const postmasterPid = Number(readFileSync(join(dir, "data", "postmaster.pid"), "utf8").split("\n")[0]);
  return { dir, url: dbUrl, logFile: join(dir, "server.log"), postmasterPid };
}

function startApi(name, port, adminPort, extraEnv) {
  const command = npmStartCommand();
  // `npm start`'s own defaults: no NODE_ENV, LOG_LEVEL or REQUEST_LOG set (api/src/env.ts defaults apply);
  // only where to listen and which database, plus a setup token and a raised public write limit (the
  // order load comes from one address)
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    HOST: "127.0.0.1",
    PORT: String(port),
    ADMIN_PORT: String(adminPort),
    STOREFRONT_ORIGIN: `http://127.0.0.1:${port}`,
    BACKOFFICE_ORIGIN: `http://127.0.0.1:${adminPort}`,
    PUBLIC_RATE_LIMIT_SCALE: "100000",
    SETUP_TOKEN: SETUP_TOKEN,
    // half the order load pays in USDT, which needs a wallet (a valid test address that belongs to nobody
    // we know, from /work/shared/fixtures); the wallet watcher stays off, as the bench is offline
    USDT_WALLET_ADDRESS: "TG2bLBBBy5LTsB6DfpuxNRHNB7UF9auMYg",
    TRON_WATCHER: "off",
    ...command.env,
    ...extraEnv,
  };
  report.startCommand = command.text;
  return startProcess(name, process.execPath, command.args, { cwd: command.cwd, env });
}

const SETUP_TOKEN = randomBytes(16).toString("hex");
const ADMIN = { username: "bench-admin", password: `Bench-${randomBytes(12).toString("hex")}` };

async function adminCookie(adminPort) {
  const base = `http://127.0.0.1:${adminPort}`;
  const headers = { "content-type": "application/json", origin: base };
  const setup = await fetch(`${base}/api/admin/setup`, {
    method: "POST",
    headers,
    body: JSON.stringify({ ...ADMIN, setupToken: SETUP_TOKEN }),
  });
  if (setup.status !== 201 && setup.status !== 409)
    throw new Error(`admin setup: ${setup.status} ${await setup.text()}`);
  const login = await fetch(`${base}/api/admin/login`, { method: "POST", headers, body: JSON.stringify(ADMIN) });
  if (!login.ok) throw new Error(`admin login: ${login.status} ${await login.text()}`);
  const cookies = login.headers.getSetCookie().map((c) => c.split(";")[0]);
  return cookies.join("; ");
}

// ---------------------------------------------------------------------------------------------
// 2. Read paths against a bare Fastify server answering the same bytes from memory
const trpcInput = (input) => `?input=${encodeURIComponent(JSON.stringify(input))}`;

async function readPaths(api, ours) {
  const publicBase = `http://127.0.0.1:${PORT.api}`;
  const adminBase = `http://127.0.0.1:${PORT.apiAdmin}`;
  const posts = await (await fetch(`${publicBase}/api/blog?published=true`)).json();
  const slug = posts[0]?.slug;
  const cookie = await adminCookie(PORT.apiAdmin);
  const endpoints = [
    { name: "GET /api/products", kind: "rest", base: publicBase, path: "/api/products" },
    { name: "GET /api/products/{id}", kind: "rest", base: publicBase, path: "/api/products/1" },
    { name: "GET /api/products/featured", kind: "rest", base: publicBase, path: "/api/products/featured" },
    { name: "GET /api/gallery", kind: "rest", base: publicBase, path: "/api/gallery" },
    { name: "GET /api/blog?published=true", kind: "rest", base: publicBase, path: "/api/blog?published=true" },
    { name: "GET /api/blog/{slug}", kind: "rest", base: publicBase, path: `/api/blog/${slug}` },
    {
      name: "tRPC catalog.list (public)",
      kind: "trpc",
      base: publicBase,
      path: `/api/trpc/catalog.list${trpcInput({})}`,
    },
    { name: "tRPC catalog.list (admin)", kind: "trpc", base: adminBase, path: "/api/trpc/catalog.list", cookie },
    { name: "tRPC content.posts (admin)", kind: "trpc", base: adminBase, path: "/api/trpc/content.posts", cookie },
    { name: "tRPC admin.stats (admin)", kind: "trpc", base: adminBase, path: "/api/trpc/admin.stats", cookie },
  ];
  // the exact bytes each path answers, for the bare server
  const answers = {};
  for (const e of endpoints) {
    const res = await fetch(`${e.base}${e.path}`, { headers: e.cookie ? { cookie: e.cookie } : {} });
    const body = await res.text();
    if (res.status !== 200) report.problems.push(`${e.name}: answered ${res.status} ${body.slice(0, 200)}`);
    e.bytes = Buffer.byteLength(body);
    answers[e.path] = { status: res.status, type: res.headers.get("content-type"), body };
  }
  const answersFile = join(mkdtempSync(join(tmpdir(), "bench-bare-")), "answers.json");
  onCleanup(() => rmSync(dirname(answersFile), { recursive: true, force: true }));
  writeFileSync(answersFile, JSON.stringify(answers));
  const bare = startProcess("bare", process.execPath, [
    join(root, "bench/bare-server.mjs"),
    String(PORT.bare),
    answersFile,
  ]);
  await waitForHttp(`http://127.0.0.1:${PORT.bare}/`, bare, 15_000);

  // one second of load first, so the first measured path does not pay for the JIT's warm-up
  if (!SHORT) {
    await loadSlice({
      url: `${publicBase}/api/products`,
      pid: api.child.pid,
      seconds: 1,
      connections: READ_CONNECTIONS,
      ours,
    });
  }
  for (const e of endpoints) {
    const headers = e.cookie ? { cookie: e.cookie } : undefined;
    const run = () =>
      compare({
        target: { url: `${e.base}${e.path}`, pid: api.child.pid, headers },
        baseline: { url: `http://127.0.0.1:${PORT.bare}${e.path}`, pid: bare.child.pid, headers },
        seconds: T.readSlice,
        rounds: T.readRounds,
        warmupSeconds: T.readWarmup,
        connections: READ_CONNECTIONS,
        ours,
      });
    // issue 24: the storefront's tRPC reads at least half a bare server's rate, the back office's 0.3
    const targets =
      e.kind === "rest" ? { rpsRatio: 0.5, cpuRatio: 2, p99: 10 } : { rpsRatio: e.base === publicBase ? 0.5 : 0.3 };
    const meets = (r) =>
      r.target.errors === 0 &&
      r.rpsRatio >= targets.rpsRatio &&
      (targets.cpuRatio === undefined || r.cpuRatio <= targets.cpuRatio) &&
      (targets.p99 === undefined || r.target.p99 <= targets.p99);
    let result = await run();
    let retried = false;
    if (shouldRetry(result, !meets(result))) {
      log(`${e.name}: noisy (${noiseText(result)}) and off target, measuring again`);
      retried = true;
      result = await run();
    }
    const row = { name: e.name, kind: e.kind, bytes: e.bytes, ...result, noisy: isNoisy(result), retried, targets };
    row.ok = meets(row);
    report.reads.push(row);
    log(
      `${e.name}: ${row.rpsRatio.toFixed(2)}x req/s, ${row.cpuRatio.toFixed(2)}x CPU/req, p99 ${row.target.p99} ms${row.noisy ? " (noisy)" : ""}`,
    );
  }
  await stopProcess(bare);
}

const isNoisy = (r) => r.foreignCores >= NOISY_FOREIGN_CORES || r.baselineSpread >= NOISY_SPREAD;
const noiseText = (r) =>
  `other work ${r.foreignCores.toFixed(2)} cores, baseline spread ${(r.baselineSpread * 100).toFixed(0)}%`;

/** The embedded-database API: memory under the same read load (its speed matches the PostgreSQL one: reads come from memory). */
function startEmbedded() {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-pglite-"));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  return startApi("api (PGlite)", PORT.lite, PORT.liteAdmin, { DATA_DIR: dataDir });
}

async function embeddedMemory(lite, ours) {
  await waitForHttp(`http://127.0.0.1:${PORT.lite}/healthz`, lite, 90_000);
  const slices = [];
  for (const path of ["/api/products", "/api/products/1", "/api/blog?published=true", "/api/gallery"]) {
    slices.push(
      await loadSlice({
        url: `http://127.0.0.1:${PORT.lite}${path}`,
        pid: lite.child.pid,
        seconds: SHORT ? 0.2 : 1.5,
        connections: READ_CONNECTIONS,
        ours,
      }),
    );
  }
  const mem = memoryMb(lite.child.pid);
  const underLoad = Math.max(...slices.map((s) => s.memory.rss));
  report.memory.pglite = { rssMb: underLoad, peakMb: mem.hwm, targetMb: 300, ok: underLoad <= 300 };
  report.memory.pglite.errors = slices.reduce((n, s) => n + s.errors, 0);
  if (report.memory.pglite.errors > 0) report.problems.push("PGlite API answered errors under the read load");
  log(`PGlite API: RSS under load ${underLoad.toFixed(0)} MB, peak since start ${mem.hwm.toFixed(0)} MB`);
  await stopProcess(lite);
}

// ---------------------------------------------------------------------------------------------
// 3. Orders on PostgreSQL, against the same transaction written with plain postgres.js
async function orderBodies(base) {
  const products = (await (await fetch(`${base}/api/products`)).json()).filter((p) => p.inStock);
  const bodies = [];
  for (let i = 0; i < 16; i++) {
    // deterministic carts of one to three products, touching overlapping rows in different item orders
    const picks = [products[i % products.length], products[(i * 5 + 3) % products.length]];
    if (i % 3 === 0) picks.push(products[(i * 7 + 1) % products.length]);
    const unique = [...new Map(picks.map((p) => [p.id, p])).values()];
    if (i % 2 === 1) unique.reverse();
    const cartItems = unique.map((p, j) => ({ id: p.id, name: p.name, price: p.price, quantity: 1 + ((i + j) % 2) }));
    // the server's own figures for that cart and address (the pricing engine, as the checkout asks them)
    const quote = await (
      await fetch(`${base}/api/orders/quote`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ cartItems, state: "TX", zipCode: "78201" }),
      })
    ).json();
    bodies.push({
      firstName: "Bench",
      lastName: `Buyer ${i}`,
      email: `buyer${i}@example.com`,
      phone: "(210) 555-0199",
      address: `${100 + i} Main St`,
      city: "San Antonio",
      state: "TX",
      zipCode: "78201",
      paymentMethod: i % 2 ? "usdt" : "bank-transfer",
      cartItems,
      totalAmount: quote.totalAmount,
    });
  }
  return bodies;
}

async function orders(api, pg, ours) {
  const base = `http://127.0.0.1:${PORT.api}`;
  const bodies = await orderBodies(base);
  const probe = await fetch(`${base}/api/orders`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(bodies[0]),
  });
  if (probe.status !== 201)
    report.problems.push(`POST /api/orders answered ${probe.status}: ${(await probe.text()).slice(0, 300)}`);
  const baseline = startProcess("orders baseline", process.execPath, [
    join(root, "bench/orders-baseline.mjs"),
    String(PORT.ordersBase),
    pg.url,
  ]);
  await waitForHttp(`http://127.0.0.1:${PORT.ordersBase}/`, baseline, 15_000);
  const requests = bodies.map((b) => ({
    method: "POST",
    path: "/api/orders",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(b),
  }));
  const deadlocks = () => (readFileSync(pg.logFile, "utf8").match(/deadlock detected/g) ?? []).length;
  const deadlocks0 = deadlocks();
  const run = () =>
    compare({
      target: { url: base, pid: api.child.pid, requests },
      baseline: { url: `http://127.0.0.1:${PORT.ordersBase}`, pid: baseline.child.pid, requests },
      seconds: T.orderSlice,
      rounds: T.orderRounds,
      warmupSeconds: T.orderWarmup,
      connections: CONNECTIONS,
      ours,
    });
  let result = await run();
  let retried = false;
  const meets = (r) => r.rpsRatio >= 0.75 && r.target.p99 <= 100 && r.target.errors === 0;
  if (shouldRetry(result, !meets(result))) {
    log(`orders: noisy (${noiseText(result)}) and off target, measuring again`);
    retried = true;
    result = await run();
  }
  const row = {
    ...result,
    deadlocks: deadlocks() - deadlocks0,
    noisy: isNoisy(result),
    retried,
    targets: { rpsRatio: 0.75, p99: 100, errors: 0, deadlocks: 0 },
  };
  row.ok = row.rpsRatio >= 0.75 && row.target.p99 <= 100 && row.target.errors === 0 && row.deadlocks === 0;
  report.orders = row;
  log(
    `orders: ${row.target.rps.toFixed(0)}/s vs ${row.baseline.rps.toFixed(0)}/s = ${row.rpsRatio.toFixed(2)}x, p99 ${row.target.p99} ms, errors ${row.target.errors}, deadlocks ${row.deadlocks}`,
  );
  await stopProcess(baseline);
}

// ---------------------------------------------------------------------------------------------
// 4. Pages: Lighthouse in Debian's chromium
async function pages() {
  if (!existsSync(CHROMIUM_PATH)) {
    report.notes.push("chromium is not installed: Lighthouse skipped");
    return;
  }
  const { default: lighthouse } = await import("lighthouse");
  const { default: desktopConfig } = await import("lighthouse/core/config/desktop-config.js");
  const chromeLauncher = await import("chrome-launcher");
  const launch = () =>
    chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
      logLevel: "silent",
    });
  let chrome = null;
  onCleanup(() => chrome?.kill());
  const pagesStarted = Date.now();
  // Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP) on a busy machine: one retry
  const audit = async (url, config) => {
    try {
      return await auditOnce(url, config);
    } catch (error) {
      if (!/NO_NAVSTART|NO_FCP|timed out/.test(error.message)) throw error;
      log(`Lighthouse ${url}: ${error.message.slice(0, 80)}; running it again`);
      return auditOnce(url, config);
    }
  };
  const auditOnce = async (url, config) => {
    if (Date.now() - pagesStarted > T.lhBudget * 1000) {
      throw new Error(
        `skipped: the Lighthouse time budget (${T.lhBudget} s) is spent (a busy machine makes runs slow)`,
      );
    }
    const run = lighthouse(
      url,
      {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        // screenshots count in no score and take seconds per run
        skipAudits: ["screenshot-thumbnails", "final-screenshot", "full-page-screenshot"],
        disableFullPageScreenshot: true,
        maxWaitForLoad: 20_000,
      },
      config,
    );
    const timeout = new Promise((_, reject) =>
      setTimeout(() => reject(new Error(`Lighthouse timed out on ${url}`)), 60_000),
    );
    const { lhr } = await Promise.race([run, timeout]);
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (id) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
    const audits = lhr.audits;
    const failing = Object.values(audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
      .map((a) => a.id);
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcpMs: audits["largest-contentful-paint"]?.numericValue,
      tbtMs: audits["total-blocking-time"]?.numericValue,
      cls: audits["cumulative-layout-shift"]?.numericValue,
      failing,
    };
  };
  const storefront = `http://127.0.0.1:${PORT.api}`;
  // a post: the newest published one (its address comes from the API, as a visitor's link would)
  const newest = SHORT ? null : await fetch(`${storefront}/api/blog/search?pageSize=1`).then((r) => r.json());
  const postPath = newest?.posts?.[0]?.slug ? `/blog/${newest.posts[0].slug}` : null;
  if (!SHORT && !postPath) report.problems.push("Lighthouse: no published post to measure");
  const mobilePages = SHORT
    ? [["home", "/"]]
    : [
        ["home", "/"],
        ["products", "/products"],
        ["product", "/product/1"],
        ["blog", "/blog"],
        ...(postPath ? [["blog post", postPath]] : []),
        ["contact", "/contact"],
      ];
  try {
    chrome = await launch();
    // the first navigations of a new browser on a busy machine often record no paint: warm it up once
    if (!SHORT) {
      await audit(`${storefront}/`).catch((error) => log(`Lighthouse warm-up: ${error.message.slice(0, 100)}`));
    }
  } catch (error) {
    report.problems.push(`Lighthouse could not start chromium: ${error.message}`);
    return;
  }
  for (const [name, path] of mobilePages) {
    const runs = [];
    try {
      if (!SHORT) await audit(`${storefront}${path}`); // warm-up of this page, thrown away
      for (let i = 0; i < T.lhRuns; i++) runs.push(await audit(`${storefront}${path}`));
    } catch (error) {
      lighthouseTrouble(name, runs, error);
    } finally {
      if (runs.length) report.pages.push(summarizeRuns(`${name} (mobile)`, path, runs, "mobile"));
    }
  }
  if (!SHORT) {
    try {
      const url = `http://127.0.0.1:${PORT.apiAdmin}/admin/login`;
      await audit(url, desktopConfig); // warm-up, thrown away
      const run = await audit(url, desktopConfig);
      report.pages.push(summarizeRuns("back-office login (desktop)", "/admin/login", [run], "desktop"));
    } catch (error) {
      lighthouseTrouble("back-office login", [], error);
    }
  }
  await chrome.kill();
  chrome = null;
}

function lighthouseTrouble(name, runs, error) {
  const text = `Lighthouse ${name}: ${error.message}${runs.length ? ` (after ${runs.length} run(s), which are reported)` : ""}`;
  // in short mode (CI) a Lighthouse hiccup on a busy machine is reported but does not fail the run
  if (error.message.startsWith("skipped") || SHORT) report.notes.push(text);
  else report.problems.push(text);
}

function summarizeRuns(name, path, runs, formFactor) {
  const m = (key) => median(runs.map((r) => r[key]));
  const row = {
    name,
    path,
    formFactor,
    runs: runs.length,
    performance: m("performance"),
    accessibility: m("accessibility"),
    bestPractices: m("bestPractices"),
    seo: m("seo"),
    lcpMs: m("lcpMs"),
    tbtMs: m("tbtMs"),
    cls: m("cls"),
    failingAudits: [...new Set(runs.flatMap((r) => r.failing))],
  };
  row.ok =
    formFactor === "desktop"
      ? row.performance >= 95
      : // issue 24: Lighthouse mobile >= 98 on the six public pages
        row.performance >= 98 &&
        row.accessibility === 100 &&
        row.bestPractices === 100 &&
        row.seo === 100 &&
        row.lcpMs <= 2000 &&
        row.tbtMs <= 150 &&
        row.cls <= 0.02;
  log(
    `${name}: perf ${row.performance}, a11y ${row.accessibility}, bp ${row.bestPractices}, seo ${row.seo}, LCP ${Math.round(row.lcpMs)} ms, TBT ${Math.round(row.tbtMs)} ms, CLS ${row.cls?.toFixed(3)}`,
  );
  return row;
}

// ---------------------------------------------------------------------------------------------
// The table
const f = (n, digits = 0) => (n === null || n === undefined || Number.isNaN(n) ? "-" : Number(n).toFixed(digits));
const mark = (ok) => (ok === null || ok === undefined ? "n/a" : ok ? "ok" : "MISS");

function table() {
  const lines = [];
  const out = (s = "") => lines.push(s);
  out(`Benchmark ${report.mode} run, ${report.startedAt}, ${report.machine.cores} cores, Node ${report.machine.node}`);
  out(
    `Load average (1/5/15 min): start ${report.load.start.map((x) => x.toFixed(2)).join(" ")}; end ${report.load.end.map((x) => x.toFixed(2)).join(" ")}; max 1-min seen ${report.load.max1.toFixed(2)}`,
  );
  if (report.mode === "short")
    out("SHORT MODE: the figures below only show that every path works; they are not measurements.");
  out();
  for (const [app, rows] of Object.entries(report.weights)) {
    out(
      `1. Build weight, ${app} (first load, gzipped; budget ${rows[0].budget.js} KB JS / ${rows[0].budget.css} KB CSS)`,
    );
    outTable(
      out,
      [12, 34, 8, 8, 9, 7, 5],
      ["page", "route file", "JS KB", "CSS KB", "requests", "JS max", ""],
      rows.map((r) => [r.page, r.file, f(r.jsKb, 1), f(r.cssKb, 1), f(r.requests), f(r.budget.js), mark(r.ok)]),
    );
    out();
  }
  if (report.reads.length) {
    out(
      `2. Read paths, ${READ_CONNECTIONS} connections, API (PostgreSQL, started as npm start does) vs bare Fastify with the same bytes; medians of ${T.readRounds} slices of ${T.readSlice} s`,
    );
    out(`   API command (api/package.json "start", its environment defaults): ${report.startCommand}`);
    outTable(
      out,
      [30, 7, 9, 9, 7, 8, 8, 7, 6, 5],
      ["path", "bytes", "API r/s", "bare r/s", "ratio", "CPU µs", "CPU x", "p99 ms", "noisy", ""],
      report.reads.map((r) => [
        r.name,
        f(r.bytes),
        f(r.target.rps),
        f(r.baseline.rps),
        f(r.rpsRatio, 2),
        f(r.target.cpuUs),
        f(r.cpuRatio, 2),
        f(r.target.p99, 1),
        r.noisy ? "yes" : "no",
        mark(r.ok),
      ]),
    );
    out(
      "   targets: REST >= 0.50x r/s, <= 2x CPU/request, p99 <= 10 ms; tRPC >= 0.50x r/s (storefront), >= 0.30x (back office)",
    );
    out();
  }
  if (report.memory.postgres || report.memory.pglite) {
    out(
      "Memory of the API process: largest VmRSS seen under the read load / VmHWM (peak since start, includes migrating and seeding)",
    );
    if (report.memory.postgres)
      out(
        `   on PostgreSQL: ${f(report.memory.postgres.rssMb)} / ${f(report.memory.postgres.peakMb)} MB (target < 150) ${mark(report.memory.postgres.ok)}`,
      );
    if (report.memory.pglite)
      out(
        `   on PGlite:     ${f(report.memory.pglite.rssMb)} / ${f(report.memory.pglite.peakMb)} MB (target < 300) ${mark(report.memory.pglite.ok)}`,
      );
    out();
  }
  if (report.orders) {
    const o = report.orders;
    out(
      `3. Orders on PostgreSQL, ${CONNECTIONS} connections, POST /api/orders vs plain postgres.js transaction; medians of ${T.orderRounds} slices of ${T.orderSlice} s`,
    );
    out(
      `   API ${f(o.target.rps)} orders/s, baseline ${f(o.baseline.rps)} orders/s, ratio ${f(o.rpsRatio, 2)} (>= 0.75); CPU/order ${f(o.target.cpuUs)} µs vs ${f(o.baseline.cpuUs)} µs; p99 ${f(o.target.p99, 1)} ms (<= 100), baseline p99 ${f(o.baseline.p99, 1)} ms`,
    );
    out(
      `   errors ${o.target.errors} (baseline ${o.baseline.errors}), deadlocks ${o.deadlocks}, orders placed ${o.target.requests}, noisy ${o.noisy ? "yes" : "no"} ${mark(o.ok)}`,
    );
    out();
  }
  if (report.pages.length) {
    out("4. Lighthouse 12 in Debian chromium (mobile: median of runs after a thrown-away warm-up)");
    const w = [30, 5, 6, 6, 5, 5, 8, 8, 7, 5];
    out(pad(["page", "runs", "perf", "a11y", "bp", "seo", "LCP ms", "TBT ms", "CLS", ""], w));
    for (const p of report.pages) {
      out(
        pad(
          [
            p.name,
            f(p.runs),
            f(p.performance),
            f(p.accessibility),
            f(p.bestPractices),
            f(p.seo),
            f(p.lcpMs),
            f(p.tbtMs),
            f(p.cls, 3),
            mark(p.ok),
          ],
          w,
        ),
      );
      if (p.failingAudits.length) out(`     failing audits: ${p.failingAudits.join(", ")}`);
    }
    out(
      "   targets (mobile): perf >= 98, a11y/bp/seo 100, LCP <= 2000 ms, TBT <= 150 ms, CLS <= 0.02; back-office login (desktop): perf >= 95",
    );
    out();
  }
  if (report.scale) scaleTable(out);
  if (report.cluster) {
    out(
      `6. Web processes side by side (one PostgreSQL, one worker; ${report.cluster.rounds} x ${report.cluster.seconds} s each)`,
    );
    for (const r of report.cluster.rows) {
      out(
        `   ${r.path.padEnd(20)} 1 web ${r.one.rps.toFixed(0).padStart(6)}/s (p99 ${r.one.p99} ms)   2 web ${r.two.rps.toFixed(0).padStart(6)}/s (p99 ${r.two.p99} ms)   ${r.ratio.toFixed(2)}x   errors ${r.one.errors + r.two.errors}   PostgreSQL ${r.two.pgCores.toFixed(2)} cores${r.two.perPgCore === null ? " (answered from the read cache)" : ` = ${r.two.perPgCore.toFixed(0)}/s per core`}`,
      );
    }
    out();
  }
  for (const n of report.notes) out(`note: ${n}`);
  for (const p of report.problems) out(`PROBLEM: ${p}`);
  out(`Took ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  return lines.join("\n");
}

function scaleTable(out) {
  const { sizes, repeats, databases } = report.scale;
  out(
    `5. Cost as the business grows: ${Object.entries(sizes)
      .map(([k, v]) => `${v.toLocaleString("en-US")} ${k}`)
      .join(", ")}; first request (cold) and p95 of ${repeats} more, ms`,
  );
  const pg = databases.postgres?.rows ?? [];
  const lite = databases.pglite?.rows ?? [];
  out(
    `   filled in ${f(databases.postgres?.fillSeconds, 1)} s (PostgreSQL) and ${f(databases.pglite?.fillSeconds, 1)} s (PGlite)`,
  );
  const storage = databases.postgres?.storage;
  if (storage) {
    out(
      `   PostgreSQL on disk: ${f(storage.databaseMb)} MB; largest tables: ${storage.tables.map((t) => `${t.name} ${f(t.mb)} MB (${f(t.rows)} rows)`).join(", ")}`,
    );
  }
  outTable(
    out,
    [32, 6, 9, 8, 9, 8, 5],
    ["screen", "status", "PG cold", "PG p95", "lite cold", "lite p95", ""],
    pg
      .filter((r) => r.kind !== "export")
      .map((r) => {
        const l = lite.find((x) => x.name === r.name);
        return [
          r.name,
          r.status,
          f(r.coldMs),
          f(r.p95Ms),
          f(l?.coldMs),
          f(l?.p95Ms),
          mark(r.ok && (l ? l.status === 200 : true)),
        ];
      }),
  );
  for (const r of pg.filter((x) => x.kind === "export")) {
    const l = lite.find((x) => x.name === r.name);
    out(
      `   ${r.name}: ${f(r.lines)} rows, ${f(r.bytes / 1048576, 1)} MB in ${f(r.coldMs)} ms (PG), ${f(l?.coldMs)} ms (PGlite); API RSS ${f(r.rssBeforeMb)} → peak ${f(r.rssPeakMb)} MB (PG), ${f(l?.rssBeforeMb)} → ${f(l?.rssPeakMb)} MB (PGlite) ${mark(r.ok)}`,
    );
  }
  out(
    `   targets: p95 <= ${SCALE_TARGET_MS} ms on PostgreSQL for every page and screen; an export grows the API's memory by <= 50 MB`,
  );
  out();
}

function pad(cells, widths) {
  return cells
    .map((c, i) => String(c).padEnd(widths[i] ?? 8))
    .join(" ")
    .trimEnd();
}

/** The header row, then one row a record, each cell padded to its column's width. */
function outTable(out, widths, header, rows) {
  for (const cells of [header, ...rows]) out(pad(cells, widths));
}

// ---------------------------------------------------------------------------------------------
let maxLoad = loadavg()[0];
const loadTimer = setInterval(() => {
  maxLoad = Math.max(maxLoad, loadavg()[0]);
}, 1000);
loadTimer.unref();

let broken = false;
try {
  if (["reads", "orders", "pages", "scale", "cluster"].some((part) => ONLY.has(part))) {
    execFileSync(process.execPath, [join(root, "api/scripts/build.mjs")], { stdio: "inherit" });
  }
  if (ONLY.has("weights")) weights();
  if (ONLY.has("reads") || ONLY.has("orders") || ONLY.has("pages")) {
    log("starting PostgreSQL and the API");
    const pg = await startPostgres();
    const api = startApi("api (PostgreSQL)", PORT.api, PORT.apiAdmin, { DATABASE_URL: pg.url });
    // the embedded-database API starts meanwhile (it idles until its turn)
    const lite = ONLY.has("reads") ? startEmbedded() : null;
    await waitForHttp(`http://127.0.0.1:${PORT.api}/healthz`, api, 90_000);
    // processes the benchmark owns: itself with its children (API, baselines, chromium) and PostgreSQL
    const ours = [process.pid, pg.postmasterPid];
    if (ONLY.has("reads")) {
      await readPaths(api, ours);
      const mem = memoryMb(api.child.pid);
      const underLoad = Math.max(...report.reads.map((r) => r.target.rssMb));
      report.memory.postgres = { rssMb: underLoad, peakMb: mem.hwm, targetMb: 150, ok: underLoad <= 150 };
      await embeddedMemory(lite, ours);
    }
    if (ONLY.has("orders")) await orders(api, pg, ours);
    if (ONLY.has("pages")) await pages();
    await stopProcess(api);
  }
  if (ONLY.has("scale")) {
    log(`scale: filling a large shop's history${SHORT ? " (tiny, --short)" : ""}`);
    report.scale = await scaleBench({
      short: SHORT,
      // --scale-db=postgres (or pglite) measures one database only, for a shorter run
      databases: args.find((a) => a.startsWith("--scale-db="))?.slice(11) ?? "postgres,pglite",
      factor: Number(args.find((a) => a.startsWith("--scale-factor="))?.slice(15) ?? 1),
      ports: PORT,
      startPostgres,
      startApi,
      stopProcess,
      waitForHttp,
      adminCookie,
      memoryMb,
      onCleanup,
      log,
      root,
      note: (text) => report.notes.includes(text) || report.notes.push(text),
    });
  }
  if (ONLY.has("cluster")) {
    log("cluster: 1 and 2 web processes (and a worker) on one PostgreSQL");
    report.cluster = await clusterBench({
      short: SHORT,
      ports: PORT,
      startPostgres,
      startApi,
      stopProcess,
      waitForHttp,
      orderBodies,
      log,
    });
  }
} catch (error) {
  broken = true;
  report.problems.push(`broken: ${error.stack ?? error}`);
} finally {
  await cleanupAll();
}
report.load.end = loadavg();
report.load.max1 = Math.max(maxLoad, report.load.end[0]);
report.seconds = (Date.now() - started) / 1000;
const text = table();
console.log(text);
const resultsDir = join(root, "bench", "results");
mkdirSync(resultsDir, { recursive: true });
const file = join(resultsDir, `${report.startedAt.replace(/[:.]/g, "-")}${SHORT ? "-short" : ""}.json`);
writeFileSync(file, `${JSON.stringify({ ...report, table: text }, null, 2)}\n`);
console.log(`Written ${file}`);
const missed =
  report.reads.some((r) => !r.ok) ||
  (report.orders && !report.orders.ok) ||
  report.pages.some((p) => !p.ok) ||
  (report.scale?.databases.postgres?.rows ?? []).some((r) => !r.ok) ||
  Object.values(report.weights).some((rows) => rows.some((r) => r.ok === false));
if (broken || report.problems.some((p) => p.startsWith("broken"))) process.exit(1);
if (SHORT && report.problems.length > 0) process.exit(1);
if (STRICT && missed) process.exit(1);
process.exit(0);
