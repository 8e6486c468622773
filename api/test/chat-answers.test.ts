// The chat's automatic answers come from the data as it is when the question is asked (issue 23, item 1):
// a price or a model changed in the back office shows in the next answer, the range starts at the cheapest
// published product, the 53ft models are known, the hours are the business settings', the ROI figure is the
// calculator's own, and a question it cannot match offers to pass it to a person.

import { type AdminProductDto, productInputOf } from "@ch/contracts/catalog";
import type { ChatReplyAnswer } from "@ch/contracts/chat";
import { computeRoi, defaultRoiInputs } from "@ch/contracts/roi";
import type { BusinessSettingsDto } from "@ch/contracts/settings";
import { describe, expect, it } from "vitest";
import { BACKOFFICE, type TestApps, useSignedInApps } from "./harness";
import { LEGACY_API_VERSION } from "./money";

let apps: TestApps;
let cookie: string;

useSignedInApps({ timeoutMs: 60_000, apiVersion: LEGACY_API_VERSION }, (signedIn) => {
  ({ apps, cookie } = signedIn);
});

async function ask(message: string): Promise<ChatReplyAnswer> {
  const res = await apps.storefront.inject({ method: "POST", url: "/api/chat/reply", payload: { message } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const admin = async (method: "GET" | "PUT" | "POST", url: string, payload?: unknown) => {
  const res = await apps.backoffice.inject({
    method,
    url,
    headers: { cookie, origin: BACKOFFICE },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
};

async function productNamed(name: string): Promise<AdminProductDto> {
  const page = (await admin("GET", "/api/admin/products?limit=100")) as { items: AdminProductDto[] };
  const found = page.items.find((p) => p.name === name);
  if (!found) throw new Error(`no product ${name}`);
  return found;
}

/** The product as PUT /api/admin/products/:id takes it, with some fields changed. */
const asInput = (p: AdminProductDto, changes: Record<string, unknown>) => ({
  ...productInputOf(p),
  ...changes,
});

describe("chat answers from the live catalog, settings and pricing", () => {
  it("answers a model with its price as changed in the back office", async () => {
    const before = await ask("How much is the Cleveland?");
    expect(before).toMatchObject({ topic: "product", forwardOffer: false });
    expect(before.text).toContain("The Cleveland (20ft Container Homes): $43,116");

    const cleveland = await productNamed("The Cleveland");
    await admin("PUT", `/api/admin/products/${cleveland.id}`, asInput(cleveland, { price: 44_950 }));
    const after = await ask("How much is the Cleveland?");
    expect(after.text).toContain("The Cleveland (20ft Container Homes): $44,950");
    expect(after.text).not.toContain("$43,116");
    // the 20ft range follows too
    expect((await ask("your 20ft homes?")).text).toContain("The Cleveland $44,950");
  });

  it("knows a model renamed in the back office by its new name", async () => {
    const abilene = await productNamed("The Abilene");
    await admin("PUT", `/api/admin/products/${abilene.id}`, asInput(abilene, { name: "The Laredo" }));
    const answer = await ask("Tell me about the Laredo");
    expect(answer.topic).toBe("product");
    expect(answer.text).toContain("The Laredo (20ft Container Homes): $43,116");
    expect((await ask("Tell me about the Abilene")).topic).not.toBe("product");
  });

  it("starts the range at the cheapest published product, an office, and follows unpublishing", async () => {
    const products = (await apps.storefront.inject({ method: "GET", url: "/api/products" })).json() as {
      name: string;
      price: number;
    }[];
    const cheapest = [...products].sort((a, b) => a.price - b.price)[0]!;
    expect(cheapest.name).toBe("The Foreman Site Office");
    const prices = await ask("What are your prices?");
    expect(prices.topic).toBe("pricing");
    expect(prices.text).toContain("Our models run from $38,950 (The Foreman Site Office, Container Offices)");
    expect(prices.text).not.toMatch(/quoted to your plans/);

    const office = await productNamed("The Foreman Site Office");
    await admin("POST", `/api/admin/products/${office.id}/unpublish`);
    const next = await ask("What are your prices?");
    expect(next.text).toContain("Our models run from $43,116 (The Laredo, 20ft Container Homes)");
    expect(next.text).not.toContain("Foreman");
    await admin("POST", `/api/admin/products/${office.id}/publish`);
  });

  it("knows the 53ft models", async () => {
    const answer = await ask("Do you build 53ft homes?");
    expect(answer.topic).toBe("category");
    expect(answer.text).toContain("53ft Container Homes from $112,480");
    expect(answer.text).toContain("The Big Bend $112,480 (2 bed, 1 bath, 424 sq ft, out of stock)");
    expect(answer.text).toContain("The Guadalupe $146,900");
  });

  it("states the opening hours of the business settings, and their change", async () => {
    const hours = await ask("What are your hours?");
    expect(hours.topic).toBe("hours");
    expect(hours.text).toContain(
      "Our hours are Monday - Friday 8:00 AM-6:00 PM, Saturday 9:00 AM-4:00 PM (Central Time); closed Sunday.",
    );
    const { updatedAt: _updatedAt, ...settings } = (await admin("GET", "/api/admin/settings")) as BusinessSettingsDto;
    await admin("PUT", "/api/admin/settings", {
      ...settings,
      openingHours: [...settings.openingHours, { days: ["Sunday"], opens: "10:00", closes: "14:00" }],
    });
    const changed = await ask("are you open on sunday?");
    expect(changed.text).toContain("Sunday 10:00 AM-2:00 PM (Central Time).");
    expect(changed.text).not.toContain("closed Sunday");
  });

  it("quotes the ROI calculator's default figures, not a promised return", async () => {
    const figures = computeRoi(defaultRoiInputs());
    const answer = await ask("What return on investment can I expect from a rental?");
    expect(answer.topic).toBe("roi");
    expect(answer.text).toContain(`(${figures.roiPercent.toFixed(1)}% per year)`);
    expect(answer.text).not.toMatch(/8-12%/);
  });

  it("prices delivery from the delivery bands, not a flat fee", async () => {
    const answer = await ask("How much is delivery?");
    expect(answer.topic).toBe("delivery");
    expect(answer.text).toContain("Up to 100 miles: $1,500");
    expect(answer.text).not.toContain("$2,500");
  });

  it("offers to forward a question it cannot match", async () => {
    const answer = await ask("Can you paint it purple with flames?");
    expect(answer).toMatchObject({ topic: "generic", forwardOffer: true });
    expect(answer.text).toContain("a person from our team can answer");
  });

  it("gives the same answer over tRPC, and refuses a message that is not there with 400 naming it", async () => {
    // a mutation, as its REST path is a POST: the visitor's words never go into a URL
    const trpc = await apps.storefront.inject({
      method: "POST",
      url: "/api/trpc/chat.reply",
      payload: { message: "What are your hours?" },
    });
    expect(trpc.statusCode).toBe(200);
    expect(trpc.json().result.data).toEqual(await ask("What are your hours?"));
    for (const payload of [{}, { message: "   " }, { message: "a".repeat(2001) }]) {
      const res = await apps.storefront.inject({ method: "POST", url: "/api/chat/reply", payload });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json().issues)).toContain("message");
    }
  });
});
