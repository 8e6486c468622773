// Webhooks end to end: endpoints registered through /api/admin/webhooks, events written with the changes
// that cause them (orders, stages, payments, leads, products), delivered by the webhook worker over real
// HTTP to a receiver on 127.0.0.1 started here, and verified with the `standardwebhooks` package. Retries
// (a 500, a timeout, a redirect), resend, secret rotation with its overlap, the production URL rules and
// the endpoint disabled after failing for the whole retry window (the owner told) are each checked.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { API_VERSION } from "@ch/contracts/api-versions";
import { type ProductDto, type ProductInput, productInputOf } from "@ch/contracts/catalog";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@ch/contracts/webhook-events";
import { schema } from "@ch/db";
import { and, desc, eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Deps } from "../src/lib/deps";
import { assertWebhookUrlAllowed, isPublicAddress } from "../src/modules/webhooks/url-policy";
import { createWebhook, purgeOldWebhookLog } from "../src/modules/webhooks/webhooks.service";
import { createWebhookWorker, type WebhookSettlement, type WebhookWorkerOptions } from "../src/modules/webhooks/worker";
import { checkWebhookPayload } from "./contract";
import { orderBody, signedInCookie, startTestApps, type TestApps, testEnv } from "./harness";
import { AUSTIN_PROPOSAL_CUSTOMER, sendContactEnquiry } from "./lead-fixtures";
import { LEGACY_API_VERSION, usd } from "./money";
import { workerDeps } from "./notifications-fakes";
import { signed } from "./signing";
import { staffRequest } from "./staff-requests";

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}
type Answer = { status: number; body?: string; headers?: Record<string, string> } | "hang";

/** A webhook receiver on loopback: records every request and answers what each path is told to. */
class Receiver {
  readonly requests: Received[] = [];
  private readonly answers = new Map<string, Answer[]>();
  private readonly hanging: ServerResponse[] = [];
  private server: Server | null = null;
  url = "";

  async start() {
    this.server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const path = req.url ?? "/";
        this.requests.push({
          path,
          headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
          body: Buffer.concat(chunks).toString("utf8"),
        });
        const queue = this.answers.get(path);
        const answer: Answer = (queue && queue.length > 1 ? queue.shift() : queue?.[0]) ?? { status: 204 };
        if (answer === "hang") {
          this.hanging.push(res);
          return;
        }
        res.writeHead(answer.status, answer.headers ?? { "content-type": "text/plain" });
        res.end(answer.body ?? "");
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
    return this;
  }

  /** Answers for a path, in order; the last one repeats. */
  answer(path: string, ...answers: Answer[]) {
    this.answers.set(path, answers);
  }

  at(path: string) {
    return this.requests.filter((r) => r.path === path);
  }

