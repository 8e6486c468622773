// Cost as the business grows (`npm run bench -- --scale`; `--scale --short` is a tiny version for CI).
// Fills a database with a large shop's history (1 million visits, 50,000 orders, 20,000 leads,
// 2,000 posts, 500 products) with set-based SQL (generate_series, a few seconds on PostgreSQL), then
// times every public page and every back-office screen's reads on PostgreSQL and on the embedded
// database (PGlite), and watches the API's memory while a CSV export streams.
// Latencies are as a browser sees them on loopback: the first request ("cold": nothing cached yet)
// and the 95th percentile of the following ones.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const FULL = { products: 500, posts: 2000, orders: 50_000, leads: 20_000, visits: 1_000_000 };
const TINY = { products: 40, posts: 40, orders: 500, leads: 200, visits: 10_000 };
export const SCALE_TARGET_MS = 200;

/**
 * The history, as plain SQL statements (run as they are by postgres.js and PGlite). Rows are copies of
 * the seeded products and posts with new names, so they look like the shop's own; orders and leads are
 * spread over two years, visits over 13 months, newest last.
 */
export function fillStatements(n) {
  return [
    // products: copies of the seeded ones until there are n.products
    `insert into products (name, description, price_cents, category, images, specs, featured, in_stock, created_at, updated_at)
     select p.name || ' ' || g, p.description, p.price_cents + g * 100, p.category, p.images, p.specs, false, p.in_stock,
            now() - g * interval '1 hour', now() - g * interval '1 hour'
     from generate_series(1, greatest(0, ${n.products} - (select count(*) from products))) as g
     join (select *, row_number() over (order by id) - 1 as rn, count(*) over () as total from products) p
       on p.rn = g % p.total`,
    `insert into blog_posts (slug, title, excerpt, content, image, category, published, created_at, updated_at)
     select p.slug || '-' || g, p.title || ' (part ' || g || ')', p.excerpt, p.content, p.image, p.category, g % 10 <> 0,
            now() - g * interval '9 hours', now() - g * interval '9 hours'
     from generate_series(1, greatest(0, ${n.posts} - (select count(*) from blog_posts))) as g
     join (select *, row_number() over (order by id) - 1 as rn, count(*) over () as total from blog_posts) p
       on p.rn = g % p.total`,
    `insert into orders (order_number, first_name, last_name, email, phone, address, city, state, zip_code,
       payment_method, subtotal_cents, tax_cents, shipping_cents, total_cents, status, payment_status, created_at, updated_at)
     select 'SC-' || lpad(g::text, 7, '0'),
            (array['Maria','James','Linda','Robert','Ana','David','Sofia','Carlos'])[1 + g % 8], 'Buyer' || g,
            'buyer' || g || '@example.com', '(210) 555-' || lpad((g % 10000)::text, 4, '0'), g || ' Main St',
            (array['San Antonio','Austin','Houston','Dallas','El Paso'])[1 + g % 5], 'TX', '78201',
            case when g % 2 = 0 then 'usdt' else 'bank-transfer' end,
            3000000 + (g % 50) * 100000, (3000000 + (g % 50) * 100000) * 8 / 100, 250000,
            3000000 + (g % 50) * 100000 + (3000000 + (g % 50) * 100000) * 8 / 100 + 250000,
            (array['pending','confirmed','in-production','shipped','delivered','cancelled'])[1 + g % 6],
            case when g % 3 = 0 then 'paid' else 'pending' end,
            now() - ((${n.orders} - g)::float8 / ${n.orders}) * interval '730 days',
            now() - ((${n.orders} - g)::float8 / ${n.orders}) * interval '730 days'
     from generate_series(1, ${n.orders}) as g`,
    `insert into order_lines (order_id, product_id, product_name, unit_price_cents, quantity)
     select o.id, p.id, p.name, o.subtotal_cents, 1
     from orders o
     join (select id, name, row_number() over (order by id) - 1 as rn, count(*) over () as total from products) p
       on p.rn = o.id % p.total
     where o.order_number like 'SC-%'`,
    `insert into enquiries (source, first_name, last_name, email, phone, project_type, budget, message, preferred_time, status, created_at, updated_at)
     select (array['contact-form','quote-request','call-request','roi-calculator','chat'])[1 + g % 5],
            (array['Maria','James','Linda','Robert','Ana','David'])[1 + g % 6], 'Lead' || g, 'lead' || g || '@example.com',
            '(210) 555-' || lpad((g % 10000)::text, 4, '0'), 'single-family', '100k-250k',
            'We are looking at a two-bedroom home near San Antonio, delivery next spring. Lead ' || g, null,
            (array['new','contacted','qualified','closed'])[1 + g % 4],
            now() - ((${n.leads} - g)::float8 / ${n.leads}) * interval '730 days',
            now() - ((${n.leads} - g)::float8 / ${n.leads}) * interval '730 days'
     from generate_series(1, ${n.leads}) as g`,
    // about three page views per visitor and day; a visitor hash rotates daily, as the API's does
    `insert into visits (path, device_type, browser, visitor_hash, referrer, is_new_visitor, created_at)
     select (array['/','/products','/product/1','/product/2','/blog','/gallery','/contact','/about'])[1 + g % 8],
            (array['desktop','mobile','tablet'])[1 + g % 3],
            (array['Chrome','Safari','Firefox','Edge'])[1 + (g / 3) % 4],
            md5('visitor-' || (g / 3)::text),
            case when g % 5 = 0 then 'https://www.google.com/' when g % 7 = 0 then 'https://www.facebook.com/' end,
            g % 3 = 0,
            now() - ((${n.visits} - g)::float8 / ${n.visits}) * interval '395 days'
     from generate_series(1, ${n.visits}) as g`,
    "analyze",
    // the API processes drop what they cached (read-cache.ts listens on this channel)
    "select pg_notify('ch_read_cache', 'changed')",
  ];
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

/**
 * @param {object} ctx helpers from run.mjs: startPostgres, startApi, stopProcess, waitForHttp,
 *   adminCookie, memoryMb, onCleanup, log, short, ports { api, apiAdmin, lite, liteAdmin }
 */
export async function scaleBench(ctx) {
  // --scale-factor=10: ten times the history (docs/scaling.md: a shop at 10x, and 100x from the trend)
  const factor = ctx.factor ?? 1;
  const n = Object.fromEntries(Object.entries(ctx.short ? TINY : FULL).map(([k, v]) => [k, Math.round(v * factor)]));
  const repeats = ctx.short ? 3 : 20;
  const result = { sizes: n, factor, repeats, targetMs: SCALE_TARGET_MS, databases: {} };
  const { openDatabase } = await import("../db/src/index.ts");

  const fill = async (options, label) => {
    const started = Date.now();
    if (options.url) {
      // one connection, without the API's statement time limit
      const postgres = (await import("postgres")).default;
      const client = postgres(options.url, { max: 1, onnotice: () => {} });
      try {
        await client.unsafe("set statement_timeout = 0");
        for (const statement of fillStatements(n)) await client.unsafe(statement);
      } finally {
        await client.end();
      }
    } else {
      const handle = await openDatabase(options);
      try {
        for (const statement of fillStatements(n)) await handle.db.$client.exec(statement);
      } finally {
        await handle.close();
      }
    }
    const seconds = (Date.now() - started) / 1000;
    ctx.log(`scale: ${label} filled in ${seconds.toFixed(1)} s`);
    return seconds;
  };

  const wanted = new Set((ctx.databases ?? "postgres,pglite").split(","));
  // PostgreSQL: the API migrates and seeds, the bench adds the history, the API is told to drop its caches
  if (wanted.has("postgres")) {
    const pg = await ctx.startPostgres("scale");
    const api = ctx.startApi("api (scale, PostgreSQL)", ctx.ports.api, ctx.ports.apiAdmin, { DATABASE_URL: pg.url });
    await ctx.waitForHttp(`http://127.0.0.1:${ctx.ports.api}/healthz`, api, 120_000);
    const fillSeconds = await fill({ url: pg.url }, "PostgreSQL");
    result.databases.postgres = {
      fillSeconds,
      storage: await storageOf(pg.url),
      rows: await measure(ctx, api, ctx.ports.api, ctx.ports.apiAdmin, repeats),
    };
    await ctx.stopProcess(api);
  }
  // PGlite: one process at a time owns the data folder, so the API creates it, stops, the bench fills it
  if (wanted.has("pglite")) {
    const dataDir = mkdtempSync(join(tmpdir(), "bench-scale-pglite-"));
    ctx.onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = { DATA_DIR: dataDir };
    let api = ctx.startApi("api (scale, PGlite)", ctx.ports.lite, ctx.ports.liteAdmin, env);
    await ctx.waitForHttp(`http://127.0.0.1:${ctx.ports.lite}/healthz`, api, 180_000);
    await ctx.stopProcess(api);
    const fillSeconds = await fill({ dataDir }, "PGlite");
    api = ctx.startApi("api (scale, PGlite)", ctx.ports.lite, ctx.ports.liteAdmin, env);
    await ctx.waitForHttp(`http://127.0.0.1:${ctx.ports.lite}/healthz`, api, 180_000);
    result.databases.pglite = {
      fillSeconds,
      rows: await measure(ctx, api, ctx.ports.lite, ctx.ports.liteAdmin, repeats),
    };
    await ctx.stopProcess(api);
  }
  return result;
}

/** What the history takes on disk: the database, and its largest tables with their indexes (MB). */
async function storageOf(url) {
  const postgres = (await import("postgres")).default;
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await client.unsafe("vacuum analyze");
    const [db] = await client`select pg_database_size(current_database())::float8 / 1048576 as mb`;
    const tables = await client`
      select relname as name, pg_total_relation_size(oid)::float8 / 1048576 as mb, reltuples::float8 as rows
      from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace
      order by pg_total_relation_size(oid) desc limit 6`;
    return { databaseMb: db.mb, tables };
  } finally {
    await client.end();
  }
}

