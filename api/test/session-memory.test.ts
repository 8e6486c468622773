// A valid session is remembered in the process (no database read per admin request), yet every change
// to its row is honoured: the sessions trigger (migration 0001) notifies all processes.
// The dashboard's figures are kept a few seconds, but a write answered by this process drops them.
import { schema } from "@ch/db";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readCache } from "../src/lib/read-cache";
import { orderBody, sessionRowIdOf, signedInCookie, type TestApps, useSignedInApps } from "./harness";

let apps: TestApps;
let cookie: string;

useSignedInApps((signedIn) => {
  ({ apps, cookie } = signedIn);
});

const session = () => apps.backoffice.inject({ method: "GET", url: "/api/admin/session", headers: { cookie } });
const sessionId = () => sessionRowIdOf(cookie);

async function eventually(check: () => Promise<boolean>, ms = 3_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

describe("session memory", () => {
  it("remembers a valid session after the first read", async () => {
    // remembered once the process hears its own heartbeat on the notice channel
    const remembered = await eventually(
      async () =>
        (await session()).statusCode === 200 && readCache(apps.db.handle.db).session(sessionId()) !== undefined,
    );
    expect(remembered).toBe(true);
    expect(readCache(apps.db.handle.db).session(sessionId())?.username).toBe("owner");
  });

  it("forgets it when its row is changed behind the API's back (an UPDATE in SQL)", async () => {
    await session();
    await apps.db.handle.db
      .update(schema.sessions)
      .set({ expiresAt: sql`now() - interval '1 hour'` })
      .where(eq(schema.sessions.id, sessionId()));
    expect(await eventually(async () => (await session()).statusCode === 401)).toBe(true);
    expect(readCache(apps.db.handle.db).session(sessionId())).toBeUndefined();
  });

  it("applies the idle timeout to a remembered session (test clock)", async () => {
    cookie = await signedInCookie(apps);
    expect((await session()).statusCode).toBe(200);
    expect((await session()).statusCode).toBe(200);
    apps.clock.advance(31 * 60_000);
    expect((await session()).statusCode).toBe(401);
  });
});

describe("dashboard figures", () => {
  it("show an order placed through this process at once", async () => {
    cookie = await signedInCookie(apps);
    const stats = async () =>
      (
        await apps.backoffice.inject({ method: "GET", url: "/api/admin/dashboard/stats", headers: { cookie } })
      ).json() as {
        totalOrders: number;
      };
    const before = (await stats()).totalOrders;
    expect((await stats()).totalOrders).toBe(before);
    const product = (await apps.storefront.inject({ method: "GET", url: "/api/products" })).json()[0];
    const placed = await apps.storefront.inject({
      method: "POST",
      url: "/api/orders",
      payload: orderBody([{ id: product.id, quantity: 1, price: product.price }]),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await stats()).totalOrders).toBe(before + 1);
  });
});
