// Conditional requests and versions (issue 25 item 6 and 5): GETs carry an ETag and answer a current
// If-None-Match with 304; an admin write with a stale If-Match is refused with 412 and changes nothing;
// every answer names its Api-Version and a request may pin a known one (an unknown one is 400).
import { describe, expect, it } from "vitest";
import { BACKOFFICE, type TestApps, useSignedInApps } from "./harness";

let apps: TestApps;
let cookie: string;

useSignedInApps((signedIn) => {
  ({ apps, cookie } = signedIn);
});

const admin = (method: "GET" | "PUT", url: string, headers: Record<string, string> = {}, payload?: unknown) =>
  apps.backoffice.inject({
    method,
    url,
    headers: { cookie, ...(method === "GET" ? {} : { origin: BACKOFFICE }), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function newLead(): Promise<number> {
  const res = await apps.storefront.inject({
    method: "POST",
    url: "/api/contact",
    payload: { firstName: "Etag", lastName: "Tester", email: "etag@example.com", message: "A 40 ft home, please" },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

describe("ETag and If-None-Match", () => {
  it("tags a GET and answers 304 with no body while the tag is current, 200 once the data changed", async () => {
    const id = await newLead();
    const first = await admin("GET", `/api/admin/contacts/${id}`);
    expect(first.statusCode).toBe(200);
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^"[\w-]{22}"$/);
    const again = await admin("GET", `/api/admin/contacts/${id}`, { "if-none-match": tag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(tag);
    // a list of tags, and a weak form of the same tag, still match (If-None-Match compares weakly)
    expect((await admin("GET", `/api/admin/contacts/${id}`, { "if-none-match": `"x", W/${tag}` })).statusCode).toBe(
      304,
    );
    expect((await admin("PUT", `/api/admin/contacts/${id}/status`, {}, { status: "contacted" })).statusCode).toBe(200);
    const changed = await admin("GET", `/api/admin/contacts/${id}`, { "if-none-match": tag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(tag);
  });

  it("gives a compressed answer its own tag that still matches the resource", async () => {
    const plain = await apps.storefront.inject({ method: "GET", url: "/api/products" });
    const br = await apps.storefront.inject({
      method: "GET",
      url: "/api/products",
      headers: { "accept-encoding": "br" },
    });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.etag).toBe(`${(plain.headers.etag as string).slice(0, -1)}-br"`);
    const notModified = await apps.storefront.inject({
      method: "GET",
      url: "/api/products",
      headers: { "accept-encoding": "br", "if-none-match": plain.headers.etag as string },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers.vary).toBe("accept-encoding");
  });
});

describe("If-Match on admin writes", () => {
  it("refuses a write whose If-Match is stale with 412 and the current tag, and changes nothing", async () => {
    const id = await newLead();
    const read = await admin("GET", `/api/admin/contacts/${id}`);
    const tag = read.headers.etag as string;
    // someone else changes the lead after it was read
    expect((await admin("PUT", `/api/admin/contacts/${id}/status`, {}, { status: "qualified" })).statusCode).toBe(200);
    const current = (await admin("GET", `/api/admin/contacts/${id}`)).headers.etag as string;

    const stale = await admin("PUT", `/api/admin/contacts/${id}/status`, { "if-match": tag }, { status: "won" });
    expect(stale.statusCode).toBe(412);
    expect(stale.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
    expect(stale.headers.etag).toBe(current);
    expect(stale.json()).toMatchObject({
      status: 412,
      code: "precondition_failed",
      currentEtag: current,
      issues: [{ path: ["If-Match"] }],
    });
    expect((await admin("GET", `/api/admin/contacts/${id}`)).json()).toMatchObject({ status: "qualified" });

    // with the current tag (in its compressed form too) the write goes through
    const fresh = await admin(
      "PUT",
      `/api/admin/contacts/${id}/status`,
      { "if-match": `${current.slice(0, -1)}-gzip"` },
      { status: "won" },
    );
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect((await admin("GET", `/api/admin/contacts/${id}`)).json()).toMatchObject({ status: "won" });
    // `*` matches any current representation; an unknown lead has none
    expect(
      (await admin("PUT", `/api/admin/contacts/${id}/status`, { "if-match": "*" }, { status: "closed" })).statusCode,
    ).toBe(200);
    expect(
      (await admin("PUT", "/api/admin/contacts/987654/status", { "if-match": "*" }, { status: "closed" })).statusCode,
    ).toBe(412);
  });

  it("checks who calls before anything else: no session is 401 whatever If-Match says", async () => {
    const res = await apps.backoffice.inject({
      method: "PUT",
      url: "/api/admin/contacts/1/status",
      headers: { origin: BACKOFFICE, "if-match": '"stale"' },
      payload: { status: "won" },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("Api-Version", () => {
  it("names the version on every answer, echoes a pinned known version, and refuses an unknown one", async () => {
    const answers = await Promise.all([
      apps.storefront.inject({ method: "GET", url: "/api/products" }),
      apps.storefront.inject({ method: "GET", url: "/api/products/987654" }),
      apps.backoffice.inject({ method: "GET", url: "/api/admin/orders" }),
      apps.storefront.inject({ method: "DELETE", url: "/api/products" }),
    ]);
    const version = answers[0]!.headers["api-version"] as string;
    expect(version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const res of answers) expect(res.headers["api-version"]).toBe(version);

    const pinned = await apps.storefront.inject({
      method: "GET",
      url: "/api/products",
      headers: { "api-version": version },
    });
    expect(pinned.statusCode).toBe(200);
    expect(pinned.headers["api-version"]).toBe(version);

    const unknown = await apps.storefront.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "api-version": "2019-01-01" },
      payload: { firstName: "A", lastName: "B", email: "pin@example.com", message: "hello" },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: "invalid_request", issues: [{ path: ["Api-Version"] }] });
    // nothing was stored
    const leads = (await admin("GET", "/api/admin/contacts")).json() as
      | { email: string }[]
      | { items: { email: string }[] };
    const list = Array.isArray(leads) ? leads : leads.items;
    expect(list.some((lead) => lead.email === "pin@example.com")).toBe(false);
  });

  it("lists the versions and changes on the docs page", async () => {
    const page = await apps.storefront.inject({ method: "GET", url: "/api/docs" });
    expect(page.body).toContain('id="changelog"');
    expect(page.body).toContain(`id="version-${page.headers["api-version"]}"`);
    expect(page.body).toContain('id="error-precondition_failed"');
    for (const guide of ["quick-start", "pagination", "idempotency", "webhooks"]) {
      expect(page.body).toContain(`id="${guide}"`);
    }
  });
});
