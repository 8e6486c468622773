// Business settings: one record, seeded from the environment, changed only by an admin on the
// back-office origin, audited, and shown at once on every page (the cached page is dropped), in the
// JSON-LD, in /api/config (which the chat assistant reads) and in the e-mails of the next order.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BusinessSettingsDto, BusinessSettingsInput } from "@ch/contracts/settings";
import { splitDeposit } from "@ch/contracts/totals";
import { openDatabase, schema } from "@ch/db";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { READ_CACHE_CHANNEL, readCache } from "../src/lib/read-cache";
import { createOutboxWorker, type OutboxWorker } from "../src/modules/notifications/worker";
import { FALLBACK_TEMPLATE } from "../src/modules/seo/html";
import { BACKOFFICE, orderBody, STOREFRONT, signedInCookie, startTestApps, type TestApps } from "./harness";
import { FakeSmtp, notifyEnv, until, workerDeps } from "./notifications-fakes";

interface ListenClient {
  listen(channel: string, onNotify: (payload: string) => void): Promise<unknown>;
}

let smtp: FakeSmtp;
let apps: TestApps;
let pages: FastifyInstance;
let dist: string;
let cookie: string;
let worker: OutboxWorker | null = null;

beforeAll(async () => {
  smtp = await new FakeSmtp().start();
  apps = await startTestApps({ env: notifyEnv(null, smtp, { COMPANY_PHONE: "(210) 555-0142" }) });
  dist = mkdtempSync(join(tmpdir(), "settings-pages-"));
  writeFileSync(join(dist, "index.html"), FALLBACK_TEMPLATE);
  // the storefront origin serving pages, over the same database
  pages = await buildApp({ surface: "storefront", db: apps.db.handle.db, env: apps.env, clock: apps.clock, spa: dist });
  cookie = await signedInCookie(apps);
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await pages?.close();
  await apps?.close();
  await smtp?.close();
  rmSync(dist, { recursive: true, force: true });
});

