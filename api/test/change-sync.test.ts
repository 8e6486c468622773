// Syncing changes from the admin lists (issue 25 item 1): every resource an admin list answers carries
// createdAt and updatedAt, and every list takes updatedSince, createdSince and createdBefore, so an
// integrator can fetch only what changed since its last sync.
import { productInputOf } from "@ch/contracts/catalog";
import { money } from "@ch/contracts/money";
import { schema } from "@ch/db";
import { eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { beforeAll, describe, expect, it } from "vitest";
import { BACKOFFICE, firstProductOnSale, orderBody, type TestApps, useSignedInApps } from "./harness";
import { sendContactEnquiry } from "./lead-fixtures";

let apps: TestApps;
let cookie: string;

useSignedInApps((signedIn) => {
  ({ apps, cookie } = signedIn);
});

type Row = { id: number; createdAt: string; updatedAt: string };

const admin = (method: "GET" | "PUT" | "POST", url: string, payload?: unknown) =>
  apps.backoffice.inject({
    method,
    url,
    headers: { cookie, ...(method === "GET" ? {} : { origin: BACKOFFICE }) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** A list's rows, whether it answers a plain array or a page. */
async function list(path: string, query: Record<string, string>): Promise<Row[]> {
  const res = await admin("GET", `${path}?${new URLSearchParams(query)}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as Row[] | { items: Row[] };
  return Array.isArray(body) ? body : body.items;
}

const ids = (rows: Row[]) => rows.map((r) => r.id).sort((a, b) => a - b);
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

let orderId: number;
let contactId: number;
beforeAll(async () => {
  const product = await firstProductOnSale(apps);
  const placed = await apps.storefront.inject({
    method: "POST",
    url: "/api/orders",
    payload: orderBody([{ id: product.id, quantity: 1, price: product.price }]),
  });
  orderId = (placed.json() as { id: number }).id;
  contactId = ((await sendContactEnquiry(apps, "sync@example.com")).json() as { id: number }).id;
});

describe("updatedSince, createdSince and createdBefore on the admin lists", () => {
  it("orders and contacts: only the rows changed since, the new ones since, the old ones before", async () => {
    await tick();
    const since = new Date().toISOString();
    await tick();
    expect(
      (await admin("PUT", `/api/admin/orders/${orderId}/stage`, { stage: "cancelled", reason: "Sync test" }))
        .statusCode,
    ).toBe(200);
    expect((await admin("PUT", `/api/admin/contacts/${contactId}/status`, { status: "contacted" })).statusCode).toBe(
      200,
    );
    const newer = ((await sendContactEnquiry(apps, "newer@example.com")).json() as { id: number }).id;

    const orders = await list("/api/admin/orders", { updatedSince: since });
    expect(ids(orders)).toEqual([orderId]);
    expect(Date.parse(orders[0]!.updatedAt)).toBeGreaterThanOrEqual(Date.parse(since));
    expect(Date.parse(orders[0]!.createdAt)).toBeLessThan(Date.parse(since));
    expect(await list("/api/admin/orders", { createdSince: since })).toEqual([]);
    expect(ids(await list("/api/admin/orders", { createdBefore: since }))).toContain(orderId);

    expect(ids(await list("/api/admin/contacts", { updatedSince: since }))).toEqual([contactId, newer]);
    expect(ids(await list("/api/admin/contacts", { createdSince: since }))).toEqual([newer]);
    expect(ids(await list("/api/admin/contacts", { createdBefore: since }))).not.toContain(newer);
  });

  it("products, blog posts and the gallery: the same filters on their pages", async () => {
    const products = await list("/api/admin/products", {});
    const posts = await list("/api/admin/blog/posts", {});
    const gallery = (await list("/api/admin/gallery", {})) as (Row & {
      title: string;
      category: string;
      image: string;
    })[];
    for (const row of [...products, ...posts, ...gallery]) {
      expect(Number.isNaN(Date.parse(row.createdAt))).toBe(false);
      expect(Number.isNaN(Date.parse(row.updatedAt))).toBe(false);
    }
    await tick();
    const since = new Date().toISOString();
    await tick();
    const product = (await admin("GET", `/api/admin/products/${products[0]!.id}`)).json();
    expect(
      (
        await admin("PUT", `/api/admin/products/${product.id}`, {
          ...productInputOf(product),
          name: `${product.name} II`,
        })
      ).statusCode,
    ).toBe(200);
    expect((await admin("POST", `/api/admin/blog/posts/${posts[0]!.id}/unpublish`)).statusCode).toBe(200);
    const item = gallery[0]!;
    expect(
      (
        await admin("PUT", `/api/admin/gallery/${item.id}`, {
          title: `${item.title} (new)`,
          category: item.category,
          image: item.image,
        })
      ).statusCode,
    ).toBe(200);

    expect(ids(await list("/api/admin/products", { updatedSince: since }))).toEqual([product.id]);
    expect(ids(await list("/api/admin/blog/posts", { updatedSince: since }))).toEqual([posts[0]!.id]);
    expect(ids(await list("/api/admin/gallery", { updatedSince: since }))).toEqual([item.id]);
    for (const path of ["/api/admin/products", "/api/admin/blog/posts", "/api/admin/gallery"]) {
      expect(await list(path, { createdSince: since }), path).toEqual([]);
    }
  });

  it("notifications, an endpoint's webhook deliveries and USDT transfers: the same filters", async () => {
    const { db } = apps.db.handle;
    /** One row written as the product writes it (the columns it leaves out take their defaults). */
    const row = async <T extends PgTable>(table: T, values: T["$inferInsert"]) =>
      ((await db.insert(table).values(values).returning()) as T["$inferSelect"][])[0]!;
    const endpoint = await row(schema.webhookEndpoints, {
      url: "https://hooks.example.com/sync",
      events: ["order.created"],
      secret: "whsec_sync",
    });
    const delivery = async (n: number) => {
      const event = await row(schema.webhookEvents, { messageId: `msg_sync_${n}`, type: "order.created", data: { n } });
      return row(schema.webhookDeliveries, {
        endpointId: endpoint.id,
        eventId: event.id,
        giveUpAt: new Date(Date.now() + 86_400_000),
      });
    };
    const transfer = (n: number) =>
      row(schema.usdtTransfers, {
        txHash: String(n).repeat(64).slice(0, 64),
        fromAddress: "TG2bLBBBy5LTsB6DfpuxNRHNB7UF9auMYg",
        valueMicro: 1_000_000n * BigInt(n),
        blockTimestamp: new Date(),
        status: "unmatched",
      });
    const oldDelivery = await delivery(1);
    const oldTransfer = await transfer(1);
    const [oldNotification] = await db.select().from(schema.notifications).limit(1);
    await tick();
    const since = new Date().toISOString();
    await tick();
    // a worker's claim, an attempt, a staff match: any change of state moves updatedAt (the row's trigger)
    await db.update(schema.notifications).set({ attempts: 1 }).where(eq(schema.notifications.id, oldNotification!.id));
    await db
      .update(schema.webhookDeliveries)
      .set({ attempts: 1 })
      .where(eq(schema.webhookDeliveries.id, oldDelivery.id));
    await db
      .update(schema.usdtTransfers)
      .set({ note: "seen", updatedAt: new Date() })
      .where(eq(schema.usdtTransfers.txHash, oldTransfer.txHash));
    const newDelivery = await delivery(2);
    const newTransfer = await transfer(2);

    const notifications = await list("/api/admin/notifications", { updatedSince: since });
    expect(notifications.map((r) => r.id)).toContain(oldNotification!.id);
    expect((await list("/api/admin/notifications", { createdSince: since })).map((r) => r.id)).not.toContain(
      oldNotification!.id,
    );
    const deliveries = `/api/admin/webhooks/${endpoint.id}/deliveries`;
    expect(ids(await list(deliveries, { updatedSince: since }))).toEqual([oldDelivery.id, newDelivery.id]);
    expect(ids(await list(deliveries, { createdSince: since }))).toEqual([newDelivery.id]);
    expect(ids(await list(deliveries, { createdBefore: since }))).toEqual([oldDelivery.id]);
    const hashes = async (query: Record<string, string>) =>
      ((await list("/api/admin/usdt-transfers", query)) as unknown as { txHash: string }[]).map((t) => t.txHash).sort();
    expect(await hashes({ updatedSince: since })).toEqual([oldTransfer.txHash, newTransfer.txHash].sort());
    expect(await hashes({ createdSince: since })).toEqual([newTransfer.txHash]);
  });

  it("proposals, webhook endpoints and visitors: the same filters (a visit, written once, by when it was recorded)", async () => {
    const { db } = apps.db.handle;
    const proposal = async (customerName: string) => {
      const res = await admin("POST", "/api/admin/proposals", {
        customerName,
        email: "sync@example.com",
        state: "TX",
        lines: [{ kind: "custom", name: "Site survey", unitPrice: money(100_000), quantity: 1 }],
        validUntil: "2099-01-31",
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id: number }).id;
    };
    const endpoint = async (n: number) =>
      (
        await db
          .insert(schema.webhookEndpoints)
          .values({ url: `https://hooks.example.com/sync-${n}`, events: ["order.created"], secret: `whsec_${n}` })
          .returning()
      )[0]!;
    const visit = async (path: string) =>
      (
        await db
          .insert(schema.visits)
          .values({ path, deviceType: "desktop", browser: "Firefox", visitorHash: "ab".repeat(32) })
          .returning()
      )[0]!;
    const oldProposal = await proposal("Old Proposal");
    const oldEndpoint = await endpoint(1);
    const oldVisit = await visit("/old");
    await tick();
    const since = new Date().toISOString();
    await tick();
    expect(
      (
        await admin("PUT", `/api/admin/proposals/${oldProposal}`, {
          customerName: "Old Proposal, changed",
          email: "sync@example.com",
          state: "TX",
          lines: [{ kind: "custom", name: "Site survey", unitPrice: money(120_000), quantity: 1 }],
          validUntil: "2099-01-31",
        })
      ).statusCode,
    ).toBe(200);
    await db
      .update(schema.webhookEndpoints)
      .set({ description: "changed", updatedAt: new Date() })
      .where(eq(schema.webhookEndpoints.id, oldEndpoint.id));
    const newProposal = await proposal("New Proposal");
    const newEndpoint = await endpoint(2);
    const newVisit = await visit("/new");

    expect(ids(await list("/api/admin/proposals", { updatedSince: since }))).toEqual([oldProposal, newProposal]);
    expect(ids(await list("/api/admin/proposals", { createdSince: since }))).toEqual([newProposal]);
    expect(ids(await list("/api/admin/proposals", { createdBefore: since }))).toContain(oldProposal);
    expect(ids(await list("/api/admin/webhooks", { updatedSince: since }))).toEqual([oldEndpoint.id, newEndpoint.id]);
    expect(ids(await list("/api/admin/webhooks", { createdSince: since }))).toEqual([newEndpoint.id]);
    const visits = async (query: Record<string, string>) =>
      ((await list("/api/admin/visitors", query)) as unknown as { id: number }[]).map((v) => v.id);
    expect(await visits({ updatedSince: since })).toEqual([newVisit.id]);
    expect(await visits({ createdBefore: since })).toContain(oldVisit.id);
    expect(await visits({ createdBefore: since })).not.toContain(newVisit.id);
  });

  it("answers 400 naming the field for an instant it cannot read", async () => {
    const lists = [
      "orders",
      "contacts",
      "products",
      "gallery",
      "notifications",
      "usdt-transfers",
      "proposals",
      "webhooks",
      "visitors",
    ];
    for (const path of lists.map((name) => `/api/admin/${name}`)) {
      const res = await admin("GET", `${path}?updatedSince=last-tuesday`);
      expect(res.statusCode, path).toBe(400);
      expect((res.json() as { issues: { path: string[] }[] }).issues[0]!.path).toContain("updatedSince");
    }
  });
});
