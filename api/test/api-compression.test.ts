// Compressed JSON under /api: brotli or gzip by Accept-Encoding for answers over 1 KB, "Vary:
// Accept-Encoding", nothing compressed for a client that does not ask; cached reads keep their
// compressed bytes (made once per cached entry) and lose them with the entry when the data changes.
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { COMPRESS_MIN_BYTES, compressedBody, keepCompressedForms } from "../src/lib/compressed-forms";
import { type TestApps, useSignedInApps } from "./harness";

let apps: TestApps;
let cookie: string;

useSignedInApps((signedIn) => {
  ({ apps, cookie } = signedIn);
});

const get = (url: string, acceptEncoding?: string, extra: Record<string, string> = {}) =>
  apps.storefront.inject({
    method: "GET",
    url,
    headers: { ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}), ...extra },
  });

const varies = (vary: unknown) =>
  String(vary)
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes("accept-encoding");

describe("compressed JSON under /api", () => {
  it("sends brotli or gzip as the client accepts, the same JSON as the plain answer", async () => {
    const plain = await get("/api/products");
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(varies(plain.headers.vary)).toBe(true);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);

    const br = await get("/api/products", "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(varies(br.headers.vary)).toBe(true);
    expect(br.headers["content-type"]).toMatch(/^application\/json/);
    expect(Number(br.headers["content-length"])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await get("/api/products", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    // refused encodings (q=0) and unknown ones get the plain answer
    const refused = await get("/api/products", "br;q=0, gzip;q=0, identity");
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it("compresses the tRPC fast lane and uncached answers too, and leaves answers under 1 KB alone", async () => {
    const trpc = await get(`/api/trpc/catalog.list?input=${encodeURIComponent("{}")}`, "br");
    expect(trpc.statusCode).toBe(200);
    expect(trpc.headers["content-encoding"]).toBe("br");
    const vary = String(trpc.headers.vary).toLowerCase();
    expect(vary).toContain("trpc-accept");
    expect(varies(vary)).toBe(true);
    expect(JSON.parse(brotliDecompressSync(trpc.rawPayload).toString()).result.data.length).toBeGreaterThan(0);

    // the back office's lists are not cached but are compressed as they are sent
    const list = await apps.backoffice.inject({
      method: "GET",
      url: "/api/trpc/catalog.list",
      headers: { cookie, "accept-encoding": "gzip" },
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(list.rawPayload).toString()).result.data.length).toBeGreaterThan(0);

    const small = await get("/api/products/987654", "br, gzip");
    expect(small.statusCode).toBe(404);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json()).toMatchObject({ message: expect.any(String), issues: [] });
  });

  it("compresses a cached body once and keeps the result with it", async () => {
    const body = keepCompressedForms(Buffer.from(JSON.stringify({ items: "x".repeat(4000) })));
    const first = compressedBody(body, "br");
    expect(compressedBody(body, "br")).toBe(first);
    expect(compressedBody(body, "gzip")).toBe(compressedBody(body, "gzip"));
    // a body nobody keeps is compressed per call
    const loose = Buffer.from(JSON.stringify({ items: "y".repeat(4000) }));
    expect(compressedBody(loose, "br")).not.toBe(compressedBody(loose, "br"));
    expect(brotliDecompressSync(await first).equals(body)).toBe(true);
  });

  it("drops the compressed bytes with the cached entry when the catalog changes", async () => {
    const before = JSON.parse(brotliDecompressSync((await get("/api/products", "br")).rawPayload).toString());
    const again = await get("/api/products", "br");
    expect(JSON.parse(brotliDecompressSync(again.rawPayload).toString())).toEqual(before);
    const victim = before.at(-1);
    const removed = await apps.backoffice.inject({
      method: "POST",
      url: "/api/trpc/catalog.delete",
      headers: { cookie },
      payload: { id: victim.id },
    });
    expect(removed.statusCode).toBe(200);
    const after = JSON.parse(brotliDecompressSync((await get("/api/products", "br")).rawPayload).toString());
    expect(after.map((p: { id: number }) => p.id)).not.toContain(victim.id);
    expect(after).toHaveLength(before.length - 1);
  });
});