  async close() {
    for (const res of this.hanging.splice(0)) res.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

let apps: TestApps;
let receiver: Receiver;
let cookie: string;
let product: ProductDto;
const db = () => apps.db.handle.db;
const settlements: WebhookSettlement[] = [];

const WORKER: Partial<WebhookWorkerOptions> = {
  random: () => 0.5,
  timeoutMs: 400,
  retryBaseMs: 60_000,
  retryMaxMs: 6 * 3_600_000,
  concurrency: 4,
};

function worker(deps: Deps = workerDeps(db(), apps.env, apps.clock), overrides: Partial<WebhookWorkerOptions> = {}) {
  const w = createWebhookWorker(deps, { ...WORKER, ...overrides });
  w.events.on("settled", (s: WebhookSettlement) => settlements.push(s));
  return w;
}

const admin = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: unknown) =>
  staffRequest(apps, cookie, method, url, payload);

async function register(path: string, events: WebhookEventType[], apiVersion?: string) {
  const res = await admin("POST", "/api/admin/webhooks", { url: `${receiver.url}${path}`, events, apiVersion });
  expect(res.statusCode).toBe(201);
  const body = res.json() as { endpoint: { id: number }; secret: string };
  expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
  return { id: body.endpoint.id, secret: body.secret };
}

/** Verifies a received request as a receiver would, its clock being the test clock. */
function verify(secret: string, request: Received, version?: string) {
  const now = apps.clock.now().getTime();
  vi.useFakeTimers({ toFake: ["Date"] });
  try {
    vi.setSystemTime(now);
    const body = new Webhook(secret).verify(request.body, request.headers) as {
      type: string;
      timestamp: string;
      data: Record<string, unknown>;
    };
    // every payload a test receives matches the document's `webhooks` entry for its type
    expect(checkWebhookPayload(body, version)).toEqual([]);
    return body;
  } finally {
    vi.useRealTimers();
  }
}

async function placeOrder() {
  const res = await apps.storefront.inject({
    method: "POST",
    url: "/api/orders",
    payload: orderBody([{ id: product.id, quantity: 1, price: product.price }], { paymentMethod: "bank-transfer" }),
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; orderNumber: string };
}

const contact = (email = "ann@example.com") => sendContactEnquiry(apps, email);

/** A priced proposal for the Austin customer, sent to them: its id and its customer link's token. */
async function sentProposal(): Promise<{ id: number; token: string }> {
  const [option] = await db().select().from(schema.proposalOptions).limit(1);
  const [band] = await db().select().from(schema.deliveryBands).limit(1);
  const created = await admin("POST", "/api/admin/proposals", {
    enquiryId: null,
    ...AUSTIN_PROPOSAL_CUSTOMER,
    lines: [{ kind: "option", optionId: option!.id, quantity: 1 }],
    deliveryBandId: band!.id,
    discount: usd(0),
    validUntil: new Date(apps.clock.now().getTime() + 30 * 86_400_000).toISOString().slice(0, 10),
    terms: "50% deposit on acceptance, balance due on delivery.",
  });
  expect(created.statusCode, created.body).toBe(201);
  const proposal = created.json() as { id: number; token: string };
  expect((await admin("POST", `/api/admin/proposals/${proposal.id}/send`)).statusCode).toBe(200);
  return proposal;
}

async function deliveriesOf(endpointId: number) {
  const res = await admin("GET", `/api/admin/webhooks/${endpointId}/deliveries`);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    id: number;
    messageId: string;
    type: string;
    status: string;
    attempts: number;
    resentFrom: number | null;
    lastStatusCode: number | null;
    attemptLog: {
      statusCode: number | null;
      ok: boolean;
      durationMs: number;
      responseExcerpt: string | null;
      error: string | null;
    }[];
  }[];
}

beforeAll(async () => {
  receiver = await new Receiver().start();
  apps = await startTestApps({ env: { SMTP_URL: "smtp://127.0.0.1:9" } });
  cookie = await signedInCookie(apps);
  product = ((await apps.storefront.inject({ method: "GET", url: "/api/products" })).json() as ProductDto[])[0]!;
}, 60_000);

afterEach(async () => {
  cookie = await signedInCookie(apps); // the clock may have moved past the session's life
  // every test leaves no endpoint behind, so retries of one never reach the next
  for (const { id } of await db().select({ id: schema.webhookEndpoints.id }).from(schema.webhookEndpoints)) {
    expect((await admin("DELETE", `/api/admin/webhooks/${id}`)).statusCode).toBe(200);
  }
  receiver.requests.length = 0;
});

afterAll(async () => {
  await apps?.close();
  await receiver?.close();
});

describe("delivery", () => {
  it("delivers exactly the subscribed events, signed per Standard Webhooks, written with their change", async () => {
    const a = await register("/a", ["order.created", "lead.created"]);
    const b = await register("/b", ["product.updated"]);

    // nobody wants order.stage_changed: its event is written (the events feed lists it) but delivered nowhere
    const order = await placeOrder();
    expect((await contact()).statusCode).toBe(201);
    const input: ProductInput = { ...productInputOf(product), name: `${product.name} (2027)` };
    const updated = await admin("POST", "/api/trpc/catalog.update", { id: product.id, data: input });
    expect(updated.statusCode).toBe(200);
    const cancel = await admin("PUT", `/api/admin/orders/${order.id}/stage`, {
      stage: "cancelled",
      reason: "Customer withdrew",
    });
    expect(cancel.statusCode).toBe(200);
    const types = (await db().select({ type: schema.webhookEvents.type }).from(schema.webhookEvents)).map(
      (e) => e.type,
    );
    expect(types.sort()).toEqual(["lead.created", "order.created", "order.stage_changed", "product.updated"]);

    await worker().drain();

    expect(receiver.at("/a").map((r) => verify(a.secret, r).type)).toEqual(["order.created", "lead.created"]);
    expect(receiver.at("/b").map((r) => verify(b.secret, r).type)).toEqual(["product.updated"]);
    const [created] = receiver.at("/a");
    const event = verify(a.secret, created!);
    expect(event.data).toMatchObject({
      id: order.id,
      orderNumber: order.orderNumber,
      stage: "awaiting_deposit",
      customer: { email: "maria@example.com" },
      lines: [{ productId: product.id, quantity: 1, unitPrice: usd(product.price) }],
    });
    expect(new Date(event.timestamp).toISOString()).toBe(event.timestamp);
    expect(created!.headers["webhook-id"]).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(created!.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(created!.headers["content-type"]).toBe("application/json");
    // another endpoint's secret does not verify it
    expect(() => verify(b.secret, created!)).toThrow();
    expect(verify(b.secret, receiver.at("/b")[0]!).data).toMatchObject({
      id: product.id,
      name: `${product.name} (2027)`,
    });

    const logged = await deliveriesOf(a.id);
    expect(logged.map((d) => [d.type, d.status, d.attempts])).toEqual([
      ["lead.created", "succeeded", 1],
      ["order.created", "succeeded", 1],
    ]);
    expect(logged[0]!.attemptLog).toEqual([expect.objectContaining({ ok: true, statusCode: 204, error: null })]);

    // restore the product's name for the other tests
    expect(
      (await admin("POST", "/api/trpc/catalog.update", { id: product.id, data: { ...input, name: product.name } }))
        .statusCode,
    ).toBe(200);
  });

  it("states money in the form of each endpoint's API version: { amount, currency } now, dollars when on 2026-11-28", async () => {
    const current = await register("/money", ["order.created", "payment.recorded"]);
    const pinned = await register("/dollars", ["order.created", "payment.recorded"], LEGACY_API_VERSION);
    const listed = (await admin("GET", "/api/admin/webhooks")).json() as { id: number; apiVersion: string }[];
    expect(listed.find((e) => e.id === current.id)?.apiVersion).toBe(API_VERSION);
    expect(listed.find((e) => e.id === pinned.id)?.apiVersion).toBe(LEGACY_API_VERSION);
    const order = await placeOrder();
    const paid = await admin("POST", `/api/admin/orders/${order.id}/payments`, {
      amount: usd(1234.56),
      receivedAt: "2026-11-20",
    });
    expect(paid.statusCode, paid.body).toBe(201);
    await worker().drain();

    // each body matches the document of its endpoint's version (checked in verify)
    const [created, payment] = receiver.at("/money").map((r) => verify(current.secret, r));
    const [createdThen, paymentThen] = receiver.at("/dollars").map((r) => verify(pinned.secret, r, LEGACY_API_VERSION));
    const totalCents = Math.round((createdThen!.data.total as number) * 100);
    expect(created!.data).toMatchObject({
      total: { amount: totalCents, currency: "USD" },
      lines: [{ unitPrice: usd(product.price) }],
    });
    expect(createdThen!.data).toMatchObject({ lines: [{ unitPrice: product.price }] });
    expect(payment!.data).toMatchObject({
      amount: { amount: 123_456, currency: "USD" },
      paidTotal: { amount: 123_456, currency: "USD" },
      balanceDue: { amount: totalCents - 123_456, currency: "USD" },
    });
    expect(paymentThen!.data).toMatchObject({
      amount: 1234.56,
      paidTotal: 1234.56,
      balanceDue: (totalCents - 123_456) / 100,
    });
    // the same message: one event, two forms
    expect(receiver.at("/money")[1]!.headers["webhook-id"]).toBe(receiver.at("/dollars")[1]!.headers["webhook-id"]);

    // moved to the current version, the endpoint's next delivery (a resend here) says it in the money form
    expect((await admin("PATCH", `/api/admin/webhooks/${pinned.id}`, { apiVersion: API_VERSION })).statusCode).toBe(
      200,
    );
    const delivery = (await deliveriesOf(pinned.id)).find((d) => d.type === "payment.recorded")!;
    const resent = await admin("POST", `/api/admin/webhooks/deliveries/${delivery.id}/resend`);
    expect(resent.statusCode, resent.body).toBeLessThan(300);
    await worker().drain();
    const again = verify(pinned.secret, receiver.at("/dollars").at(-1)!);
    expect(again.data).toMatchObject({ amount: { amount: 123_456, currency: "USD" } });
  });

  it("announces stage changes and payments to an endpoint that asks for them", async () => {
    const order = await placeOrder();
    const c = await register("/c", ["order.stage_changed", "payment.recorded"]);
    const paid = await admin("POST", `/api/admin/orders/${order.id}/payments`, {
      amount: usd(100),
      receivedAt: "2026-11-20",
    });
    expect(paid.statusCode).toBe(201);
    const cancel = await admin("PUT", `/api/admin/orders/${order.id}/stage`, {
      stage: "cancelled",
      reason: "Site not ready",
    });
    expect(cancel.statusCode).toBe(200);
    await worker().drain();
    const events = receiver.at("/c").map((r) => verify(c.secret, r));
    expect(events.map((e) => e.type)).toEqual(["payment.recorded", "order.stage_changed"]);
    expect(events[0]!.data).toMatchObject({
      orderId: order.id,
      orderNumber: order.orderNumber,
      amount: usd(100),
    });
    expect(events[1]!.data).toMatchObject({
      orderId: order.id,
      from: "awaiting_deposit",
      to: "cancelled",
      reason: "Site not ready",
    });
  });

  it("announces an accepted proposal and the order it creates", async () => {
    const { id, token } = await sentProposal();
    const p = await register("/p", ["proposal.accepted", "order.created"]);
    const accepted = await apps.storefront.inject({
      method: "POST",
      url: `/api/proposals/${token}/accept`,
      payload: await signed(apps, token, { fullName: "Dana Reyes", agree: true, version: 1 }),
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const { orderNumber } = accepted.json() as { orderNumber: string };
    await worker().drain();
    const events = receiver.at("/p").map((r) => verify(p.secret, r));
    expect(events.map((e) => e.type)).toEqual(["order.created", "proposal.accepted"]);
    expect(events[0]!.data).toMatchObject({ orderNumber, customer: { email: "dana@example.com" } });
    expect(events[1]!.data).toMatchObject({ proposalId: id, orderNumber, acceptedBy: "Dana Reyes", version: 1 });
  });

  it("retries after a 500 and after a timeout, logs each attempt, and never waits on one slow receiver", async () => {
    receiver.answer("/flaky", { status: 500, body: "database down" }, { status: 200, body: "ok" });
    receiver.answer("/slow", "hang", { status: 200, body: "ok" });
    const flaky = await register("/flaky", ["lead.created"]);
    const slow = await register("/slow", ["lead.created"]);
    const fast = await register("/fast", ["lead.created"]);
    expect((await contact()).statusCode).toBe(201);

    settlements.length = 0;
    await worker().drain();
    // the hanging receiver held one slot until its time limit; the others settled before it
    expect(settlements.map((s) => s.endpointId).at(-1)).toBe(slow.id);
    expect(settlements.map((s) => [s.endpointId, s.status]).sort()).toEqual(
      [
        [fast.id, "succeeded"],
        [flaky.id, "pending"],
        [slow.id, "pending"],
      ].sort(),
    );
    let [flakyDelivery] = await deliveriesOf(flaky.id);
    expect(flakyDelivery).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 500 });
    expect(flakyDelivery!.attemptLog[0]).toMatchObject({
      ok: false,
      statusCode: 500,
      responseExcerpt: "database down",
      error: "answered 500",
    });
    let [slowDelivery] = await deliveriesOf(slow.id);
    expect(slowDelivery!.attemptLog[0]).toMatchObject({ ok: false, statusCode: null, error: "timed out after 400 ms" });

    // not due yet: nothing is attempted
    await worker().drain();
    expect(receiver.at("/flaky")).toHaveLength(1);

    // first retry after 60 s × (0.5 + 0.5 × 0.5) = 45 s
    apps.clock.advance(45_000);
    await worker().drain();
    [flakyDelivery] = await deliveriesOf(flaky.id);
    [slowDelivery] = await deliveriesOf(slow.id);
    expect(flakyDelivery).toMatchObject({ status: "succeeded", attempts: 2, lastStatusCode: 200 });
    expect(slowDelivery).toMatchObject({ status: "succeeded", attempts: 2 });
    expect(flakyDelivery!.attemptLog.map((a) => a.statusCode)).toEqual([200, 500]);
    // the same message each time: same webhook-id, each signed for its own attempt
    const ids = receiver.at("/flaky").map((r) => verify(flaky.secret, r) && r.headers["webhook-id"]);
    expect(new Set(ids).size).toBe(1);
    expect(receiver.at("/fast")).toHaveLength(1);
  });

  it("serves every endpoint at once: a receiver with a hanging backlog never holds another back", async () => {
    receiver.answer("/backlog", "hang", { status: 200 });
    const slow = await register("/backlog", ["lead.created"]);
    const quick = await register("/quick", ["lead.created"]);
    const now = apps.clock.now();
    const events = await db()
      .insert(schema.webhookEvents)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          messageId: `msg_backlog${String(i).padStart(2, "0")}`,
          type: "lead.created",
          data: { n: i },
          occurredAt: now,
          fannedOutAt: now,
        })),
      )
      .returning({ id: schema.webhookEvents.id });
    const giveUpAt = new Date(now.getTime() + 86_400_000);
    // the slow endpoint's twelve deliveries are all older than the quick one's
    await db()
      .insert(schema.webhookDeliveries)
      .values([
        ...events.map((e) => ({
          endpointId: slow.id,
          eventId: e.id,
          nextAttemptAt: new Date(now.getTime() - 3_600_000),
          giveUpAt,
        })),
        { endpointId: quick.id, eventId: events[0]!.id, nextAttemptAt: now, giveUpAt },
      ]);
    settlements.length = 0;
    await worker(undefined, { concurrency: 2 }).drain();
    // the quick endpoint was served while the first slow attempt was still hanging
    expect(settlements[0]).toMatchObject({ endpointId: quick.id, status: "succeeded" });
    expect(settlements.filter((s) => s.endpointId === slow.id).map((s) => s.status)).toEqual([
      "pending",
      ...Array(11).fill("succeeded"),
    ]);
  });

  it("does not follow redirects: a 3xx is a failed attempt", async () => {
    receiver.answer("/moved", { status: 302, headers: { location: `${receiver.url}/elsewhere` } });
    const moved = await register("/moved", ["lead.created"]);
    expect((await contact()).statusCode).toBe(201);
    await worker().drain();
    const [delivery] = await deliveriesOf(moved.id);
    expect(delivery).toMatchObject({ status: "pending", lastStatusCode: 302 });
    expect(delivery!.attemptLog[0]!.error).toContain("redirect not followed (302");
    expect(receiver.at("/elsewhere")).toHaveLength(0);
  });
});

