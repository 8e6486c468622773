import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allRoutes } from "../src/routes";
import { BACKOFFICE, orderBody, signedInCookie, startTestApps, type TestApps } from "./harness";
import { LEGACY_API_VERSION } from "./money";

let apps: TestApps;
let cookie: string;
beforeAll(async () => {
  apps = await startTestApps({ apiVersion: LEGACY_API_VERSION });
});
afterAll(async () => {
  await apps?.close();
});

const admin = (method: "GET" | "POST" | "PUT", url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  apps.backoffice.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { cookie, ...headers },
  });

describe("setup and sign-in", () => {
  it("refuses short and common passwords, creates the first admin once, then answers 409", async () => {
    const short = await apps.backoffice.inject({
      method: "POST",
      url: "/api/admin/setup",
      payload: { username: "owner", password: "abc" },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain("at least 12 characters");
    const common = await apps.backoffice.inject({
      method: "POST",
      url: "/api/admin/setup",
      payload: { username: "owner", password: "password123456" },
    });
    expect(common.statusCode).toBe(400);
    cookie = await signedInCookie(apps);
    const again = await apps.backoffice.inject({
      method: "POST",
      url: "/api/admin/setup",
      payload: { username: "other", password: "An0ther-Passphrase" },
    });
    expect(again.statusCode).toBe(409);
  });

  it("sets an httpOnly, SameSite=Strict, host-only cookie and checks the session", async () => {
    const login = await apps.backoffice.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username: "owner", password: "Tr4ilhead-Container!" },
    });
    const setCookie = String(login.headers["set-cookie"]);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).not.toMatch(/Domain=/i);
    expect(login.json()).toMatchObject({ ok: true, username: "owner" });
    expect(JSON.stringify(login.json())).not.toContain(login.cookies.find((c) => c.name === "ch_admin")!.value);
    const session = await admin("GET", "/api/admin/session");
    expect(session.json()).toEqual({ authenticated: true, username: "owner" });
  });

  it("gives the same 401 for an unknown user and a wrong password", async () => {
    const unknown = await apps.backoffice.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username: "nobody", password: "whatever-1" },
    });
    const wrong = await apps.backoffice.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username: "owner", password: "whatever-1" },
    });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
  });

  it("ends the session at logout", async () => {
    const own = await signedInCookie(apps);
    const out = await apps.backoffice.inject({ method: "POST", url: "/api/admin/logout", headers: { cookie: own } });
    expect(out.statusCode).toBe(200);
    const after = await apps.backoffice.inject({ method: "GET", url: "/api/admin/session", headers: { cookie: own } });
    expect(after.statusCode).toBe(401);
  });

  it("expires a session after 30 idle minutes", async () => {
    const own = await signedInCookie(apps);
    apps.clock.advance(31 * 60_000);
    const after = await apps.backoffice.inject({
      method: "GET",
      url: "/api/admin/dashboard/stats",
      headers: { cookie: own },
    });
    expect(after.statusCode).toBe(401);
    apps.clock.advance(-31 * 60_000);
  });
});

