// Public reads are served from memory, and every change through the back office shows at once:
// in the process that made it and, through PostgreSQL LISTEN/NOTIFY, in every other process.
import { productInputOf } from "@ch/contracts/catalog";
import { openDatabase } from "@ch/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCache } from "../../src/lib/read-cache";
import { listProducts } from "../../src/modules/catalog/catalog.service";
import { signedInCookie, startTestApps, type TestApps } from "../harness";

let apps: TestApps;
let cookie: string;

beforeAll(async () => {
  apps = await startTestApps();
  cookie = await signedInCookie(apps);
});
afterAll(async () => {
  readCache(apps.db.handle.db).stop();
  await apps?.close();
});

const admin = (path: string, input: unknown) =>
  apps.backoffice.inject({
    method: "POST",
    url: `/api/trpc/${path}`,
    headers: { cookie, "content-type": "application/json", origin: apps.env.backofficeOrigin },
    payload: JSON.stringify(input),
  });

async function untilTrusted() {
  const cache = readCache(apps.db.handle.db);
  for (let i = 0; i < 100 && !cache.trusted(); i++) {
    await apps.storefront.inject({ url: "/api/products" });
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(cache.trusted()).toBe(true);
}

describe("read cache", () => {
  it("answers the same bytes as without it, and shows product, post and gallery changes at once", async () => {
    await untilTrusted();
    const first = await apps.storefront.inject({ url: "/api/products/1" });
    expect(first.headers["content-type"]).toBe("application/json; charset=utf-8");
    const product = first.json();
    expect((await apps.storefront.inject({ url: "/api/products" })).body).toBe(
      JSON.stringify(await listProducts(apps.db.handle.db)),
    );
    // the answer came from memory: the kept bytes are what was sent, and a read now never loads
    const cache = readCache(apps.db.handle.db);
    expect(cache.peekJson("products:one:1")?.toString()).toBe(first.body);
    const notLoaded = () => Promise.reject(new Error("loaded although kept"));
    expect((await cache.json("products:one:1", notLoaded)).toString()).toBe(first.body);

    const updated = await admin("catalog.update", {
      id: product.id,
      data: { ...productInputOf(product), name: "The Cleveland II" },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(cache.holds("products:one:1"), "a change drops the kept answer").toBe(false);
    expect((await apps.storefront.inject({ url: "/api/products/1" })).json().name).toBe("The Cleveland II");
    const list = (await apps.storefront.inject({ url: "/api/products" })).json() as { id: number; name: string }[];
    expect(list.find((p) => p.id === 1)?.name).toBe("The Cleveland II");

    const posts = (await apps.storefront.inject({ url: "/api/blog?published=true" })).json() as { id: number }[];
    const removed = await admin("content.deletePost", { id: posts[0]!.id });
    expect(removed.statusCode, removed.body).toBe(200);
    const after = (await apps.storefront.inject({ url: "/api/blog?published=true" })).json() as { id: number }[];
    expect(after.map((p) => p.id)).not.toContain(posts[0]!.id);

    const gallery = (await apps.storefront.inject({ url: "/api/gallery" })).json() as { id: number }[];
    const reordered = await admin("content.reorderGallery", { ids: [gallery.at(-1)!.id] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect((await apps.storefront.inject({ url: "/api/gallery" })).json()[0].id).toBe(gallery.at(-1)!.id);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "drops another process's copy when this one commits a change (PostgreSQL)",
    async () => {
      // a second connection pool with its own cache stands for a second API process
      const other = await openDatabase({ url: apps.db.url! });
      try {
        const cache = readCache(other.db);
        const read = async () => (await cache.json("products:list:", () => listProducts(other.db))).toString();
        for (let i = 0; i < 100 && !cache.trusted(); i++) {
          await read();
          await new Promise((r) => setTimeout(r, 20));
        }
        expect(cache.trusted()).toBe(true);
        expect(await read()).toContain("The Cleveland II");
        const product = (await apps.storefront.inject({ url: "/api/products/1" })).json();
        const res = await admin("catalog.update", {
          id: product.id,
          data: { ...productInputOf(product), name: "The Cleveland III" },
        });
        expect(res.statusCode, res.body).toBe(200);
        let seen = "";
        for (let i = 0; i < 50 && !seen.includes("The Cleveland III"); i++) {
          await new Promise((r) => setTimeout(r, 10));
          seen = await read();
        }
        expect(seen).toContain("The Cleveland III");
        cache.stop();
      } finally {
        await other.close();
      }
    },
  );
});
