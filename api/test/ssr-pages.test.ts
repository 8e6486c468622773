// How the storefront origin sends its pages and assets: precompressed assets (brotli, gzip) chosen
// by Accept-Encoding with Vary, generated HTML compressed per request, JSON under /api never
// compressed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { pickEncoding } from "../src/http/spa";
import { FALLBACK_TEMPLATE } from "../src/modules/seo/html";
import { createTestDatabase, type TestDatabase, testEnv } from "./harness";

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
  let db: TestDatabase;
  let app: FastifyInstance;
  let dist: string;
  const script = `console.log(${JSON.stringify("container homes ".repeat(200))});\n`;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), "spa-dist-"));
    mkdirSync(join(dist, "assets"));
    writeFileSync(join(dist, "index.html"), FALLBACK_TEMPLATE);
    writeFileSync(join(dist, "assets", "app-abc123.js"), script);
    writeFileSync(join(dist, "assets", "app-abc123.js.br"), brotliCompressSync(script));
    writeFileSync(join(dist, "assets", "app-abc123.js.gz"), gzipSync(script));
    db = await createTestDatabase();
    app = await buildApp({ surface: "storefront", db: db.handle.db, env: testEnv(), spa: dist });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await db?.drop();
    rmSync(dist, { recursive: true, force: true });
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

  it("never compresses JSON under /api", async () => {
    const res = await app.inject({ method: "GET", url: "/api/products", headers: { "accept-encoding": "gzip, br" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(Array.isArray(res.json())).toBe(true);
  });
});
