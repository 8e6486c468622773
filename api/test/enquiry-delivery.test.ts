// Issue 23, item 7: the enquiry forms (POST /api/contact from the home page and /contact, POST
// /api/quote-requests from the quote dialog) take the delivery ZIP and state, checked by the shared
// contract and stored with the lead; one message rule on both; project types are the catalog's categories.
import { schema } from "@ch/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApps, type TestApps } from "./harness";

let apps: TestApps;
beforeAll(async () => {
  apps = await startTestApps();
}, 60_000);
afterAll(async () => {
  await apps?.close();
});

let address = 0;
// each request from its own address: the public forms are rate-limited per address
const post = (url: string, payload: object) =>
  apps.storefront.inject({ method: "POST", url, payload, remoteAddress: `198.51.100.${++address}` });

async function stored(id: number) {
  const [row] = await apps.db.handle.db.select().from(schema.enquiries).where(eq(schema.enquiries.id, id));
  return row!;
}

const person = { firstName: "Dale", lastName: "Gribble", email: "dale@example.com" };
const endpoints = [
  ["/api/contact", { ...person, source: "contact-page" }],
  ["/api/contact", { ...person, source: "contact-form" }],
  ["/api/quote-requests", { ...person, kind: "quote" }],
] as const;

describe.each(endpoints)("%s %o", (url, base) => {
  it("stores the delivery ZIP and state (a state's name becomes its code)", async () => {
    const res = await post(url, { ...base, deliveryZip: " 78205 ", deliveryState: "texas" });
    expect(res.statusCode, res.body).toBe(201);
    const row = await stored(res.json().id);
    expect([row.deliveryZip, row.deliveryState]).toEqual(["78205", "TX"]);
  });

  it("names the field and the reason for a bad ZIP or state", async () => {
    const res = await post(url, { ...base, deliveryZip: "7820", deliveryState: "Narnia" });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: ["deliveryZip"], message: "must be a 5-digit ZIP code (or ZIP+4)" },
      { path: ["deliveryState"], message: "must be a US state (e.g. TX or Texas)" },
    ]);
  });

  it("keeps older payloads: no delivery fields, empty ones, no message", async () => {
    for (const extra of [{}, { deliveryZip: "", deliveryState: null, message: "" }]) {
      const res = await post(url, { ...base, ...extra });
      expect(res.statusCode, res.body).toBe(201);
      const row = await stored(res.json().id);
      expect([row.deliveryZip, row.deliveryState, row.message]).toEqual([null, null, null]);
    }
  });

  it("has one message rule: optional, at most 5000 characters", async () => {
    const long = await post(url, { ...base, message: "x".repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().issues).toEqual([{ path: ["message"], message: "must be at most 5000 characters" }]);
    const ok = await post(url, { ...base, message: "  A 53ft home near Arlen  " });
    expect(ok.statusCode).toBe(201);
    expect((await stored(ok.json().id)).message).toBe("A 53ft home near Arlen");
  });
});

describe("project types", () => {
  it("are the values integrators already send, with 53ft homes and offices added; each is stored as sent", async () => {
    for (const projectType of ["53ft-home", "office", "custom", "40ft-home", "commercial"]) {
      const res = await post("/api/contact", { ...person, projectType });
      expect(res.statusCode, res.body).toBe(201);
      expect((await stored(res.json().id)).projectType).toBe(projectType);
    }
    const bad = await post("/api/contact", { ...person, projectType: "castle" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([{ path: ["projectType"], message: "must be one of the listed choices" }]);
  });

  it("the back office reads the delivery fields of a lead", async () => {
    const res = await post("/api/quote-requests", {
      ...person,
      kind: "quote",
      deliveryZip: "76701",
      deliveryState: "TX",
    });
    const { id } = res.json();
    const { getContactDetails } = await import("../src/modules/leads/leads.service");
    expect(await getContactDetails(apps.db.handle.db, id)).toMatchObject({ deliveryZip: "76701", deliveryState: "TX" });
  });
});