describe("every admin path is closed without a session", () => {
  const adminPaths = allRoutes.filter((r) => r.access === "admin");
  it.each(adminPaths.map((r) => [r.method, r.url]))("%s %s answers 401", async (method, url) => {
    const res = await apps.backoffice.inject({
      method: method as "GET",
      url: url.replace(":id", "1"),
      ...(method === "GET" ? {} : { payload: {} }),
      headers: { cookie: "ch_admin=forged-token-value" },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("dashboard, orders and contacts", () => {
  it("changes order, payment and contact statuses and reflects them in the stats", async () => {
    const product = (
      (await apps.storefront.inject({ method: "GET", url: "/api/products" })).json() as {
        id: number;
        price: number;
        inStock: boolean;
      }[]
    ).find((p) => p.inStock)!;
    const placed = await apps.storefront.inject({
      method: "POST",
      url: "/api/orders",
      payload: orderBody([{ id: product.id, quantity: 1, price: product.price }]),
    });
    expect(placed.statusCode).toBe(201);
    await apps.storefront.inject({
      method: "POST",
      url: "/api/contact",
      payload: { firstName: "Lu", lastName: "Chen", email: "lu@example.com" },
    });

    const stats = (await admin("GET", "/api/admin/dashboard/stats")).json();
    expect(stats.totalOrders).toBe(1);
    expect(stats.pendingOrders).toBe(1);
    // ordered, not paid: no revenue yet
    expect(stats.orderedAmount).toBe(placed.json().totalAmount);
    expect(stats.totalRevenue).toBe(0);
    expect(stats.newContacts).toBe(1);
    expect(stats.totalProducts).toBeGreaterThan(10);
    expect(stats.recentOrders[0]).toMatchObject({ customerName: "Maria Gonzalez", status: "pending" });

    const orders = (await admin("GET", "/api/admin/orders")).json();
    const id = orders[0].id;
    // the stage is the order's one state: an unpaid order cannot go to production or be marked paid
    expect((await admin("PUT", `/api/admin/orders/${id}/status`, { status: "in_production" })).statusCode).toBe(409);
    expect((await admin("PUT", `/api/admin/orders/${id}/payment`, { paymentStatus: "paid" })).statusCode).toBe(409);
    expect(
      (await admin("PUT", `/api/admin/orders/${id}/status`, { status: "cancelled", reason: "Duplicate order" })).json(),
    ).toMatchObject({ status: "cancelled", stage: "cancelled", paymentStatus: "pending" });
    expect((await admin("PUT", `/api/admin/orders/${id}/status`, { status: "teleported" })).statusCode).toBe(400);
    expect((await admin("PUT", "/api/admin/orders/99999/status", { status: "shipped" })).statusCode).toBe(404);

    const contacts = (await admin("GET", "/api/admin/contacts")).json();
    expect(
      (await admin("PUT", `/api/admin/contacts/${contacts[0].id}/status`, { status: "qualified" })).json().status,
    ).toBe("qualified");
    const after = (await admin("GET", "/api/admin/dashboard/stats")).json();
    expect(after.pendingOrders).toBe(0);
    expect(after.newContacts).toBe(0);
  });

  it("refuses a cross-origin or cross-site write with 403", async () => {
    const evil = await admin(
      "PUT",
      "/api/admin/orders/1/status",
      { status: "shipped" },
      { origin: "https://evil.example" },
    );
    expect(evil.statusCode).toBe(403);
    const site = await admin(
      "PUT",
      "/api/admin/orders/1/status",
      { status: "shipped" },
      { "sec-fetch-site": "cross-site" },
    );
    expect(site.statusCode).toBe(403);
    const storefrontOrigin = await apps.backoffice.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username: "owner", password: "x" },
      headers: { origin: "http://localhost:3000" },
    });
    expect(storefrontOrigin.statusCode).toBe(403);
    const same = await admin(
      "PUT",
      "/api/admin/orders/1/status",
      { status: "cancelled", reason: "Duplicate order" },
      { origin: BACKOFFICE, "sec-fetch-site": "same-origin" },
    );
    // the same write from the back office itself goes through
    expect(same.statusCode).toBe(200);
    expect(same.json().status).toBe("cancelled");
  });

  it("marks admin answers no-store", async () => {
    const res = await admin("GET", "/api/admin/orders");
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("lists visitors and visitor stats", async () => {
    await apps.storefront.inject({
      method: "POST",
      url: "/api/visits",
      payload: { path: "/" },
      headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36" },
    });
    const visitors = (await admin("GET", "/api/admin/visitors")).json();
    expect(visitors[0]).toMatchObject({ path: "/", deviceType: "Desktop", browser: "Chrome", telegramNotified: false });
    const stats = (await admin("GET", "/api/admin/visitor-stats")).json();
    expect(stats.totalVisits).toBeGreaterThanOrEqual(1);
    expect(stats.topPages[0]).toHaveProperty("path");
  });
});