const admin = (method: "GET" | "PUT", payload?: unknown, headers: Record<string, string> = { cookie }) =>
  apps.backoffice.inject({
    method,
    url: "/api/admin/settings",
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function current(): Promise<BusinessSettingsDto> {
  const res = await admin("GET");
  expect(res.statusCode).toBe(200);
  return res.json();
}

function asInput(settings: BusinessSettingsDto): BusinessSettingsInput {
  const { updatedAt: _updatedAt, ...input } = settings;
  return input;
}

/** Every JSON-LD object in a page. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}
const ofType = (html: string, type: string) => jsonLd(html).find((o) => o["@type"] === type);

describe("business settings", () => {
  it("start from the environment's defaults and today's published facts", async () => {
    const settings = await current();
    expect(settings.company.phone).toBe("(210) 555-0142");
    expect(settings.company.city).toBe("San Antonio");
    expect(settings.timeZone).toBe("America/Chicago");
    expect(settings.depositPercent).toBe(50);
    expect(settings.company.latitude).toBeCloseTo(29.4739, 3);
    expect(settings.company.longitude).toBeCloseTo(-98.5292, 3);
    const config = (await apps.storefront.inject({ method: "GET", url: "/api/config" })).json();
    expect(config.company.phone).toBe("(210) 555-0142");
    expect(config.warranty).toEqual(settings.warranty);
  });

  it("a change appears on the product page, in the JSON-LD, /api/config, the next order's e-mail and the audit log", async () => {
    // a cached product page, from a trusted cache: the change must drop it
    const cache = readCache(apps.db.handle.db);
    await pages.inject({ method: "GET", url: "/product/1" });
    await until(() => cache.trusted(), "a trusted read cache");
    const before = await pages.inject({ method: "GET", url: "/product/1" });
    expect(before.body).toContain("(210) 555-0142");

    const settings = asInput(await current());
    const changed: BusinessSettingsInput = {
      ...settings,
      company: { ...settings.company, phone: "(210) 555-0177" },
      warranty: { ...settings.warranty, structuralYears: 12 },
      depositPercent: 30,
      social: { ...settings.social, facebook: "https://www.facebook.com/containerhomestexas" },
    };
    const put = await admin("PUT", changed, { cookie, origin: BACKOFFICE, "sec-fetch-site": "same-origin" });
    expect(put.statusCode).toBe(200);
    expect(put.json().company.phone).toBe("(210) 555-0177");

    const page = await pages.inject({ method: "GET", url: "/product/1" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("(210) 555-0177");
    expect(page.body).not.toContain("(210) 555-0142");
    const business = ofType(page.body, "HomeAndConstructionBusiness")!;
    expect(business.telephone).toBe("(210) 555-0177");
    expect(business.sameAs).toEqual(["https://www.facebook.com/containerhomestexas"]);
    expect(business.geo).toEqual({ "@type": "GeoCoordinates", latitude: 29.4739, longitude: -98.5292 });
    expect(business.openingHours).toEqual(["Mo-Fr 08:00-18:00", "Sa 09:00-16:00"]);
    const offer = ofType(page.body, "Product")!.offers as Record<string, unknown>;
    expect(offer.priceValidUntil).toMatch(/^\d{4}-12-31$/);
    expect(offer.hasMerchantReturnPolicy).toMatchObject({
      "@type": "MerchantReturnPolicy",
      applicableCountry: "US",
      returnPolicyCategory: "https://schema.org/MerchantReturnNotPermitted",
    });
    expect(offer.shippingDetails).toMatchObject({
      "@type": "OfferShippingDetails",
      shippingDestination: { "@type": "DefinedRegion", addressCountry: "US" },
      deliveryTime: {
        handlingTime: { minValue: 42, maxValue: 56, unitCode: "DAY" },
        transitTime: { minValue: 14, maxValue: 28, unitCode: "DAY" },
      },
    });

    const warrantyPage = await pages.inject({ method: "GET", url: "/services/warranty-support" });
    expect(warrantyPage.body).toMatch(/<meta [^>]*name="description" content="12-year structural/);

    const config = (await apps.storefront.inject({ method: "GET", url: "/api/config" })).json();
    expect(config.company.phone).toBe("(210) 555-0177");
    expect(config.warranty.structuralYears).toBe(12);
    expect(config.depositPercent).toBe(30);
    expect(config.social).toEqual([{ name: "Facebook", url: "https://www.facebook.com/containerhomestexas" }]);

    const [audit] = await apps.db.handle.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "settings.update"), eq(schema.auditLog.entityType, "settings")))
      .orderBy(desc(schema.auditLog.id))
      .limit(1);
    expect(audit?.adminName).toBe("owner");
    const detail = audit?.detail as { changed: string[]; from: Record<string, unknown>; to: Record<string, unknown> };
    expect(detail.changed).toEqual(
      expect.arrayContaining(["company.phone", "warranty.structuralYears", "depositPercent", "social.facebook"]),
    );
    expect(detail.from["company.phone"]).toBe("(210) 555-0142");
    expect(detail.to["company.phone"]).toBe("(210) 555-0177");

    // the next order: 30 % due now, the rest on delivery, in the answer and in the customer's e-mail
    const order = await apps.storefront.inject({
      method: "POST",
      url: "/api/orders",
      payload: orderBody([{ id: 1, quantity: 1, price: 43116 }], { email: "settings@example.com" }),
    });
    expect(order.statusCode).toBe(201);
    const receipt = order.json();
    const split = splitDeposit(Math.round(receipt.totalAmount * 100), 30);
    expect(receipt.depositPercent).toBe(30);
    expect(receipt.amountDueNow).toBe(split.depositCents / 100);
    expect(receipt.balanceOnDelivery).toBe(split.balanceCents / 100);
    expect(receipt.amountDueNow + receipt.balanceOnDelivery).toBeCloseTo(receipt.totalAmount, 2);

    worker = createOutboxWorker(workerDeps(apps.db.handle.db, apps.env, apps.clock), { random: () => 0.5 });
    worker.start();
    await until(() => smtp.messages.some((m) => m.to.includes("settings@example.com")), "the order e-mail");
    const mail = smtp.messages.find((m) => m.to.includes("settings@example.com"))!;
    expect(mail.text).toContain("(210) 555-0177");
    expect(mail.text).not.toContain("(210) 555-0142");
    expect(mail.text).toContain("Due now (30% deposit)");
    expect(mail.html).toContain("(210) 555-0177");

    // a later change of the deposit does not change what this order asked for
    const again = asInput(await current());
    expect((await admin("PUT", { ...again, depositPercent: 60 })).statusCode).toBe(200);
    const lookup = await apps.storefront.inject({
      method: "POST",
      url: "/api/orders/lookup",
      payload: { orderNumber: receipt.orderNumber, email: "settings@example.com" },
    });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json()).toMatchObject({ depositPercent: 30, amountDueNow: receipt.amountDueNow });
  });

  it("a change is announced to every API process on the database (NOTIFY), and another process sees it", async () => {
    const heard: string[] = [];
    const client = (apps.db.handle.db as unknown as { $client: ListenClient }).$client;
    await client.listen(READ_CACHE_CHANNEL, (payload) => heard.push(payload));
    // on PostgreSQL, a second process: its own connection pool and app over the same database
    const other = apps.db.url ? await openDatabase({ url: apps.db.url, maxConnections: 2 }) : null;
    const otherApp = other
      ? await buildApp({ surface: "storefront", db: other.db, env: apps.env, clock: apps.clock, spa: false })
      : null;
    try {
      const config = async () =>
        (await (otherApp ?? apps.storefront).inject({ method: "GET", url: "/api/config" })).json();
      await config();
      if (other) await until(() => readCache(other.db).trusted(), "the other process's trusted cache");
      const settings = asInput(await current());
      expect(
        (await admin("PUT", { ...settings, company: { ...settings.company, email: "sales@example.test" } })).statusCode,
      ).toBe(200);
      // the table's trigger and the service's own notice, both delivered at commit
      await until(() => heard.includes("settings") && heard.includes("changed"), "the settings change notices");
      await until(async () => (await config()).company.email === "sales@example.test", "the other process's answer");
    } finally {
      await otherApp?.close();
      await other?.close();
    }
  });

  it("can be read and changed through tRPC by an admin", async () => {
    const got = await apps.backoffice.inject({ method: "GET", url: "/api/trpc/settings.get", headers: { cookie } });
    expect(got.statusCode).toBe(200);
    const settings = got.json().result.data as BusinessSettingsDto;
    const input = { ...asInput(settings), timeZone: "America/Denver" };
    const res = await apps.backoffice.inject({
      method: "POST",
      url: "/api/trpc/settings.update",
      headers: { cookie, "content-type": "application/json" },
      payload: input,
    });
    expect(res.statusCode).toBe(200);
    const config = (await apps.storefront.inject({ method: "GET", url: "/api/config" })).json();
    expect(config.timeZone).toBe("America/Denver");
  });
});

describe("structured data", () => {
  it("an article's author is an organization with its own page; the business has hours and coordinates", async () => {
    const posts = (await apps.storefront.inject({ method: "GET", url: "/api/blog" })).json() as { slug: string }[];
    const page = await pages.inject({ method: "GET", url: `/blog/${posts[0]!.slug}` });
    expect(page.statusCode).toBe(200);
    const article = ofType(page.body, "BlogPosting")!;
    expect(article.author).toMatchObject({ "@type": "Organization", url: expect.stringMatching(/\/about$/) });
    expect(article.publisher).toMatchObject({ "@type": "Organization", url: expect.stringMatching(/\/$/) });
    const business = ofType(page.body, "HomeAndConstructionBusiness")!;
    expect(business.geo).toMatchObject({ "@type": "GeoCoordinates" });
    expect(business.openingHoursSpecification).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ "@type": "OpeningHoursSpecification", opens: "08:00", closes: "18:00" }),
      ]),
    );
  });
});

describe("bad input and access", () => {
  it.each<[string, (s: BusinessSettingsInput) => unknown, string]>([
    ["a deposit over 100 %", (s) => ({ ...s, depositPercent: 150 }), "depositPercent"],
    ["a fractional deposit", (s) => ({ ...s, depositPercent: 12.5 }), "depositPercent"],
    [
      "an impossible opening time",
      (s) => ({ ...s, openingHours: [{ days: ["Monday"], opens: "25:00", closes: "18:00" }] }),
      "openingHours.0.opens",
    ],
    [
      "closing before opening",
      (s) => ({ ...s, openingHours: [{ days: ["Monday"], opens: "18:00", closes: "08:00" }] }),
      "openingHours.0.closes",
    ],
    [
      "a day in two rows",
      (s) => ({
        ...s,
        openingHours: [
          { days: ["Monday"], opens: "08:00", closes: "12:00" },
          { days: ["Monday"], opens: "13:00", closes: "18:00" },
        ],
      }),
      "openingHours",
    ],
    ["an unknown time zone", (s) => ({ ...s, timeZone: "EST" }), "timeZone"],
    [
      "a plain-HTTP social link",
      (s) => ({ ...s, social: { ...s.social, facebook: "http://fb.example" } }),
      "social.facebook",
    ],
    ["an empty company name", (s) => ({ ...s, company: { ...s.company, name: "  " } }), "company.name"],
    ["a bad e-mail", (s) => ({ ...s, company: { ...s.company, email: "not-an-address" } }), "company.email"],
    ["a latitude off the globe", (s) => ({ ...s, company: { ...s.company, latitude: 123 } }), "company.latitude"],
    [
      "production longer at its minimum than its maximum",
      (s) => ({ ...s, production: { minWeeks: 9, maxWeeks: 6 } }),
      "production.maxWeeks",
    ],
    [
      "a warranty as text",
      (s) => ({ ...s, warranty: { ...s.warranty, structuralYears: "ten" } }),
      "warranty.structuralYears",
    ],
    ["an unknown field", (s) => ({ ...s, surprise: true }), ""],
  ])("refuses %s with 400 naming the field", async (_name, change, field) => {
    const before = await current();
    const res = await admin("PUT", change(asInput(before)));
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; issues: { path: (string | number)[]; message: string }[] };
    expect(typeof body.message).toBe("string");
    expect(body.issues.length).toBeGreaterThan(0);
    if (field) expect(body.issues.map((i) => i.path.join("."))).toContain(field);
    expect(await current()).toEqual(before);
  });

  it("answers 401 without a session, 403 from another origin, and does not exist on the storefront origin", async () => {
    const before = await current();
    const input = { ...asInput(before), depositPercent: 99 };
    expect((await admin("GET", undefined, {})).statusCode).toBe(401);
    expect((await admin("PUT", input, {})).statusCode).toBe(401);
    expect((await apps.backoffice.inject({ method: "GET", url: "/api/trpc/settings.get" })).statusCode).toBe(401);
    const fromStorefront = await admin("PUT", input, { cookie, origin: STOREFRONT });
    expect(fromStorefront.statusCode).toBe(403);
    expect(fromStorefront.json()).toMatchObject({ message: expect.any(String), issues: expect.any(Array) });
    const crossSite = await admin("PUT", input, { cookie, "sec-fetch-site": "same-site" });
    expect(crossSite.statusCode).toBe(403);
    for (const [method, url] of [
      ["PUT", "/api/admin/settings"],
      ["GET", "/api/admin/settings"],
      ["POST", "/api/trpc/settings.update"],
    ] as const) {
      const res = await apps.storefront.inject({ method, url, headers: { cookie }, payload: input });
      expect(res.statusCode).toBe(404);
    }
    expect(await current()).toEqual(before);
  });
});