describe("resend and secrets", () => {
  it("resends a finished delivery with the same webhook-id as a new delivery", async () => {
    const r = await register("/r", ["lead.created"]);
    expect((await contact()).statusCode).toBe(201);
    await worker().drain();
    const [first] = await deliveriesOf(r.id);
    expect(first!.status).toBe("succeeded");

    const resent = await admin("POST", `/api/admin/webhooks/deliveries/${first!.id}/resend`);
    expect(resent.statusCode).toBe(201);
    const { id: newId } = resent.json() as { id: number };
    // still waiting: a second resend of the new one is refused
    const busy = await admin("POST", `/api/admin/webhooks/deliveries/${newId}/resend`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ message: "This delivery is still being attempted" });
    await worker().drain();

    const got = receiver.at("/r");
    expect(got).toHaveLength(2);
    expect(got[1]!.headers["webhook-id"]).toBe(got[0]!.headers["webhook-id"]);
    expect(verify(r.secret, got[1]!).type).toBe("lead.created");
    const list = await deliveriesOf(r.id);
    expect(list.map((d) => [d.status, d.resentFrom])).toEqual([
      ["succeeded", first!.id],
      ["succeeded", null],
    ]);
    expect((await admin("POST", "/api/admin/webhooks/deliveries/999999/resend")).statusCode).toBe(404);
  });

  it("signs with the old and the new secret during the rotation overlap, then with the new one only", async () => {
    const r = await register("/rot", ["lead.created"]);
    const rotated = await admin("POST", `/api/admin/webhooks/${r.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const { secret: fresh, endpoint } = rotated.json() as {
      secret: string;
      endpoint: { previousSecretValidUntil: string };
    };
    expect(fresh).not.toBe(r.secret);
    expect(new Date(endpoint.previousSecretValidUntil).getTime() - apps.clock.now().getTime()).toBeGreaterThan(
      23 * 3_600_000,
    );

    expect((await contact()).statusCode).toBe(201);
    await worker().drain();
    const during = receiver.at("/rot")[0]!;
    expect(during.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(verify(fresh, during).type).toBe("lead.created");
    expect(verify(r.secret, during).type).toBe("lead.created");

    apps.clock.advance(24 * 3_600_000 + 60_000);
    cookie = await signedInCookie(apps);
    expect((await contact()).statusCode).toBe(201);
    await worker().drain();
    const after = receiver.at("/rot")[1]!;
    expect(after.headers["webhook-signature"]!.split(" ")).toHaveLength(1);
    expect(verify(fresh, after).type).toBe("lead.created");
    expect(() => verify(r.secret, after)).toThrow();
  });

  it("never answers a secret again, and refuses bad input with the field named", async () => {
    await register("/x", ["order.created"]);
    const list = await admin("GET", "/api/admin/webhooks");
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain("whsec_");
    const bad = await admin("POST", "/api/admin/webhooks", { url: "ftp://example.com/x", events: ["order.shipped"] });
    expect(bad.statusCode).toBe(400);
    const paths = (bad.json() as { issues: { path: string[] }[] }).issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["url", "events.0"]));
    expect((await admin("PATCH", "/api/admin/webhooks/999999", { enabled: false })).statusCode).toBe(404);
    const anonymous = await apps.backoffice.inject({ method: "GET", url: "/api/admin/webhooks" });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("order, test events and replays", () => {
  it("delivers one resource's events in order, across retries, without holding other resources back", async () => {
    receiver.answer("/ordered", { status: 500, body: "busy" }, { status: 204 });
    const o = await register("/ordered", ["order.created", "order.stage_changed"]);
    const first = await placeOrder();
    const second = await placeOrder();
    const cancel = await admin("PUT", `/api/admin/orders/${first.id}/stage`, { stage: "cancelled", reason: "Moved" });
    expect(cancel.statusCode).toBe(200);

    await worker().drain();
    const seen = () =>
      receiver.at("/ordered").map((r) => verify(o.secret, r).data as { id?: number; orderId?: number });
    // the first order's creation failed once: its stage change waits; the second order is not held back
    expect(seen().map((d) => d.id ?? d.orderId)).toEqual([first.id, second.id]);
    const waiting = await deliveriesOf(o.id);
    expect(
      waiting
        .filter((d) => d.status === "pending")
        .map((d) => d.type)
        .sort(),
    ).toEqual(["order.created", "order.stage_changed"]);

    apps.clock.advance(45_000);
    await worker().drain();
    const types = receiver.at("/ordered").map((r) => verify(o.secret, r).type);
    expect(types).toEqual(["order.created", "order.created", "order.created", "order.stage_changed"]);
    expect(seen().at(-1)).toMatchObject({ orderId: first.id, to: "cancelled" });
  });

  it("sends a test event to one endpoint only, and replays a time range with the same webhook-ids", async () => {
    const t = await register("/t", ["lead.created"]);
    await register("/t-other", ["lead.created"]);
    const test = await admin("POST", `/api/admin/webhooks/${t.id}/test`);
    expect(test.statusCode, test.body).toBe(202);
    await worker().drain();
    expect(receiver.at("/t").map((r) => verify(t.secret, r).type)).toEqual(["webhook.test"]);
    expect(receiver.at("/t-other")).toEqual([]);
    expect((await admin("POST", "/api/admin/webhooks/999999/test")).statusCode).toBe(404);

    const from = new Date(apps.clock.now().getTime() - 1000).toISOString();
    expect((await contact("replay@example.com")).statusCode).toBe(201);
    await worker().drain();
    const to = new Date(apps.clock.now().getTime() + 1000).toISOString();
    const replayed = await admin("POST", `/api/admin/webhooks/${t.id}/replay`, { from, to });
    expect(replayed.statusCode, replayed.body).toBe(202);
    expect(replayed.json()).toMatchObject({ queued: 1 });
    await worker().drain();
    const leads = receiver.at("/t").filter((r) => verify(t.secret, r).type === "lead.created");
    expect(leads).toHaveLength(2);
    expect(leads[1]!.headers["webhook-id"]).toBe(leads[0]!.headers["webhook-id"]);
    expect(receiver.at("/t-other")).toHaveLength(1);

    const backwards = await admin("POST", `/api/admin/webhooks/${t.id}/replay`, { from: to, to: from });
    expect(backwards.statusCode).toBe(400);
    expect((backwards.json() as { issues: { path: string[] }[] }).issues[0]!.path).toEqual(["to"]);
  });

  it("announces products created and deleted, lead status changes, proposals sent and changes asked, refunds", async () => {
    const all = await register("/all", [...WEBHOOK_EVENT_TYPES]);
    const created = await admin("POST", "/api/admin/products", {
      ...productInputOf(product),
      price: usd(product.price),
      name: "Event Test Cabin",
    });
    expect(created.statusCode, created.body).toBe(201);
    const productId = (created.json() as { id: number }).id;
    expect((await admin("DELETE", `/api/admin/products/${productId}`)).statusCode).toBe(200);
    const lead = (await contact("status@example.com")).json() as { id: number };
    expect((await admin("PUT", `/api/admin/contacts/${lead.id}/status`, { status: "qualified" })).statusCode).toBe(200);
    const order = await placeOrder();
    expect(
      (await admin("POST", `/api/admin/orders/${order.id}/payments`, { amount: usd(50), receivedAt: "2026-11-20" }))
        .statusCode,
    ).toBe(201);
    expect(
      (
        await admin("POST", `/api/admin/orders/${order.id}/payments`, {
          amount: usd(-20),
          receivedAt: "2026-11-21",
          reason: "Goodwill",
        })
      ).statusCode,
    ).toBe(201);
    const { id: proposalId, token } = await sentProposal();
    const changes = await apps.storefront.inject({
      method: "POST",
      url: `/api/proposals/${token}/changes`,
      payload: { message: "A bigger porch, please" },
    });
    expect(changes.statusCode, changes.body).toBe(201);

    await worker().drain();
    const events = receiver.at("/all").map((r) => verify(all.secret, r));
    const types = events.map((e) => e.type);
    // every type this test caused, each at least once; a project's own events are project-files.test.ts's
    // and change-orders.test.ts's
    const elsewhere = ["order.stage_changed", "usdt_transfer.unmatched", "proposal.accepted", "product.updated"];
    const projectEvent = /^(order\.(changed|message|document_added|photo_added)|warranty_claim\.)/;
    const caused = WEBHOOK_EVENT_TYPES.filter((type) => !elsewhere.includes(type) && !projectEvent.test(type));
    expect([...new Set(types)].sort()).toEqual([...caused].sort());
    expect(types.indexOf("product.created")).toBeLessThan(types.indexOf("product.deleted"));
    expect(events.find((e) => e.type === "lead.status_changed")!.data).toMatchObject({
      id: lead.id,
      from: "new",
      status: "qualified",
    });
    expect(events.find((e) => e.type === "payment.refunded")!.data).toMatchObject({
      orderId: order.id,
      amount: usd(-20),
    });
    expect(events.find((e) => e.type === "proposal.changes_requested")!.data).toMatchObject({
      proposalId,
      message: "A bigger porch, please",
    });
  });
});

describe("production rules", () => {
  const production = () => testEnv({ NODE_ENV: "production", SETUP_TOKEN: "x".repeat(32) });
  const refused = async (url: string, resolveAll?: (host: string) => Promise<string[]>) => {
    const error = await assertWebhookUrlAllowed(production(), url, resolveAll).then(
      () => null,
      (e: { status: number; issues: { path: string[]; message: string }[] }) => e,
    );
    expect(error?.status).toBe(400);
    expect(error?.issues[0]?.path).toEqual(["url"]);
    return error!.issues[0]!.message;
  };

  it("accepts only https URLs resolving to public addresses", async () => {
    expect(await refused("http://93.184.216.34/hooks")).toContain("https://");
    expect(await refused("https://127.0.0.1/hooks")).toContain("public addresses only");
    expect(await refused("https://10.1.2.3/hooks")).toContain("public addresses only");
    expect(await refused("https://[::1]/hooks")).toContain("public addresses only");
    expect(await refused("https://[::ffff:192.168.0.1]/hooks")).toContain("public addresses only");
    expect(await refused("https://169.254.169.254/latest/meta-data")).toContain("public addresses only");
    const inside = async () => ["93.184.216.34", "192.168.1.20"];
    expect(await refused("https://hooks.example.com/x", inside)).toContain("192.168.1.20");
    expect(await refused("https://user:pw@hooks.example.com/x")).toContain("user name");
    await expect(
      assertWebhookUrlAllowed(production(), "https://hooks.example.com/x", async () => ["93.184.216.34"]),
    ).resolves.toBeUndefined();
    expect(isPublicAddress("2606:4700::1111")).toBe(true);
    expect(isPublicAddress("fd00::1")).toBe(false);
    // outside production a receiver on this machine is fine
    await expect(assertWebhookUrlAllowed(apps.env, "http://127.0.0.1:9/hooks")).resolves.toBeUndefined();

    const owner = { id: 1, username: "owner" };
    const deps = workerDeps(db(), production(), apps.clock);
    await expect(
      createWebhook(deps, owner, {
        url: "http://127.0.0.1/x",
        events: ["order.created"],
        description: "",
        apiVersion: API_VERSION,
      }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it("checks the resolved addresses again at delivery: a hook pointing inside is never called", async () => {
    const port = new URL(receiver.url).port;
    // registered outside production (allowed there), delivered by a production worker
    const byName = await register("/by-name", ["lead.created"]);
    await db()
      .update(schema.webhookEndpoints)
      .set({ url: `https://localhost:${port}/by-name` })
      .where(eq(schema.webhookEndpoints.id, byName.id));
    const plain = await register("/plain", ["lead.created"]);
    expect((await contact()).statusCode).toBe(201);
    await worker(workerDeps(db(), production(), apps.clock)).drain();
    const [named] = await deliveriesOf(byName.id);
    const [http] = await deliveriesOf(plain.id);
    expect(named!.attemptLog[0]!.error).toMatch(
      /refused: localhost resolves to a private address \((127\.0\.0\.1|::1)\)/,
    );
    expect(http!.attemptLog[0]!.error).toBe("refused: webhooks must use https:// in production");
    expect(receiver.requests).toHaveLength(0);
  });
});

