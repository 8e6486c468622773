// CSRF and request shape: every state-changing back-office request (sign-in and setup included) is
// refused with 403 when Sec-Fetch-Site is present and not same-origin, or Origin is present and not the
// back-office origin; only application/json bodies reach JSON endpoints (415 otherwise, tRPC included);
// no GET changes state.
import { beforeAll, describe, expect, it } from "vitest";
import { adminAppRouter, publicAppRouter } from "../src/trpc/root";
import { BACKOFFICE, STOREFRONT, type TestApps, useSignedInApps } from "./harness";
import { rowCounts, tableNames } from "./reliability/lib/db-counts";
import { concretePath, proceduresOf, type ServedRoute, servedRoutes } from "./reliability/lib/routes";

let apps: TestApps;
let cookie: string;
let tables: string[];
const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

useSignedInApps((signedIn) => {
  ({ apps, cookie } = signedIn);
});
beforeAll(async () => {
  tables = await tableNames(apps.db.handle.db);
});

const hostile: Record<string, string>[] = [
  { "sec-fetch-site": "cross-site" },
  { "sec-fetch-site": "same-site" },
  { "sec-fetch-site": "none" },
  { origin: "https://evil.example" },
  { origin: STOREFRONT },
  { origin: "null" },
  { origin: `${BACKOFFICE}.evil.example` },
  { "sec-fetch-site": "cross-site", origin: BACKOFFICE },
  { "sec-fetch-site": "same-origin", origin: "https://evil.example" },
];

async function stateChangingRequests(): Promise<{ label: string; method: string; url: string }[]> {
  const rest = (await servedRoutes(apps.backoffice)).filter(
    (r: ServedRoute) => !SAFE.has(r.method) && r.url !== "/api/trpc/:path",
  );
  const mutations = proceduresOf(adminAppRouter).filter((p) => p.type === "mutation");
  return [
    ...rest.map((r) => ({ label: `${r.method} ${r.url}`, method: r.method, url: concretePath(r.url) })),
    ...mutations.map((p) => ({ label: `tRPC ${p.path}`, method: "POST", url: `/api/trpc/${p.path}` })),
  ];
}

describe("CSRF guard on the back-office origin", () => {
  it("refuses every state-changing request from another site or origin with 403, and changes nothing", async () => {
    const requests = await stateChangingRequests();
    const labels = requests.map((r) => r.label);
    for (const expected of [
      "POST /api/admin/setup",
      "POST /api/admin/login",
      "POST /api/admin/logout",
      "POST /api/admin/media",
    ]) {
      expect(labels).toContain(expected);
    }
    expect(labels.filter((l) => l.startsWith("tRPC")).length).toBeGreaterThanOrEqual(15);
    const before = await rowCounts(apps.db.handle.db, tables);
    const failures: string[] = [];
    for (const request of requests) {
      for (const headers of hostile) {
        const res = await apps.backoffice.inject({
          method: request.method as "POST",
          url: request.url,
          headers: { cookie, ...headers },
          payload: { username: "owner", password: "Tr4ilhead-Container!", id: 1, status: "shipped" },
        });
        if (res.statusCode !== 403) failures.push(`${request.label} ${JSON.stringify(headers)}: ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await rowCounts(apps.db.handle.db, tables)).toEqual(before);
    // the session survived: the refused logout did not run
    const session = await apps.backoffice.inject({ method: "GET", url: "/api/admin/session", headers: { cookie } });
    expect(session.statusCode).toBe(200);
  });

  it("lets same-origin requests through (with or without the headers old browsers omit)", async () => {
    for (const headers of [{}, { origin: BACKOFFICE }, { "sec-fetch-site": "same-origin", origin: BACKOFFICE }]) {
      const res = await apps.backoffice.inject({
        method: "POST",
        url: "/api/trpc/leads.setStatus",
        headers: { cookie, ...headers },
        payload: { id: 999_999, status: "qualified" },
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(404);
    }
  });
});

describe("JSON-only bodies", () => {
  const types = [
    "multipart/form-data; boundary=----x",
    "application/octet-stream",
    "text/plain",
    "application/x-www-form-urlencoded",
    "application/json-patch+json",
    "text/json",
  ];
  const bodyFor = (type: string) =>
    type.startsWith("multipart")
      ? '------x\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nA\r\n------x--\r\n'
      : type.includes("urlencoded")
        ? "firstName=A&lastName=B&email=a%40example.com"
        : '{"firstName":"A","lastName":"B","email":"a@example.com"}';

  it.each([
    ["storefront", "/api/trpc/leads.contact"],
    ["storefront", "/api/contact"],
    ["storefront", "/api/orders"],
    ["backoffice", "/api/trpc/leads.setStatus"],
    ["backoffice", "/api/admin/login"],
    ["backoffice", "/api/admin/orders/1/status"],
  ] as const)("%s %s answers 415 to other content types", async (surface, url) => {
    const app = surface === "storefront" ? apps.storefront : apps.backoffice;
    const before = await rowCounts(apps.db.handle.db, tables);
    for (const type of [...types, ""]) {
      const res = await app.inject({
        method: url.includes("/status") && !url.includes("trpc") ? "PUT" : "POST",
        url,
        headers: { cookie, "content-type": type },
        payload: bodyFor(type),
      });
      expect(res.statusCode, type || "(no content type)").toBe(415);
    }
    expect(await rowCounts(apps.db.handle.db, tables)).toEqual(before);
  });

  it("accepts application/json with a charset parameter", async () => {
    const res = await apps.storefront.inject({
      method: "POST",
      url: "/api/visits",
      headers: { "content-type": "application/json; charset=utf-8" },
      payload: JSON.stringify({ path: "/" }),
    });
    expect(res.statusCode).toBe(202);
  });
});

describe("no GET changes state", () => {
  it("every GET route and tRPC query of both origins leaves every table as it was", async () => {
    const before = await rowCounts(apps.db.handle.db, tables);
    let calls = 0;
    for (const [app, router] of [
      [apps.storefront, publicAppRouter],
      [apps.backoffice, adminAppRouter],
    ] as const) {
      for (const route of (await servedRoutes(app)).filter((r) => r.method === "GET" && r.url !== "/api/trpc/:path")) {
        const res = await app.inject({ method: "GET", url: concretePath(route.url), headers: { cookie } });
        expect(res.statusCode, route.url).toBeLessThan(500);
        calls++;
      }
      for (const procedure of proceduresOf(router)) {
        const res = await app.inject({ method: "GET", url: `/api/trpc/${procedure.path}`, headers: { cookie } });
        if (procedure.type === "mutation") expect(res.statusCode, procedure.path).toBe(405);
        else expect(res.statusCode, procedure.path).toBeLessThan(500);
        calls++;
      }
    }
    expect(calls).toBeGreaterThan(50);
    expect(await rowCounts(apps.db.handle.db, tables)).toEqual(before);
  });

  it("tRPC refuses a mutation sent as GET with its input in the query string", async () => {
    const input = encodeURIComponent(JSON.stringify({ firstName: "A", lastName: "B", email: "a@example.com" }));
    const res = await apps.storefront.inject({ method: "GET", url: `/api/trpc/leads.contact?input=${input}` });
    expect(res.statusCode).toBe(405);
    const admin = await apps.backoffice.inject({
      method: "GET",
      url: `/api/trpc/leads.setStatus?input=${encodeURIComponent(JSON.stringify({ id: 1, status: "qualified" }))}`,
      headers: { cookie },
    });
    expect(admin.statusCode).toBe(405);
  });
});
