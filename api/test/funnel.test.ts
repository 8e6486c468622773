// The sales funnel over a chosen period (GET /api/admin/funnel and tRPC proposals.funnel): a bad period is
// a 400 naming the field; the counts by source over a period of whole days, against hand-computed
// figures from rows dated inside, on the edges of and outside it; a preset number of days ending now.
import { schema } from "@ch/db";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApps, useSignedInApps } from "./harness";

let apps: TestApps;
let cookie: string;

const db = () => apps.db.handle.db;
const at = (iso: string) => new Date(iso);
const rest = (query: string) =>
  apps.backoffice.inject({ method: "GET", url: `/api/admin/funnel${query}`, headers: { cookie } });
const trpc = (input: unknown) =>
  apps.backoffice.inject({
    method: "GET",
    url: `/api/trpc/proposals.funnel?input=${encodeURIComponent(JSON.stringify(input))}`,
    headers: { cookie },
  });

let orderSeq = 0;
async function lead(source: string, createdAt: string) {
  const [row] = await db()
    .insert(schema.enquiries)
    .values({
      source,
      firstName: "Lee",
      lastName: "Funnel",
      email: "lee@example.com",
      message: "A home",
      createdAt: at(createdAt),
    })
    .returning({ id: schema.enquiries.id });
  return row!.id;
}

/** A proposal with one version per `sent` date (null: never sent), optionally accepted and paid. */
async function proposal(enquiryId: number | null, sent: (string | null)[], acceptedAt?: string, depositAt?: string) {
  const [p] = await db()
    .insert(schema.proposals)
    .values({
      token: `funnel-token-${enquiryId ?? "x"}-${Math.random().toString(36).slice(2)}`,
      enquiryId,
      customerName: "Lee Funnel",
      email: "lee@example.com",
      state: "TX",
      status: acceptedAt ? "accepted" : sent.some(Boolean) ? "sent" : "draft",
      currentVersion: sent.length,
    })
    .returning({ id: schema.proposals.id });
  await db()
    .insert(schema.proposalVersions)
    .values(
      sent.map((s, i) => ({
        proposalId: p!.id,
        version: i + 1,
        lines: [],
        subtotalCents: 100_000,
        taxState: "TX",
        taxRateBasisPoints: 625,
        taxCents: 6_250,
        totalCents: 106_250,
        depositPercent: 50,
        validUntil: "2026-12-31",
        sentAt: s ? at(s) : null,
      })),
    );
  if (!acceptedAt) return;
  await db()
    .insert(schema.proposalAcceptances)
    .values({ proposalId: p!.id, version: sent.length, fullName: "Lee Funnel", acceptedAt: at(acceptedAt) });
  if (!depositAt) return;
  const [o] = await db()
    .insert(schema.orders)
    .values({
      orderNumber: `CH-2026-9${String(++orderSeq).padStart(5, "0")}`,
      firstName: "Lee",
      lastName: "Funnel",
      email: "lee@example.com",
      phone: "",
      address: "",
      city: "",
      state: "TX",
      zipCode: "",
      paymentMethod: "bank-transfer",
      subtotalCents: 100_000,
      taxCents: 6_250,
      shippingCents: 0,
      totalCents: 106_250,
      stage: "deposit_received",
      proposalId: p!.id,
    })
    .returning({ id: schema.orders.id });
  await db()
    .insert(schema.orderEvents)
    .values({
      orderId: o!.id,
      kind: "stage",
      actor: "system",
      fromStage: "awaiting_deposit",
      toStage: "deposit_received",
      createdAt: at(depositAt),
    });
}

function visit(visitor: string, path: string, createdAt: string, referrer?: string) {
  return {
    path,
    deviceType: "desktop",
    browser: "Chrome",
    visitorHash: visitor.repeat(64).slice(0, 64),
    ...(referrer ? { referrer } : {}),
    createdAt: at(createdAt),
  };
}