describe("an endpoint failing for the whole retry window", () => {
  it("is disabled, its waiting deliveries failed, and the owner told by Telegram and e-mail", async () => {
    await db().update(schema.admins).set({ email: "owner@example.com" }).where(eq(schema.admins.username, "owner"));
    receiver.answer("/down", { status: 503, body: "maintenance" });
    const down = await register("/down", ["lead.created"]);
    expect((await contact()).statusCode).toBe(201);
    const w = worker();
    await w.drain();
    let disabled = false;
    for (let step = 0; step < 40 && !disabled; step++) {
      apps.clock.advance(3 * 3_600_000);
      if (step === 4) expect((await contact("second@example.com")).statusCode).toBe(201);
      settlements.length = 0;
      await w.drain();
      disabled = settlements.some((s) => s.endpointDisabled);
    }
    expect(disabled).toBe(true);
    const [endpoint] = await db().select().from(schema.webhookEndpoints).where(eq(schema.webhookEndpoints.id, down.id));
    expect(endpoint).toMatchObject({ enabled: false });
    expect(endpoint!.disabledReason).toContain("answered 503");
    expect(apps.clock.now().getTime() - endpoint!.failingSince!.getTime()).toBeGreaterThanOrEqual(3 * 86_400_000);
    cookie = await signedInCookie(apps);
    const deliveries = await deliveriesOf(down.id);
    expect(deliveries.map((d) => d.status)).toEqual(["failed", "failed"]);
    expect(deliveries.at(-1)!.attempts).toBeGreaterThan(5);

    const told = await db()
      .select()
      .from(schema.notifications)
      .where(and(eq(schema.notifications.kind, "webhook-disabled"), eq(schema.notifications.entityId, down.id)));
    expect(told.map((n) => [n.channel, n.recipient]).sort()).toEqual([
      ["email", "owner@example.com"],
      ["telegram", null],
    ]);
    expect(told[0]!.bodyText).toContain(`${receiver.url}/down`);

    // disabled: nothing more is attempted, a resend is refused until it is enabled again
    const before = receiver.at("/down").length;
    apps.clock.advance(3_600_000);
    await w.drain();
    cookie = await signedInCookie(apps);
    expect(receiver.at("/down")).toHaveLength(before);
    expect((await admin("POST", `/api/admin/webhooks/deliveries/${deliveries[0]!.id}/resend`)).statusCode).toBe(409);
    const enabled = await admin("PATCH", `/api/admin/webhooks/${down.id}`, { enabled: true });
    expect(enabled.json()).toMatchObject({ enabled: true, disabledAt: null, failingSince: null });
  });
});