async function measure(ctx, api, port, adminPort, repeats) {
  const site = `http://127.0.0.1:${port}`;
  const office = `http://127.0.0.1:${adminPort}`;
  const cookie = await ctx.adminCookie(adminPort);
  const posts = await (await fetch(`${site}/api/blog?published=true`)).json();
  const slug = posts[0]?.slug;
  const trpc = (path, input) =>
    `/api/trpc/${path}${input ? `?input=${encodeURIComponent(JSON.stringify(input))}` : ""}`;
  const screens = [
    ["page", "home", site, "/"],
    ["page", "products", site, "/products"],
    ["page", "product", site, "/product/1"],
    ["page", "blog", site, "/blog"],
    ["page", "blog page 5", site, "/blog?page=5"],
    ["page", "blog post", site, `/blog/${slug}`],
    ["page", "gallery", site, "/gallery"],
    ["page", "contact", site, "/contact"],
    ["api", "GET /api/products", site, "/api/products"],
    ["api", "GET /api/blog?published=true", site, "/api/blog?published=true"],
    ["api", "blog search", site, "/api/blog/search?q=container"],
    ["office", "dashboard (admin.stats)", office, trpc("admin.stats")],
    ["office", "analytics, 12 months", office, trpc("admin.analytics")],
    ["office", "visitors (latest)", office, trpc("admin.visitors")],
    ["office", "visitor stats", office, trpc("admin.visitorStats")],
    ["office", "orders list", office, trpc("orders.list", {})],
    ["office", "orders, status filter", office, "/api/admin/orders?status=shipped"],
    ["office", "orders, search", office, "/api/admin/orders?q=buyer4242"],
    ["office", "leads list", office, trpc("leads.list", {})],
    ["office", "leads, status filter", office, "/api/admin/contacts?status=qualified"],
    ["office", "leads, search", office, "/api/admin/contacts?q=lead777"],
    ["office", "posts (admin)", office, trpc("content.posts")],
    ["office", "products (admin)", office, trpc("catalog.list")],
    ["office", "audit log", office, trpc("admin.audit")],
  ];
  const rows = [];
  const built = existsSync(join(ctx.root, "storefront", "dist", "index.html"));
  if (!built) ctx.note("scale: the storefront is not built (npm run build): its pages were not timed");
  for (const [kind, name, base, path] of screens.filter(([kind]) => built || kind !== "page")) {
    const headers = base === office ? { cookie } : {};
    const times = [];
    let status = 0;
    let bytes = 0;
    for (let i = 0; i < repeats + 1; i++) {
      const t0 = performance.now();
      const res = await fetch(`${base}${path}`, { headers });
      const body = await res.arrayBuffer();
      times.push(performance.now() - t0);
      status = res.status;
      bytes = body.byteLength;
    }
    const [cold, ...warm] = times;
    rows.push({ kind, name, path, status, bytes, coldMs: cold, p95Ms: percentile(warm, 95) });
  }
  // exports: the whole history streamed; the API's memory sampled meanwhile
  for (const [name, path] of [
    ["orders CSV export", "/api/admin/orders.csv"],
    ["leads CSV export", "/api/admin/contacts.csv"],
  ]) {
    const before = ctx.memoryMb(api.child.pid).rss;
    let peak = before;
    const timer = setInterval(() => {
      peak = Math.max(peak, ctx.memoryMb(api.child.pid).rss);
    }, 25);
    const t0 = performance.now();
    const res = await fetch(`${office}${path}`, { headers: { cookie } });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body) {
      bytes += chunk.byteLength;
      for (const b of chunk) if (b === 10) lines++;
    }
    const ms = performance.now() - t0;
    clearInterval(timer);
    rows.push({
      kind: "export",
      name,
      path,
      status: res.status,
      bytes,
      lines: lines - 1,
      coldMs: ms,
      p95Ms: Number.NaN,
      rssBeforeMb: before,
      rssPeakMb: peak,
    });
  }
  // PGlite's memory is the database's too (WebAssembly memory grows with the pages it reads and never
  // shrinks), so the flat-memory target is PostgreSQL's; PGlite's figures are shown for information
  for (const r of rows) {
    r.ok = r.status === 200 && (r.kind === "export" ? r.rssPeakMb - r.rssBeforeMb <= 50 : r.p95Ms <= SCALE_TARGET_MS);
  }
  return rows;
}
