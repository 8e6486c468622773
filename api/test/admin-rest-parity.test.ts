// Admin REST parity (issue 16 item 2): what staff do over tRPC has a REST path over the same service,
// usable with an API key (Bearer, per scope) and with a staff session cookie alike. Catalog, gallery and
// blog writes show on the storefront's public paths; leads and orders are read with notes; every list
// walks its rows exactly once by cursor, in a stable order, ending with `next: null` (or no Link header on
// the plain-array lists); bad input is 400 naming the field, an unknown id 404, a missing scope 403
// naming it. PGlite, and PostgreSQL with DATABASE_URL.

import { contactDetailsResponse, noteList, noteResponse } from "@ch/contracts/admin";
import type { ApiKeyScope } from "@ch/contracts/api-keys";
import { adminProductDto, productDto, productPage } from "@ch/contracts/catalog";
import { adminPostPage, blogPostDto, galleryItemDto, galleryPage } from "@ch/contracts/content";
import { type Money, money } from "@ch/contracts/money";
import { adminOrderRecordResponse } from "@ch/contracts/orders";
import { schema } from "@ch/db";
import { and, desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { fromMoneyFormBody, moneyPlanOf } from "../src/lib/money-form";
import { rolesForPath } from "../src/modules/access/access-policy";
import { scopesForPath } from "../src/modules/api-keys/scope-policy";
import { backofficeRoutes } from "../src/routes";
import { orderBody, type TestApps, useSignedInApps } from "./harness";
import { dollarsOf, usd } from "./money";

let apps: TestApps;
let cookie: string;
let fullKey: string;
let ordersReadKey: string;
let orderId: number;
let contactId: number;
let seedImages: { url: string; width: number; height: number }[];
let galleryImage: string;

type Method = "GET" | "POST" | "PUT" | "DELETE";
type Mode = "key" | "session";

const FULL_SCOPES: ApiKeyScope[] = ["catalog:write", "content:write", "leads:write", "orders:write", "proposals:write"];

function admin(mode: Mode, method: Method, url: string, payload?: unknown) {
  return apps.backoffice.inject({
    method,
    url,
    headers: mode === "key" ? { authorization: `Bearer ${fullKey}` } : { cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const pub = (url: string) => apps.storefront.inject({ method: "GET", url });

/**
 * The answer matches the route's response schema (its wire side), its money read back from the money
 * form (the current version's) into the units the schema holds.
 */
function expectShape(schemaOf: z.ZodType, body: unknown) {
  const plan = moneyPlanOf(schemaOf);
  const read = plan ? fromMoneyFormBody(plan, body) : { value: body, issues: [] };
  expect(read.issues).toEqual([]);
  const parsed = schemaOf.safeParse(read.value);
  expect(parsed.success, parsed.success ? "" : JSON.stringify(parsed.error.issues.slice(0, 3))).toBe(true);
}

async function lastAudit(entityType: string, entityId: number) {
  const [row] = await apps.db.handle.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.entityType, entityType), eq(schema.auditLog.entityId, String(entityId))))
    .orderBy(desc(schema.auditLog.id))
    .limit(1);
  return row;
}

async function productUpdatedEvents() {
  const [row] = await apps.db.handle.db
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.webhookEvents)
    .where(eq(schema.webhookEvents.type, "product.updated"));
  return Number(row?.n ?? 0);
}

useSignedInApps({ env: { API_KEY_RATE_LIMIT: "100000" }, timeoutMs: 120_000 }, (signedIn) => {
  ({ apps, cookie } = signedIn);
});
beforeAll(async () => {
  const createKey = async (name: string, scopes: ApiKeyScope[]) => {
    const res = await apps.backoffice.inject({
      method: "POST",
      url: "/api/trpc/apiKeys.create",
      headers: { cookie, origin: apps.env.backofficeOrigin },
      payload: { name, scopes },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { result: { data: { secret: string } } }).result.data.secret;
  };
  fullKey = await createKey("integrator", FULL_SCOPES);
  // an endpoint subscribed to product.updated: the event is written with the change (no delivery awaited here)
  const hook = await apps.backoffice.inject({
    method: "POST",
    url: "/api/admin/webhooks",
    headers: { cookie },
    payload: { url: "http://127.0.0.1:9/hook", events: ["product.updated"] },
  });
  expect(hook.statusCode, hook.body).toBe(201);
  ordersReadKey = await createKey("orders reader", ["orders:read"]);

  const products = (await pub("/api/products")).json() as {
    id: number;
    price: number;
    imageDetails: { url: string; width: number; height: number }[];
  }[];
  const product = products.find((p) => p.imageDetails.length >= 2) ?? products[0]!;
  seedImages = product.imageDetails;
  const order = await apps.storefront.inject({
    method: "POST",
    url: "/api/orders",
    payload: orderBody([{ id: product.id, quantity: 1, price: product.price }], { paymentMethod: "bank-transfer" }),
  });
  expect(order.statusCode, order.body).toBe(201);
  orderId = (order.json() as { id: number }).id;

  const gallery = (await pub("/api/gallery")).json() as { image: string }[];
  galleryImage = gallery[0]!.image;

  const [lead] = await apps.db.handle.db
    .insert(schema.enquiries)
    .values({ source: "contact-form", firstName: "Ana", lastName: "Ruiz", email: "ana@example.com", message: "Hi" })
    .returning({ id: schema.enquiries.id });
  contactId = lead!.id;
}, 120_000);

const productBody = (name: string) => ({
  name,
  description: "A 20 ft home made for the parity test.",
  price: usd(45_000),
  category: "20ft-homes",
  images: seedImages,
  specs: { bedrooms: 1, bathrooms: 1 },
  featured: false,
  inStock: true,
});

describe.each(["key", "session"] as const)("with %s", (mode) => {
  const actorName = () => (mode === "key" ? "integrator" : "owner");

  it("products: create, read, update, set images, delete; the storefront follows", async () => {
    const created = await admin(mode, "POST", "/api/admin/products", productBody(`Parity home ${mode}`));
    expect(created.statusCode, created.body).toBe(201);
    expectShape(productDto, created.json());
    const id = (created.json() as { id: number }).id;
    const listed = (await pub("/api/products")).json() as { id: number; name: string }[];
    expect(listed.find((p) => p.id === id)?.name).toBe(`Parity home ${mode}`);
    expect(await lastAudit("product", id)).toMatchObject({ action: "product.create" });
    expect((await lastAudit("product", id))?.adminName).toContain(actorName());

    const read = await admin(mode, "GET", `/api/admin/products/${id}`);
    expect(read.statusCode).toBe(200);
    expectShape(productDto, read.json());

    const eventsBefore = await productUpdatedEvents();
    const updated = await admin(mode, "PUT", `/api/admin/products/${id}`, productBody(`Parity home ${mode} v2`));
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await productUpdatedEvents()).toBe(eventsBefore + 1);
    expect((await pub(`/api/products/${id}`)).json()).toMatchObject({ name: `Parity home ${mode} v2` });
    expect(await lastAudit("product", id)).toMatchObject({ action: "product.update" });

    const reversed = [...seedImages].reverse();
    const images = await admin(mode, "PUT", `/api/admin/products/${id}/images`, { images: reversed });
    expect(images.statusCode, images.body).toBe(200);
    expectShape(productDto, images.json());
    expect((images.json() as { imageDetails: unknown[] }).imageDetails).toEqual(reversed);
    expect(((await pub(`/api/products/${id}`)).json() as { images: string[] }).images).toEqual(
      reversed.map((i) => i.url),
    );
    const removed = await admin(mode, "PUT", `/api/admin/products/${id}/images`, { images: [] });
    expect((removed.json() as { images: string[] }).images).toEqual([]);

    const deleted = await admin(mode, "DELETE", `/api/admin/products/${id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    expect((await pub(`/api/products/${id}`)).statusCode).toBe(404);
    expect((await admin(mode, "GET", `/api/admin/products/${id}`)).statusCode).toBe(404);
    expect(await lastAudit("product", id)).toMatchObject({ action: "product.delete" });
  });

  it("products: a draft is hidden and cannot be ordered, publish shows it, unpublish hides it again", async () => {
    const name = `Parity draft ${mode}`;
    const created = await admin(mode, "POST", "/api/admin/products", {
      ...productBody(name),
      featured: true,
      published: false,
    });
    expect(created.statusCode, created.body).toBe(201);
    expectShape(adminProductDto, created.json());
    expect(created.json()).toMatchObject({ name, published: false });
    const id = (created.json() as { id: number }).id;
    const price = dollarsOf((created.json() as { price: Money }).price);
    const visible = async () => {
      const list = (await pub("/api/products")).json() as { id: number }[];
      const featured = (await pub("/api/products/featured")).json() as { id: number }[];
      const category = (await pub("/api/products?category=20ft-homes")).json() as { id: number }[];
      const one = (await pub(`/api/products/${id}`)).statusCode;
      const sitemap = (await pub("/sitemap.xml")).body.includes(`/product/${id}<`);
      return [list, featured, category].map((l) => l.some((p) => p.id === id)).concat(one === 200, sitemap);
    };
    expect(await visible()).toEqual([false, false, false, false, false]);
    // staff see it, draft state included
    expect((await admin(mode, "GET", `/api/admin/products/${id}`)).json()).toMatchObject({ id, published: false });
    const page = (await admin(mode, "GET", "/api/admin/products?limit=5")).json() as { items: { id: number }[] };
    expect(page.items.some((p) => p.id === id)).toBe(true);
    const order = () =>
      apps.storefront.inject({
        method: "POST",
        url: "/api/orders",
        payload: orderBody([{ id, quantity: 1, price }], { paymentMethod: "bank-transfer" }),
      });
    const refused = await order();
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ unknownProductIds: [id] });
    const proposal = () =>
      admin(mode, "POST", "/api/admin/proposals", {
        customerName: "Ana Ruiz",
        email: "ana@example.com",
        state: "TX",
        lines: [{ kind: "product", productId: id, quantity: 1 }],
        validUntil: "2099-01-31",
      });
    // a proposal line with a draft is refused like an unknown product (400 naming the line)
    const draftLine = await proposal();
    expect(draftLine.statusCode, draftLine.body).toBe(400);
    expect(draftLine.json().issues[0].path).toEqual(["lines", 0, "productId"]);

    const eventsBefore = await productUpdatedEvents();
    const published = await admin(mode, "POST", `/api/admin/products/${id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expectShape(adminProductDto, published.json());
    expect(published.json()).toMatchObject({ id, name, published: true });
    expect(await productUpdatedEvents()).toBe(eventsBefore + 1);
    expect(await lastAudit("product", id)).toMatchObject({ action: "product.publish" });
    expect((await lastAudit("product", id))?.adminName).toContain(actorName());
    expect(await visible()).toEqual([true, true, true, true, true]);
    expect((await proposal()).statusCode).toBe(201);
    expect((await pub(`/api/products/${id}`)).json()).toMatchObject({ id, name });

    // an update that leaves `published` out keeps the state
    const kept = await admin(mode, "PUT", `/api/admin/products/${id}`, {
      ...productBody(`${name} v2`),
      featured: true,
    });
    expect(kept.json()).toMatchObject({ published: true });

    const unpublished = await admin(mode, "POST", `/api/admin/products/${id}/unpublish`);
    expect(unpublished.statusCode, unpublished.body).toBe(200);
    expect(unpublished.json()).toMatchObject({ id, published: false });
    expect(await productUpdatedEvents()).toBe(eventsBefore + 3);
    expect(await lastAudit("product", id)).toMatchObject({ action: "product.unpublish" });
    expect(await visible()).toEqual([false, false, false, false, false]);
    expect((await order()).statusCode).toBe(409);
    expect((await admin(mode, "DELETE", `/api/admin/products/${id}`)).statusCode).toBe(200);
  });

  it("gallery: create, read, update, reorder, delete; the storefront follows", async () => {
    const created = await admin(mode, "POST", "/api/admin/gallery", {
      title: `Parity picture ${mode}`,
      category: "exterior",
      image: galleryImage,
    });
    expect(created.statusCode, created.body).toBe(201);
    expectShape(galleryItemDto, created.json());
    const id = (created.json() as { id: number }).id;
    let gallery = (await pub("/api/gallery")).json() as { id: number; title: string }[];
    expect(gallery.at(-1)).toMatchObject({ id, title: `Parity picture ${mode}` });

    expect((await admin(mode, "GET", `/api/admin/gallery/${id}`)).json()).toMatchObject({ id });
    const updated = await admin(mode, "PUT", `/api/admin/gallery/${id}`, {
      title: `Parity picture ${mode} v2`,
      category: "interior",
      image: galleryImage,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ title: `Parity picture ${mode} v2`, category: "interior" });

    const reordered = await admin(mode, "POST", "/api/admin/gallery/reorder", { ids: [id] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect((reordered.json() as { id: number }[])[0]?.id).toBe(id);
    gallery = (await pub("/api/gallery")).json() as { id: number; title: string }[];
    expect(gallery[0]?.id).toBe(id);
    expect(await lastAudit("gallery", id)).toMatchObject({ action: "gallery.update" });

    expect((await admin(mode, "DELETE", `/api/admin/gallery/${id}`)).json()).toEqual({ ok: true });
    gallery = (await pub("/api/gallery")).json() as { id: number; title: string }[];
    expect(gallery.some((g) => g.id === id)).toBe(false);
    expect((await admin(mode, "DELETE", `/api/admin/gallery/${id}`)).statusCode).toBe(404);
  });

  it("blog: a draft is hidden, publish shows it on /api/blog, unpublish hides it, delete", async () => {
    const slug = `parity-post-${mode}`;
    const body = {
      slug,
      title: `Parity post ${mode}`,
      excerpt: "Short.",
      content: "Long enough content for a post.",
      category: "design",
      image: galleryImage,
      published: false,
    };
    const created = await admin(mode, "POST", "/api/admin/blog/posts", body);
    expect(created.statusCode, created.body).toBe(201);
    expectShape(blogPostDto, created.json());
    const id = (created.json() as { id: number }).id;
    expect((await pub(`/api/blog/${slug}`)).statusCode).toBe(404);
    expect((await admin(mode, "POST", "/api/admin/blog/posts", body)).statusCode).toBe(409);

    const published = await admin(mode, "POST", `/api/admin/blog/posts/${id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ id, published: true });
    expect((await pub(`/api/blog/${slug}`)).json()).toMatchObject({ slug, title: `Parity post ${mode}` });
    const blog = (await pub("/api/blog")).json() as { slug: string }[];
    expect(blog.some((p) => p.slug === slug)).toBe(true);
    expect(await lastAudit("post", id)).toMatchObject({ action: "post.publish" });

    const updated = await admin(mode, "PUT", `/api/admin/blog/posts/${id}`, {
      ...body,
      title: `Parity post ${mode} v2`,
      published: true,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await pub(`/api/blog/${slug}`)).json()).toMatchObject({ title: `Parity post ${mode} v2` });
    const read = await admin(mode, "GET", `/api/admin/blog/posts/${id}`);
    expect(read.json()).toMatchObject({ id, content: body.content });

    expect((await admin(mode, "POST", `/api/admin/blog/posts/${id}/unpublish`)).json()).toMatchObject({
      published: false,
    });
    expect((await pub(`/api/blog/${slug}`)).statusCode).toBe(404);
    expect((await admin(mode, "DELETE", `/api/admin/blog/posts/${id}`)).json()).toEqual({ ok: true });
    expect((await admin(mode, "GET", `/api/admin/blog/posts/${id}`)).statusCode).toBe(404);
  });

  it("leads: read one, add a note, list its notes", async () => {
    const note = await admin(mode, "POST", `/api/admin/contacts/${contactId}/notes`, { body: `Called (${mode})` });
    expect(note.statusCode, note.body).toBe(201);
    expectShape(noteResponse, note.json());
    expect(note.json()).toMatchObject({ body: `Called (${mode})`, adminName: expect.stringContaining(actorName()) });
    const notes = await admin(mode, "GET", `/api/admin/contacts/${contactId}/notes`);
    expectShape(noteList, notes.json());
    expect((notes.json() as { body: string }[])[0]?.body).toBe(`Called (${mode})`);
    const read = await admin(mode, "GET", `/api/admin/contacts/${contactId}`);
    expect(read.statusCode, read.body).toBe(200);
    expectShape(contactDetailsResponse, read.json());
    expect(read.json()).toMatchObject({ id: contactId, firstName: "Ana", notes: expect.any(Array) });
    expect((read.json() as { timeline: { action: string }[] }).timeline[0]?.action).toBe("enquiry.note");
  });

  it("orders: read one with lines, stage, invoices and payments; add a note", async () => {
    const read = await admin(mode, "GET", `/api/admin/orders/${orderId}`);
    expect(read.statusCode, read.body).toBe(200);
    expectShape(adminOrderRecordResponse, read.json());
    const order = read.json() as { lines: unknown[]; stage: string; invoices: unknown[]; payments: unknown[] };
    expect(order.lines.length).toBe(1);
    expect(order.stage).toBe("awaiting_deposit");
    expect(order.invoices.length).toBeGreaterThan(0);
    expect(order.payments).toEqual([]);
    const note = await admin(mode, "POST", `/api/admin/orders/${orderId}/notes`, { body: "Gate code checked" });
    expect(note.statusCode, note.body).toBe(201);
    const notes = (await admin(mode, "GET", `/api/admin/orders/${orderId}/notes`)).json() as { body: string }[];
    expect(notes[0]?.body).toBe("Gate code checked");
  });

  it("proposals: a change over REST is priced and kept by the same service; 409 once accepted is the service's", async () => {
    const body = (customerName: string, unitPriceCents: number) => ({
      customerName,
      email: "ana@example.com",
      state: "TX",
      lines: [{ kind: "custom", name: "Site survey", unitPrice: money(unitPriceCents), quantity: 1 }],
      validUntil: "2099-01-31",
    });
    const create = await admin(mode, "POST", "/api/admin/proposals", body("Ana Ruiz", 100_000));
    expect(create.statusCode, create.body).toBe(201);
    const id = (create.json() as { id: number }).id;
    const updated = await admin(mode, "PUT", `/api/admin/proposals/${id}`, body("Ana Ruiz-Lopez", 150_000));
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ id, customerName: "Ana Ruiz-Lopez", currentVersion: 1 });
    expect((await admin(mode, "POST", `/api/admin/proposals/${id}/send`)).statusCode).toBe(200);
    const again = await admin(mode, "PUT", `/api/admin/proposals/${id}`, body("Ana Ruiz-Lopez", 120_000));
    expect(again.json()).toMatchObject({ currentVersion: 2 });
    expect((await admin(mode, "PUT", "/api/admin/proposals/999999", body("x", 1))).statusCode).toBe(404);
  });
});

describe("cursor pagination", () => {
  /** Follows `next` links from `first`; answers every item id in order and the number of pages. */
  async function walkBody(first: string) {
    const ids: number[] = [];
    let url: string | null = first;
    let pages = 0;
    while (url !== null) {
      const res = await admin("key", "GET", url);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { items: { id: number }[]; next: string | null };
      ids.push(...body.items.map((i) => i.id));
      url = body.next;
      pages += 1;
      expect(pages).toBeLessThan(1000);
    }
    return { ids, pages };
  }

  /** Follows `Link: <…>; rel="next"` headers of a plain-array list. */
  async function walkLinks(first: string, mode: Mode = "key") {
    const ids: number[] = [];
    let url: string | null = first;
    let pages = 0;
    while (url !== null) {
      const res = await admin(mode, "GET", url);
      expect(res.statusCode, res.body).toBe(200);
      ids.push(...(res.json() as { id: number }[]).map((r) => r.id));
      const link = res.headers.link as string | undefined;
      url = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1]! : null;
      pages += 1;
      expect(pages).toBeLessThan(1000);
    }
    return { ids, pages };
  }

  beforeAll(async () => {
    const db = apps.db.handle.db;
    // rows sharing one instant (the id breaks the tie) and two a microsecond apart (finer than a JavaScript date)
    const same = new Date("2026-01-02T03:04:05.678Z");
    await db
      .insert(schema.enquiries)
      .values(Array.from({ length: 7 }, (_, i) => ({ source: "contact-form", firstName: `Tie${i}`, createdAt: same })));
    await db.insert(schema.enquiries).values([
      { source: "contact-form", firstName: "Micro1", createdAt: sql`'2026-01-02T03:04:05.678001Z'::timestamptz` },
      { source: "contact-form", firstName: "Micro2", createdAt: sql`'2026-01-02T03:04:05.678002Z'::timestamptz` },
    ]);
    const [order] = await db.select().from(schema.orders).where(eq(schema.orders.id, orderId));
    const { id: _id, ...copy } = order!;
    for (let i = 0; i < 6; i++) {
      await db.insert(schema.orders).values({
        ...copy,
        orderNumber: `${copy.orderNumber}-P${i}`,
        status: i % 2 === 0 ? "confirmed" : "pending",
        createdAt: i < 4 ? same : sql`${`2026-01-02T03:04:05.67800${i}Z`}::timestamptz`,
      });
    }
    for (let i = 0; i < 5; i++) {
      const res = await admin("key", "POST", "/api/admin/products", productBody(`Paged home ${i}`));
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it("products, gallery and blog posts: every row once, in order, `next` null at the end", async () => {
    const db = apps.db.handle.db;
    const all = await db
      .select({ id: schema.products.id })
      .from(schema.products)
      .orderBy(desc(schema.products.createdAt), desc(schema.products.id));
    const products = await walkBody("/api/admin/products?limit=2");
    expect(products.ids).toEqual(all.map((r) => r.id));
    // limit + 1 rows are read: a last full page already says `next: null`
    expect(products.pages).toBe(Math.ceil(all.length / 2));
    const firstPage = await admin("session", "GET", "/api/admin/products?limit=2");
    expectShape(productPage, firstPage.json());
    expect((firstPage.json() as { next: string }).next).toMatch(
      /^\/api\/admin\/products\?limit=2&cursor=[A-Za-z0-9_-]+$/,
    );
    // the same next page in the Link header, as on every paged list; none on the last page
    expect(firstPage.headers.link).toBe(`<${(firstPage.json() as { next: string }).next}>; rel="next"`);
    const lastProducts = await admin("key", "GET", "/api/admin/products?limit=200");
    expect(lastProducts.headers.link).toBeUndefined();

    const gallery = await walkBody("/api/admin/gallery?limit=3");
    expect(gallery.ids).toEqual(((await pub("/api/gallery")).json() as { id: number }[]).map((g) => g.id));
    expectShape(galleryPage, (await admin("key", "GET", "/api/admin/gallery")).json());

    const posts = await walkBody("/api/admin/blog/posts?limit=4");
    const allPosts = await db
      .select({ id: schema.blogPosts.id })
      .from(schema.blogPosts)
      .orderBy(desc(schema.blogPosts.createdAt), desc(schema.blogPosts.id));
    expect(posts.ids).toEqual(allPosts.map((p) => p.id));
    expectShape(adminPostPage, (await admin("key", "GET", "/api/admin/blog/posts")).json());
    const whole = (await admin("key", "GET", "/api/admin/blog/posts?limit=200")).json() as { next: string | null };
    expect(whole.next).toBeNull();
  });

  it("contacts, orders and proposals keep a plain array and give the next page in a Link header, filters kept", async () => {
    const everyContact = (await admin("key", "GET", "/api/admin/contacts")).json() as { id: number }[];
    expect(everyContact.length).toBeGreaterThan(9);
    const contacts = await walkLinks("/api/admin/contacts?limit=2");
    expect(contacts.ids).toEqual(everyContact.map((c) => c.id));
    expect(new Set(contacts.ids).size).toBe(contacts.ids.length);

    const everyOrder = (await admin("key", "GET", "/api/admin/orders")).json() as { id: number }[];
    expect(everyOrder.length).toBe(7);
    for (const limit of [1, 2, 3, 7]) {
      const orders = await walkLinks(`/api/admin/orders?limit=${limit}`, limit === 2 ? "session" : "key");
      expect(orders.ids, `limit ${limit}`).toEqual(everyOrder.map((o) => o.id));
    }
    const first = await admin("key", "GET", "/api/admin/orders?limit=2&status=confirmed");
    expect(first.headers.link).toMatch(
      /^<\/api\/admin\/orders\?limit=2&status=confirmed&cursor=[A-Za-z0-9_-]+>; rel="next"$/,
    );
    const confirmed = await walkLinks("/api/admin/orders?limit=2&status=confirmed");
    expect(confirmed.ids.length).toBe(3);
    const last = await admin("key", "GET", "/api/admin/orders?limit=7");
    expect(last.headers.link).toBeUndefined();

    const everyProposal = (await admin("key", "GET", "/api/admin/proposals")).json() as { id: number }[];
    expect(everyProposal.length).toBeGreaterThan(1);
    const proposals = await walkLinks("/api/admin/proposals?limit=1");
    expect(proposals.ids).toEqual(everyProposal.map((p) => p.id));
    expect(proposals.pages).toBe(everyProposal.length);
  });

  it("orders filter by stage, payment status and date range", async () => {
    const get = async (query: string) =>
      ((await admin("key", "GET", `/api/admin/orders?${query}`)).json() as { id: number }[]).map((o) => o.id);
    expect((await get("stage=awaiting_deposit")).length).toBe(7);
    expect(await get("stage=completed")).toEqual([]);
    expect((await get("paymentStatus=pending")).length).toBe(7);
    expect((await get("from=2026-01-02&to=2026-01-02")).length).toBe(6);
    expect((await get("to=2026-01-01")).length).toBe(0);
    const bad = await admin("key", "GET", "/api/admin/orders?from=yesterday");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toEqual(["from"]);
  });
});

describe("the policies", () => {
  const parity = backofficeRoutes.filter((r) =>
    /^\/api\/admin\/(products|gallery|blog\/posts|contacts\/:id|orders\/:id(\/notes)?$|proposals\/:id$)/.test(r.url),
  );
  const domainOf = (url: string) =>
    url.startsWith("/api/admin/products")
      ? "catalog"
      : url.startsWith("/api/admin/gallery") || url.startsWith("/api/admin/blog")
        ? "content"
        : url.startsWith("/api/admin/contacts")
          ? "leads"
          : url.startsWith("/api/admin/orders")
            ? "orders"
            : "proposals";

  it("gives every new path its domain's scope and role", () => {
    expect(parity.length).toBeGreaterThan(25);
    for (const r of parity) {
      const domain = domainOf(r.url);
      const access = r.method === "GET" ? "read" : "write";
      expect(scopesForPath(r.method, r.url), `${r.method} ${r.url}`).toEqual([`${domain}:${access}`]);
      const role = domain === "catalog" || domain === "content" ? "content" : "sales";
      expect(rolesForPath(r.method, r.url), `${r.method} ${r.url}`).toEqual(["owner", role]);
      expect(r.operationId, r.url).toMatch(/^[a-z][A-Za-z]+$/);
      expect(r.response, r.url).toBeDefined();
    }
  });
});

describe("bad input, unknown ids, scopes", () => {
  it("answers 400 naming the field", async () => {
    const noName = await admin("key", "POST", "/api/admin/products", { ...productBody("x"), name: "" });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().issues[0].path).toEqual(["name"]);
    const badImage = await admin("key", "PUT", `/api/admin/products/1/images`, { images: [{ url: "http://evil" }] });
    expect(badImage.statusCode).toBe(400);
    expect(badImage.json().issues[0].path[0]).toBe("images");
    const notUploaded = await admin("session", "POST", "/api/admin/gallery", {
      title: "x",
      category: "exterior",
      image: "/media/never-uploaded.webp",
    });
    expect(notUploaded.statusCode).toBe(400);
    expect(notUploaded.json().issues[0].path).toEqual(["image"]);
    const emptyNote = await admin("key", "POST", `/api/admin/contacts/${contactId}/notes`, { body: " " });
    expect(emptyNote.statusCode).toBe(400);
    expect(emptyNote.json().issues[0].path).toEqual(["body"]);
    for (const url of [
      "/api/admin/products?cursor=not-a-cursor",
      "/api/admin/blog/posts?cursor=e30",
      "/api/admin/orders?cursor=W10",
      "/api/admin/contacts?cursor=%25%25",
    ]) {
      const res = await admin("key", "GET", url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().issues[0].path, url).toEqual(["cursor"]);
    }
    for (const limit of ["0", "201", "x"]) {
      const res = await admin("key", "GET", `/api/admin/gallery?limit=${limit}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0].path).toEqual(["limit"]);
    }
    const badId = await admin("key", "GET", "/api/admin/orders/abc");
    expect(badId.statusCode).toBe(400);
    expect(badId.json().issues[0].path).toEqual(["id"]);
  });

  it("answers 404 for unknown ids", async () => {
    for (const [method, url, payload] of [
      ["GET", "/api/admin/products/999999", undefined],
      ["PUT", "/api/admin/products/999999", productBody("x")],
      ["PUT", "/api/admin/products/999999/images", { images: [] }],
      ["POST", "/api/admin/products/999999/publish", undefined],
      ["POST", "/api/admin/products/999999/unpublish", undefined],
      ["DELETE", "/api/admin/products/999999", undefined],
      ["GET", "/api/admin/gallery/999999", undefined],
      ["POST", "/api/admin/gallery/reorder", { ids: [999999] }],
      ["GET", "/api/admin/blog/posts/999999", undefined],
      ["POST", "/api/admin/blog/posts/999999/publish", undefined],
      ["GET", "/api/admin/contacts/999999", undefined],
      ["GET", "/api/admin/contacts/999999/notes", undefined],
      ["POST", "/api/admin/contacts/999999/notes", { body: "x" }],
      ["GET", "/api/admin/orders/999999", undefined],
      ["POST", "/api/admin/orders/999999/notes", { body: "x" }],
    ] as const) {
      const res = await admin("key", method, url, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
  });

  it("answers 403 naming the missing scope", async () => {
    const as = (method: Method, url: string, payload?: unknown) =>
      apps.backoffice.inject({
        method,
        url,
        headers: { authorization: `Bearer ${ordersReadKey}` },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    expect((await as("GET", `/api/admin/orders/${orderId}`)).statusCode).toBe(200);
    for (const [method, url, scope] of [
      ["POST", `/api/admin/orders/${orderId}/notes`, "orders:write"],
      ["GET", "/api/admin/products", "catalog:read"],
      ["POST", "/api/admin/products", "catalog:write"],
      ["GET", "/api/admin/gallery", "content:read"],
      ["POST", "/api/admin/blog/posts/1/publish", "content:write"],
      ["GET", `/api/admin/contacts/${contactId}`, "leads:read"],
      ["PUT", "/api/admin/proposals/1", "proposals:write"],
    ] as const) {
      const res = await as(method, url, method === "GET" ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message, `${method} ${url}`).toContain(scope);
    }
  });
});