describe("an endpoint that answers 410 Gone", () => {
  it("is disabled by that attempt, its other waiting deliveries failed, and the owner told", async () => {
    await db().update(schema.admins).set({ email: "owner@example.com" }).where(eq(schema.admins.username, "owner"));
    receiver.answer("/gone-soon", { status: 500, body: "restarting" });
    const gone = await register("/gone-soon", ["lead.created"]);
    expect((await contact("early@example.com")).statusCode).toBe(201);
    const w = worker();
    await w.drain();
    // the first delivery waits for its retry; the receiver now says it is gone for good
    receiver.answer("/gone-soon", { status: 410, body: "no such hook" });
    expect((await contact("late@example.com")).statusCode).toBe(201);
    settlements.length = 0;
    await w.drain();
    expect(settlements.map((s) => [s.status, s.endpointDisabled, s.attempt.statusCode])).toEqual([
      ["failed", true, 410],
    ]);
    const [endpoint] = await db().select().from(schema.webhookEndpoints).where(eq(schema.webhookEndpoints.id, gone.id));
    expect(endpoint).toMatchObject({ enabled: false });
    expect(endpoint!.disabledReason).toBe("The receiver answered 410 Gone: it asks for no more deliveries");
    const deliveries = await deliveriesOf(gone.id);
    expect(deliveries.map((d) => d.status)).toEqual(["failed", "failed"]);
    expect(deliveries.map((d) => d.attempts)).toEqual([1, 1]);
    const told = await db()
      .select()
      .from(schema.notifications)
      .where(and(eq(schema.notifications.kind, "webhook-disabled"), eq(schema.notifications.entityId, gone.id)));
    expect(told.map((n) => n.channel).sort()).toEqual(["email", "telegram"]);
    expect(told[0]!.bodyText).toContain("410 Gone");
    // nothing more is sent to it
    const before = receiver.at("/gone-soon").length;
    apps.clock.advance(3_600_000);
    await w.drain();
    expect(receiver.at("/gone-soon")).toHaveLength(before);
  });
});

