// Logging: sign-ins (success and failure), 401/403/429 denials and admin changes are logged, with a
// request id, and without passwords, session tokens or their hashes, or customers' personal data.
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { createTestDatabase, orderBody, sessionRowIdOf, type TestDatabase, testEnv } from "./harness";

const lines: string[] = [];
let db: TestDatabase;
let storefront: Awaited<ReturnType<typeof buildApp>>;
let backoffice: Awaited<ReturnType<typeof buildApp>>;
const PASSWORD = "Quarry-Lantern-47";
const WRONG = "Wrong-Secret-Passphrase-9";

beforeAll(async () => {
  db = await createTestDatabase();
  const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(line) });
  const env = testEnv({ PUBLIC_RATE_LIMIT_SCALE: "1", LOG_LEVEL: "info" });
  const common = { db: db.handle.db, env, logger, spa: false as const };
  storefront = await buildApp({ ...common, surface: "storefront" });
  backoffice = await buildApp({ ...common, surface: "backoffice" });
});
afterAll(async () => {
  await storefront?.close();
  await backoffice?.close();
  await db?.drop();
});

const entries = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
const find = (msg: string, extra: (e: Record<string, unknown>) => boolean = () => true) =>
  entries().filter((e) => e.msg === msg && extra(e));

describe("the log", () => {
  it("records sign-ins, denials and admin changes without secrets or personal data", async () => {
    const setup = await backoffice.inject({
      method: "POST",
      url: "/api/admin/setup",
      payload: { username: "owner", password: PASSWORD },
    });
    expect(setup.statusCode).toBe(201);
    const failed = await backoffice.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username: "owner", password: WRONG },
    });
    expect(failed.statusCode).toBe(401);
    const login = await backoffice.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username: "owner", password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const token = login.cookies.find((c) => c.name === "ch_admin")!.value;
    const cookie = `ch_admin=${token}`;

    // a customer's order, then an admin search for her e-mail and a status change (REST and tRPC)
    const product = (await storefront.inject({ method: "GET", url: "/api/products" })).json()[0];
    const body = orderBody([{ id: product.id, quantity: 1, price: product.price }], {
      firstName: "Philippa",
      lastName: "Quenneville",
      email: "philippa.quenneville@example.com",
      phone: "(210) 555-0199",
      address: "742 Evergreen Terrace",
    });
    const placed = await storefront.inject({ method: "POST", url: "/api/orders", payload: body });
    expect(placed.statusCode).toBe(201);
    const search = await backoffice.inject({
      method: "GET",
      url: "/api/admin/orders?q=philippa.quenneville%40example.com",
      headers: { cookie },
    });
    expect(search.json()).toHaveLength(1);
    const id = placed.json().id;
    expect(
      (
        await backoffice.inject({
          method: "PUT",
          url: `/api/admin/orders/${id}/status`,
          payload: { status: "cancelled", reason: "Asked by the customer" },
          headers: { cookie },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await backoffice.inject({
          method: "POST",
          url: "/api/trpc/orders.setPaymentStatus",
          // what the ledger says (unpaid): confirmed, nothing changes
          payload: { id, paymentStatus: "pending" },
          headers: { cookie },
        })
      ).statusCode,
    ).toBe(200);

    // denials: no session (REST and tRPC), cross-site write, throttled sign-in and public write
    await backoffice.inject({ method: "GET", url: "/api/admin/orders" });
    await backoffice.inject({ method: "GET", url: "/api/trpc/admin.me", headers: { cookie: "ch_admin=forged" } });
    await backoffice.inject({
      method: "PUT",
      url: `/api/admin/orders/${id}/status`,
      payload: { status: "shipped" },
      headers: { cookie, origin: "https://evil.example" },
    });
    for (let i = 0; i < 6; i++) {
      await backoffice.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { username: "owner", password: WRONG },
        remoteAddress: "203.0.113.77",
      });
    }
    for (let i = 0; i < 11; i++) {
      await storefront.inject({
        method: "POST",
        url: "/api/orders/lookup",
        payload: {},
        remoteAddress: "203.0.113.78",
      });
    }
    const out = await backoffice.inject({ method: "POST", url: "/api/admin/logout", headers: { cookie } });
    expect(out.statusCode).toBe(200);

    expect(find("admin signed in").length).toBe(1);
    expect(find("admin sign-in failed", (e) => e.username === "owner").length).toBeGreaterThanOrEqual(6);
    expect(find("admin sign-in throttled").length).toBeGreaterThanOrEqual(1);
    const denied = find("request denied");
    for (const status of [401, 403, 429])
      expect(
        denied.some((e) => e.status === status),
        String(status),
      ).toBe(true);
    expect(denied.some((e) => e.path === "/api/trpc/admin.me" && e.status === 401)).toBe(true);
    const changes = find("admin change", (e) => e.admin === "owner");
    expect(changes.map((e) => e.action)).toEqual(
      expect.arrayContaining(["PUT /api/admin/orders/:id/status", "orders.setPaymentStatus"]),
    );
    // every request line has an id
    for (const e of [...denied, ...changes]) expect(String(e.reqId)).toMatch(/^[0-9a-f-]{36}$/);

    const text = lines.join("\n");
    const secrets = [
      PASSWORD,
      WRONG,
      token,
      sessionRowIdOf(token),
      token.split(".")[0]!,
      "philippa",
      "Philippa",
      "Quenneville",
      "555-0199",
      "Evergreen",
      "%40example.com",
    ];
    for (const secret of secrets) expect(text, `log contains ${secret}`).not.toContain(secret);
    expect(text).not.toMatch(/"cookie"/i);
  });
});
