// The events feed (GET /api/admin/events, issue 25 item 1) and the webhooks scope (item 2): every event
// the product emits is listed, whether or not an endpoint wants it, oldest first from a cursor; a key with
// webhooks:read reads it, one without is refused; webhooks:write manages endpoints with a key.
import type { ApiKeyScope } from "@ch/contracts/api-keys";
import { money } from "@ch/contracts/money";
import { schema } from "@ch/db";
import { describe, expect, it } from "vitest";
import { atLeast } from "./feed-reads";
import { BACKOFFICE, firstProductOnSale, orderBody, type TestApps, useSignedInApps } from "./harness";
import { sendContactEnquiry } from "./lead-fixtures";
import { createApiKey } from "./staff-requests";

let apps: TestApps;
let cookie: string;

useSignedInApps((signedIn) => {
  ({ apps, cookie } = signedIn);
});

interface FeedPage {
  items: { id: string; type: string; createdAt: string; data: Record<string, unknown> }[];
  next: string | null;
  nextCursor: string;
}

const keyWith = (scopes: ApiKeyScope[]) => createApiKey(apps, cookie, scopes);

const withKey = (key: string, method: "GET" | "POST", url: string, payload?: unknown) =>
  apps.backoffice.inject({
    method,
    url,
    headers: { authorization: `Bearer ${key}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const admin = (method: "POST" | "PUT", url: string, payload: unknown) =>
  apps.backoffice.inject({
    method,
    url,
    headers: { cookie, origin: BACKOFFICE },
    payload: payload as Record<string, unknown>,
  });

async function feed(key: string, query = ""): Promise<FeedPage> {
  const res = await withKey(key, "GET", `/api/admin/events${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as FeedPage;
}

/** Every page from `cursor` on, following `next`. */
async function readAll(key: string, query = ""): Promise<FeedPage["items"]> {
  const items: FeedPage["items"] = [];
  let page = await feed(key, query);
  items.push(...page.items);
  while (page.next) {
    page = await feed(key, page.next.slice("/api/admin/events".length));
    items.push(...page.items);
  }
  return items;
}

describe("the events feed", () => {
  it("lists each kind of change as it happens, the webhook payload with its id, oldest first", async () => {
    const key = await keyWith(["webhooks:read"]);
    const start = (await feed(key)).nextCursor;
    const product = await firstProductOnSale(apps);
    const placed = await apps.storefront.inject({
      method: "POST",
      url: "/api/orders",
      payload: orderBody([{ id: product.id, quantity: 1, price: product.price }]),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = (placed.json() as { id: number }).id;
    expect((await sendContactEnquiry(apps, "feed@example.com")).statusCode).toBe(201);
    const invoices = await apps.db.handle.db.select().from(schema.invoices);
    const deposit = invoices.find((i) => i.orderId === orderId && i.kind === "deposit")!;
    const paid = await admin("POST", `/api/admin/orders/${orderId}/payments`, {
      amount: money(deposit.amountCents),
      receivedAt: new Date().toISOString().slice(0, 10),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const moved = await admin("PUT", `/api/admin/orders/${orderId}/stage`, {
      stage: "cancelled",
      reason: "Customer withdrew",
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const events = await atLeast(5, () => readAll(key, `?cursor=${start}&limit=2`));
    // the deposit moves the order to its next stage in the payment's transaction, the payment listed first
    // (cause, then effect); cancelling moves it again
    expect(events.map((e) => e.type)).toEqual([
      "order.created",
      "lead.created",
      "payment.recorded",
      "order.stage_changed",
      "order.stage_changed",
    ]);
    expect(events[3]!.data).toMatchObject({ from: "awaiting_deposit", to: "deposit_received" });
    for (const event of events) {
      expect(event.id).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(Number.isNaN(Date.parse(event.createdAt))).toBe(false);
    }
    expect(events[0]!.data).toMatchObject({ id: orderId });
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);

    // by type, and from where the last read stopped: only what was written since
    const leads = await feed(key, `?cursor=${start}&type=lead.created`);
    expect(leads.items.map((e) => e.data.email)).toEqual(["feed@example.com"]);
    const resumeAt = (await feed(key, `?cursor=${start}&limit=200`)).nextCursor;
    expect((await feed(key, `?cursor=${resumeAt}`)).items).toEqual([]);
    expect((await sendContactEnquiry(apps, "later@example.com")).statusCode).toBe(201);
    const later = await atLeast(1, () => feed(key, `?cursor=${resumeAt}`));
    expect(later.items.map((e) => [e.type, e.data.email])).toEqual([["lead.created", "later@example.com"]]);
    expect(later.next).toBeNull();

    // createdSince / createdBefore bound the instants
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await feed(key, `?createdSince=${encodeURIComponent(future)}`)).items).toEqual([]);
    expect((await feed(key, `?cursor=${resumeAt}&createdBefore=${encodeURIComponent(future)}`)).items).toHaveLength(1);
  });

  it("answers 400 naming the field for a cursor it did not give, an unknown type or a bad instant", async () => {
    const key = await keyWith(["webhooks:read"]);
    for (const [query, field] of [
      ["?cursor=bm90LWEtY3Vyc29y", "cursor"],
      ["?type=order.exploded", "type"],
      ["?createdSince=yesterday", "createdSince"],
      ["?limit=0", "limit"],
    ] as const) {
      const res = await withKey(key, "GET", `/api/admin/events${query}`);
      expect(res.statusCode, query).toBe(400);
      expect((res.json() as { issues: { path: string[] }[] }).issues[0]!.path).toContain(field);
    }
  });
});

describe("the webhooks scope", () => {
  it("is needed for the feed and the endpoints, and lets a key manage them", async () => {
    const other = await keyWith(["orders:write", "leads:write"]);
    for (const url of ["/api/admin/events", "/api/admin/webhooks"]) {
      const res = await withKey(other, "GET", url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ missingScopes: ["webhooks:read"] });
    }
    const reader = await keyWith(["webhooks:read"]);
    expect((await withKey(reader, "GET", "/api/admin/webhooks")).statusCode).toBe(200);
    const refused = await withKey(reader, "POST", "/api/admin/webhooks", {
      url: "http://127.0.0.1:9/in",
      events: ["order.created"],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ missingScopes: ["webhooks:write"] });

    const writer = await keyWith(["webhooks:write"]);
    const created = await withKey(writer, "POST", "/api/admin/webhooks", {
      url: "http://127.0.0.1:9/in",
      events: ["order.created"],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { endpoint: { id: number } }).endpoint.id;
    expect((await withKey(writer, "GET", `/api/admin/webhooks/${id}/deliveries`)).statusCode).toBe(200);
    expect((await withKey(writer, "GET", "/api/admin/events?limit=1")).statusCode).toBe(200);
  });
});
