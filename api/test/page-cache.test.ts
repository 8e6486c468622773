// Storefront pages are rendered once per URL and reused until the public data changes (or a minute
// passes); a change made through the services shows on the very next request.

import { type ProductInput, productInputOf } from "@ch/contracts/catalog";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { readCache } from "../src/lib/read-cache";
import { getProduct, updateProduct } from "../src/modules/catalog/catalog.service";
import type { TestDatabase } from "./harness";
import { usePagesApp } from "./pages-app";

let db: TestDatabase;
let app: FastifyInstance;

usePagesApp({ build: { prefix: "page-cache-" } }, (started) => {
  ({ db, app } = started);
});

const page = (url: string, encoding?: string) =>
  app.inject({ method: "GET", url, headers: encoding ? { "accept-encoding": encoding } : {} });

describe("rendered page cache", () => {
  it("reuses a page and its compressed bytes, and renders it again after a product change", async () => {
    const cache = readCache(db.handle.db);
    await page("/product/1");
    for (let i = 0; i < 100 && !cache.trusted(); i++) await new Promise((r) => setTimeout(r, 20));
    expect(cache.trusted()).toBe(true);

    const first = await page("/product/1", "br");
    // a change behind the services' back (no announcement): a page rendered again would show it, a
    // reused one cannot
    await db.handle.db.execute(sql`UPDATE products SET name = 'Unannounced name' WHERE id = 1`);
    const again = await page("/product/1", "br");
    expect(again.statusCode).toBe(200);
    expect(again.headers["content-encoding"]).toBe("br");
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await page("/product/1")).body).not.toContain("Unannounced name");

    const product = await getProduct(db.handle.db, 1);
    const input: ProductInput = { ...productInputOf(product), name: "The Cleveland Deluxe" };
    await updateProduct(db.handle.db, product.id, input, new Date());
    const after = await page("/product/1");
    expect(after.body).toContain("The Cleveland Deluxe");
    expect(after.body).not.toContain(`<title>${product.name} –`);
  });

  it("keeps the status of a missing page", async () => {
    expect((await page("/product/999999")).statusCode).toBe(404);
    expect((await page("/product/999999")).statusCode).toBe(404);
  });
});