describe("housekeeping", () => {
  it("deletes finished messages after 30 days with their attempts, never one still being attempted", async () => {
    receiver.answer("/late", { status: 500 });
    await register("/kept", ["lead.created"]);
    expect((await contact("first@example.com")).statusCode).toBe(201);
    await worker().drain();
    await register("/late", ["lead.created"]);
    expect((await contact("second@example.com")).statusCode).toBe(201);
    await worker().drain();
    const [first, second] = await db()
      .select({ id: schema.webhookEvents.id })
      .from(schema.webhookEvents)
      .orderBy(desc(schema.webhookEvents.id))
      .limit(2)
      .then((rows) => rows.reverse());

    apps.clock.advance(29 * 86_400_000);
    await purgeOldWebhookLog({ db: db(), clock: apps.clock });
    const ids = async () =>
      (await db().select({ id: schema.webhookEvents.id }).from(schema.webhookEvents)).map((e) => e.id);
    expect(await ids()).toEqual(expect.arrayContaining([first!.id, second!.id]));

    apps.clock.advance(2 * 86_400_000);
    expect(await purgeOldWebhookLog({ db: db(), clock: apps.clock })).toBeGreaterThanOrEqual(1);
    const left = await ids();
    expect(left).not.toContain(first!.id);
    // the second still has a delivery waiting for its next attempt
    expect(left).toContain(second!.id);
    const attemptsOfFirst = await db()
      .select({ id: schema.webhookDeliveries.id })
      .from(schema.webhookDeliveries)
      .where(eq(schema.webhookDeliveries.eventId, first!.id));
    expect(attemptsOfFirst).toHaveLength(0);
  });
});