useSignedInApps({ env: { SMTP_URL: "smtp://127.0.0.1:9" }, timeoutMs: 120_000 }, (signedIn) => {
  ({ apps, cookie } = signedIn);
});
beforeAll(async () => {
  // March 2026 is the period; the rows around it are dated just outside
  await db()
    .insert(schema.visits)
    .values([
      visit("a", "/?utm_source=google", "2026-03-01T00:00:00Z"), // first instant: in
      visit("a", "/products?utm_source=google", "2026-03-04T10:00:00Z"), // same visitor: counted once
      visit("b", "/?utm_source=google&utm_medium=cpc", "2026-03-09T10:00:00Z"),
      visit("e", "/?utm_source=google", "2026-03-31T23:59:59Z"), // last second: in
      visit("c", "/products", "2026-03-12T10:00:00Z", "https://www.bing.com/search?q=container"),
      visit("d", "/", "2026-03-15T10:00:00Z"),
      visit("f", "/?utm_source=google", "2026-02-28T23:59:59Z"), // out
      visit("g", "/", "2026-04-01T00:00:00Z", "https://www.bing.com/"), // out: the day after
    ]);
  const l1 = await lead("quote-request", "2026-03-05T09:00:00Z");
  const l2 = await lead("quote-request", "2026-03-10T09:00:00Z");
  const l3 = await lead("contact", "2026-03-15T09:00:00Z");
  const l4 = await lead("quote-request", "2026-02-20T09:00:00Z"); // out (its proposal is sent in March)
  // P1: two versions sent in March (one proposal), accepted and paid in March
  await proposal(l1, ["2026-03-06T12:00:00Z", "2026-03-08T12:00:00Z"], "2026-03-09T12:00:00Z", "2026-03-12T12:00:00Z");
  // P2: sent in March, accepted in April (out)
  await proposal(l4, ["2026-03-02T12:00:00Z"], "2026-04-02T12:00:00Z");
  // P3: sent and accepted in March, deposit in April (out)
  await proposal(l3, ["2026-03-20T12:00:00Z"], "2026-03-21T12:00:00Z", "2026-04-05T12:00:00Z");
  // P4: from scratch (direct), first sent in February, version 2 sent, accepted and paid in March
  await proposal(
    null,
    ["2026-02-10T12:00:00Z", "2026-03-25T12:00:00Z"],
    "2026-03-26T12:00:00Z",
    "2026-03-28T12:00:00Z",
  );
  // P5: a draft never sent
  await proposal(l2, [null]);
  // a visit from "weekly" 3 and 10 days before now, for the preset periods
  const now = apps.clock.now().getTime();
  await db()
    .insert(schema.visits)
    .values([
      visit("w", "/?utm_source=weekly", new Date(now - 3 * 86_400_000).toISOString()),
      visit("x", "/?utm_source=weekly", new Date(now - 10 * 86_400_000).toISOString()),
    ]);
}, 120_000);

const sorted = (steps: { source: string; count: number }[]) =>
  [...steps].sort((a, b) => a.source.localeCompare(b.source));

