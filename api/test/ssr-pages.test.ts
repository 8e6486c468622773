// How the storefront origin sends its pages and assets: precompressed assets (brotli, gzip) chosen
// by Accept-Encoding with Vary, generated HTML compressed per request, JSON under /api never
// compressed; and the server-side render of the built storefront (storefront/dist-server): the
// app's markup and the data it was rendered from in the first HTML, read in process.
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { schema } from "@ch/db";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { systemClock } from "../src/lib/clock";
import { pickEncoding } from "../src/lib/compressed-forms";
import { inspectHtml } from "../src/modules/seo/inspect";
import { publicReads } from "../src/modules/seo/ssr";
import { buildPresent, type TestDatabase, testEnv } from "./harness";
import { usePagesApp } from "./pages-app";

describe("pickEncoding", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(pickEncoding("identity")).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding(["gzip", "br"])).toBe("br");
  });
});

describe("compression on the storefront origin", () => {
  let app: FastifyInstance;
  const script = `console.log(${JSON.stringify("container homes ".repeat(200))});\n`;
  const files = {
    "assets/app-abc123.js": script,
    "assets/app-abc123.js.br": brotliCompressSync(script),
    "assets/app-abc123.js.gz": gzipSync(script),
  };

  usePagesApp({ build: { prefix: "spa-dist-", files } }, (started) => {
    ({ app } = started);
  });

  it("sends the precompressed copy of an asset that the client accepts, with Vary", async () => {
    const url = "/assets/app-abc123.js";
    const br = await app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await app.inject({ method: "GET", url, headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);
  });

  it("compresses the generated HTML of a page when the client accepts it", async () => {
    const plain = await app.inject({ method: "GET", url: "/about" });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    // no server render in this build: the page is sent as before, with its no-script body
    expect(plain.body).toContain('<div id="root"></div>');
    expect(plain.body).toContain("<noscript>");

    const br = await app.inject({ method: "GET", url: "/about", headers: { "accept-encoding": "br" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/text\/html/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const missing = await app.inject({ method: "GET", url: "/no-such-page", headers: { "accept-encoding": "gzip" } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(missing.rawPayload).toString()).toContain("<title");
  });

  it("compresses JSON under /api over 1 KB by Accept-Encoding", async () => {
    const res = await app.inject({ method: "GET", url: "/api/products", headers: { "accept-encoding": "gzip" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(Array.isArray(JSON.parse(gunzipSync(res.rawPayload).toString()))).toBe(true);
    const plain = await app.inject({ method: "GET", url: "/api/products" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
  });
});

const dist = join(import.meta.dirname, "..", "..", "storefront", "dist");
const hasSsr = buildPresent(
  [join(dist, "index.html"), join(dist, "..", "dist-server", "entry-server.js")],
  "SSR tests",
);

/** The markup inside #root and the embedded query state of a page. */
function parts(html: string) {
  const root = /<div id="root">([\s\S]*?)<\/div>\s*<script id="query-state"/.exec(html)?.[1] ?? null;
  const stateText = /<script id="query-state" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  const state = stateText ? (JSON.parse(stateText) as [unknown[], unknown][]) : null;
  return { root, state, stateText: stateText ?? "" };
}

describe.skipIf(!hasSsr)("server-side render of the storefront", () => {
  let db: TestDatabase;
  let app: FastifyInstance;

  usePagesApp({ build: dist }, (started) => {
    ({ db, app } = started);
  });

  it("home, products and a product arrive rendered, with their data and no tRPC or REST round trip needed", async () => {
    const products = (await app.inject({ method: "GET", url: "/api/products" })).json() as {
      id: number;
      name: string;
    }[];
    const first = products[0]!;
    const cases: [string, string, unknown[]][] = [
      // the storefront's query keys: tRPC's (procedure path, input, type)
      ["/", "Built Different", [["catalog", "featured"], { type: "query" }]],
      ["/products", "Our Container Homes", [["catalog", "list"], { input: {}, type: "query" }]],
      [`/product/${first.id}`, first.name, [["catalog", "byId"], { input: { id: first.id }, type: "query" }]],
    ];
    for (const [url, text, key] of cases) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      const { root, state } = parts(res.body);
      expect(root, url).toBeTruthy();
      expect(root, url).toContain(text);
      expect(root, url).toContain("<h1");
      // the stylesheet comes inside the page: the first paint waits for no second request
      expect(res.body, url).toMatch(/<style>[^<]*\.flex\{/);
      expect(res.body, url).not.toMatch(/<link rel="stylesheet"/);
      // the no-script copy is not needed when the app's own markup is there
      expect(res.body, url).not.toContain("<noscript>");
      expect(inspectHtml(res.body).h1, url).toHaveLength(1);
      expect(
        state?.some(([k]) => JSON.stringify(k) === JSON.stringify(key)),
        url,
      ).toBe(true);
      // CSP allows no inline script: every script is external or data
      for (const tag of res.body.match(/<script\b[^>]*>/g) ?? [])
        expect(tag, url).toMatch(/src=|type="application\/(ld\+)?json"/);
    }
    const listing = parts((await app.inject({ method: "GET", url: "/products" })).body);
    for (const p of products) expect(listing.root).toContain(p.name.replace(/&/g, "&amp;"));
    // the LCP image is found in the HTML, fetched first, never lazily
    const product = await app.inject({ method: "GET", url: `/product/${first.id}` });
    expect(product.body).toMatch(/<img[^>]*fetchpriority="high"/i);
    // ... and asked for before the app's script: its preload is at the top of <head>
    const head = product.body.slice(0, product.body.indexOf("</head>"));
    // (the responsive variants: AVIF candidates, the same as the <picture>'s source, see ResponsiveImage)
    const preload = head.search(
      /<link rel="preload" as="image" type="image\/avif" fetchPriority="high" imageSrcSet="\/media\/[^"]+\.400w\.avif 400w/,
    );
    expect(preload).toBeGreaterThan(0);
    expect(preload).toBeLessThan(head.search(/<script type="module"/));
  });

  it("renders not-found screens with their 404 status; the pages that depend on the visitor's browser as before", async () => {
    for (const [url, heading] of [
      ["/product/999999", "Product Not Found"],
      ["/blog/no-such-article", "Article Not Found"],
      ["/no-such-page", "404 Page Not Found"],
      ["/products/no-such-category", "Category Not Found"],
    ] as const) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<div id="root"></div>');
      expect(res.body, url).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      // the app's own screen replaces the no-script fallback (no second <main> inside <noscript>)
      expect(res.body, url).not.toContain("<noscript>");
    }
    for (const url of ["/cart", "/checkout", "/order-confirmation", "/order-status"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
    }
  });

  it("reads in process exactly what the procedures and their REST routes answer", async () => {
    const get = publicReads({ db: db.handle.db, env: testEnv(), clock: systemClock, log: app.log });
    const posts = (await app.inject({ method: "GET", url: "/api/blog?published=true" })).json() as { slug: string }[];
    const input = (value: unknown) => `?input=${encodeURIComponent(JSON.stringify(value))}`;
    for (const [path, rest] of [
      [`/api/trpc/catalog.list${input({})}`, "/api/products"],
      [`/api/trpc/catalog.list${input({ category: "40ft-homes" })}`, "/api/products?category=40ft-homes"],
      ["/api/trpc/catalog.featured", "/api/products/featured"],
      [`/api/trpc/catalog.byId${input({ id: 1 })}`, "/api/products/1"],
      ["/api/trpc/content.gallery", "/api/gallery"],
      [`/api/trpc/content.posts${input({ limit: 6, offset: 0 })}`, "/api/blog?published=true&limit=6&offset=0"],
      [`/api/trpc/content.postSummaries${input({ q: "zoning" })}`, "/api/blog/search?q=zoning"],
      [`/api/trpc/content.postBySlug${input({ slug: posts[0]!.slug })}`, `/api/blog/${posts[0]!.slug}`],
    ] as const) {
      const read = JSON.parse(JSON.stringify(await get(path)));
      expect(read, path).toEqual((await app.inject({ method: "GET", url: rest })).json());
      expect(read, path).toEqual((await app.inject({ method: "GET", url: path })).json().result.data);
    }
    await expect(get(`/api/trpc/catalog.byId${input({ id: 999999 })}`)).rejects.toMatchObject({ status: 404 });
    await expect(get(`/api/trpc/catalog.byId${input({ id: "abc" })}`)).rejects.toMatchObject({ status: 400 });
    await expect(get("/api/trpc/catalog.byId?input=%7Bnot-json")).rejects.toMatchObject({ status: 400 });
    await expect(get("/api/trpc/orders.receipt")).rejects.toMatchObject({ status: 404 });
    await expect(get("/api/products")).rejects.toMatchObject({ status: 404 });
  });
  // last: it writes to the database directly, without the change notice real writes send
  it("escapes the embedded state so that data can never close the script element", async () => {
    const [created] = await db.handle.db
      .insert(schema.products)
      .values({
        name: "Marfa </script><script>alert(1)</script> Loft",
        description: "A loft whose name tries to break out of the page's data block.",
        priceCents: 4_000_000,
        category: "20ft-homes",
        images: [{ url: "/media/marfa.webp", width: 1200, height: 800 }],
      })
      .returning();
    const res = await app.inject({ method: "GET", url: `/product/${created!.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain("</script><script>alert(1)");
    const { state, stateText } = parts(res.body);
    expect(stateText).toContain("\\u003c/script>");
    expect(JSON.stringify(state)).toContain("Marfa </script><script>alert(1)</script> Loft");
  });
});