describe("the funnel over a chosen period", () => {
  const march = {
    from: "2026-03-01T00:00:00.000Z",
    to: "2026-04-01T00:00:00.000Z",
    visitors: [
      { source: "direct", count: 1 },
      { source: "google", count: 3 },
      { source: "www.bing.com", count: 1 },
    ],
    leads: [
      { source: "contact", count: 1 },
      { source: "quote-request", count: 2 },
    ],
    proposalsSent: [
      { source: "contact", count: 1 },
      { source: "direct", count: 1 },
      { source: "quote-request", count: 2 },
    ],
    accepted: [
      { source: "contact", count: 1 },
      { source: "direct", count: 1 },
      { source: "quote-request", count: 1 },
    ],
    depositPaid: [
      { source: "direct", count: 1 },
      { source: "quote-request", count: 1 },
    ],
  };
  const normalise = (f: typeof march) => ({
    from: f.from,
    to: f.to,
    visitors: sorted(f.visitors),
    leads: sorted(f.leads),
    proposalsSent: sorted(f.proposalsSent),
    accepted: sorted(f.accepted),
    depositPaid: sorted(f.depositPaid),
  });

  it("counts each step by source within the days given, both ends included (REST)", async () => {
    const res = await rest("?from=2026-03-01&to=2026-03-31");
    expect(res.statusCode, res.body).toBe(200);
    expect(normalise(res.json())).toEqual(march);
  });

  it("answers the same through tRPC", async () => {
    const res = await trpc({ from: "2026-03-01", to: "2026-03-31" });
    expect(res.statusCode, res.body).toBe(200);
    expect(normalise(res.json().result.data)).toEqual(march);
  });

  it("a single day counts only that day", async () => {
    const res = await rest("?from=2026-03-09&to=2026-03-09");
    expect(res.statusCode).toBe(200);
    const f = res.json();
    expect(f.visitors).toEqual([{ source: "google", count: 1 }]);
    expect(f.leads).toEqual([]);
    expect(f.proposalsSent).toEqual([]);
    expect(f.accepted).toEqual([{ source: "quote-request", count: 1 }]);
    expect(f.depositPaid).toEqual([]);
  });

  it("a preset number of days ends now (default 30)", async () => {
    const weekly = async (query: string) =>
      ((await rest(query)).json().visitors as { source: string; count: number }[]).find((s) => s.source === "weekly")
        ?.count;
    expect(await weekly("?days=7")).toBe(1);
    expect(await weekly("?days=30")).toBe(2);
    expect(await weekly("")).toBe(2);
    const res = await rest("?days=7");
    const { from, to } = res.json();
    expect(Date.parse(to) - Date.parse(from)).toBe(7 * 86_400_000);
  });

  it("refuses a bad period with a 400 naming the field (REST and tRPC)", async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ["?from=2026-03-31&to=2026-03-01", { from: "2026-03-31", to: "2026-03-01" }, "to"],
      ["?from=2025-01-01&to=2026-01-02", { from: "2025-01-01", to: "2026-01-02" }, "to"],
      ["?from=2026-02-30&to=2026-03-01", { from: "2026-02-30", to: "2026-03-01" }, "from"],
      ["?from=2026-03-01", { from: "2026-03-01" }, "to"],
      ["?to=2026-03-01", { to: "2026-03-01" }, "from"],
      ["?days=0", { days: 0 }, "days"],
      ["?days=367", { days: 367 }, "days"],
      ["?days=7.5", { days: 7.5 }, "days"],
      ["?days=7&from=2026-03-01&to=2026-03-02", { days: 7, from: "2026-03-01", to: "2026-03-02" }, "days"],
      ["?from=yesterday&to=2026-03-01", { from: "yesterday", to: "2026-03-01" }, "from"],
    ];
    for (const [query, input, field] of cases) {
      const r = await rest(query);
      expect(r.statusCode, query).toBe(400);
      expect(r.json().message, query).toBeTruthy();
      expect(
        r.json().issues.map((i: { path: unknown[] }) => i.path[0]),
        query,
      ).toContain(field);
      const t = await trpc(input);
      expect(t.statusCode, JSON.stringify(input)).toBe(400);
    }
    // 366 days is the longest period
    expect((await rest("?from=2025-01-01&to=2026-01-01")).statusCode).toBe(200);
    // an unknown key is refused too
    expect((await rest("?period=month")).statusCode).toBe(400);
  });

  it("is documented in the OpenAPI with its period parameters", async () => {
    const res = await apps.storefront.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const op = res.json().paths["/api/admin/funnel"].get;
    expect(op.parameters.filter((p: { in: string }) => p.in === "query").map((p: { name: string }) => p.name)).toEqual([
      "days",
      "from",
      "to",
    ]);
  });

  it("is for staff only", async () => {
    const res = await apps.backoffice.inject({ method: "GET", url: "/api/admin/funnel?days=7" });
    expect(res.statusCode).toBe(401);
  });
});
