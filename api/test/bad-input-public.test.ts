// The bad-input corpus against every storefront endpoint (each REST route Fastify serves and each public
// tRPC procedure): at least 200 generated cases per endpoint (50 on a PostgreSQL server:
// CASES_PER_ENDPOINT; fast-check, fixed seed), 0 answers of 5xx, no Set-Cookie, and no row changed by
// a refused request.

import { ROI_SLIDERS } from "@ch/contracts/roi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicAppRouter } from "../src/trpc/root";
import { orderBody, startTestApps, type TestApps } from "./harness";
import { tableNames } from "./reliability/lib/db-counts";
import { CASES_PER_ENDPOINT, FUZZ_TIMEOUT_MS, restCases, runEndpoints, trpcCases } from "./reliability/lib/fuzz";
import { fuzzedRoutes, proceduresOf, type ServedRoute } from "./reliability/lib/routes";

let apps: TestApps;
let tables: string[];
let routes: ServedRoute[];
let samples: Record<string, unknown>;

beforeAll(async () => {
  // the real per-IP limits; each case comes from its own address so the limits do not hide the
  // validation, except the site scans (report, score, audit), which then stop at their limit of 30
  apps = await startTestApps({ env: { PUBLIC_RATE_LIMIT_SCALE: "1" } });
  tables = await tableNames(apps.db.handle.db);
  routes = await fuzzedRoutes(apps.storefront);
  const product = (await apps.storefront.inject({ method: "GET", url: "/api/products" }))
    .json()
    .find((p: { inStock: boolean }) => p.inStock);
  const order = orderBody([{ id: product.id, quantity: 1, price: product.price }]);
  const placed = await apps.storefront.inject({ method: "POST", url: "/api/orders", payload: order });
  const contact = {
    firstName: "Ana",
    lastName: "Ruiz",
    email: "ana@example.com",
    phone: "(210) 555-0100",
    message: "Hello",
    source: "contact-page",
    projectType: "20ft-home",
    budget: "under-100k",
  };
  samples = {
    "POST /api/orders": order,
    "POST /api/orders/lookup": { orderNumber: placed.json().orderNumber, email: "maria@example.com" },
    "POST /api/contact": contact,
    "POST /api/quote-requests": {
      kind: "quote",
      firstName: "Ana",
      lastName: "Ruiz",
      email: "ana@example.com",
      phone: "210 555 0100",
      productId: product.id,
      preferredTime: "Mornings",
      message: "Price?",
    },
    "POST /api/roi": {
      investment: ROI_SLIDERS.investment.initial,
      monthlyRent: 275,
      occupancy: 18,
      monthlyExpenses: 200,
      roi: 10,
      paybackPeriod: 5,
      email: "ana@example.com",
    },
    "POST /api/telegram/chat": { message: "Hi", userInfo: { currentPage: "/", device: "Desktop", browser: "Chrome" } },
    "POST /api/chat/reply": { message: "What are your hours?" },
    "POST /api/visits": { path: "/products", referrer: "https://www.google.com/" },
    "GET /api/products": { query: { category: "20ft-homes" } },
    "GET /api/products/:id": { params: { id: String(product.id) }, query: {} },
    "GET /api/blog": { query: { published: "true", limit: "3", offset: "0" } },
    "GET /api/blog/search": { query: { q: "zoning", category: "construction", page: "1", pageSize: "6" } },
    "GET /api/blog/:slug": { params: { slug: "no-such-post" }, query: {} },
    "trpc catalog.list": { category: "20ft-homes" },
    "trpc catalog.byId": { id: product.id },
    "trpc content.posts": { limit: 3, offset: 0 },
    "trpc content.postBySlug": { slug: "no-such-post" },
    "trpc content.postSummaries": { q: "zoning", category: "construction", page: 1, pageSize: 6 },
    "trpc chat.forward": { message: "Hi", userInfo: { currentPage: "/", device: "Desktop", browser: "Chrome" } },
    "trpc chat.reply": { message: "What are your hours?" },
    "trpc leads.contact": contact,
    "trpc leads.requestQuote": {
      kind: "call",
      firstName: "Ana",
      lastName: "Ruiz",
      email: "ana@example.com",
      preferredTime: "Afternoons",
    },
    "trpc leads.saveRoi": { investment: 64_649, monthlyRent: 275, occupancy: 18, monthlyExpenses: 200 },
    "trpc orders.place": { order, idempotencyKey: "fuzz-key-0000000001" },
    "trpc orders.lookup": { orderNumber: placed.json().orderNumber, email: "maria@example.com" },
    "trpc seo.audit": { url: "/" },
  };
});
afterAll(async () => {
  await apps?.close();
});

const noCookie = (res: { headers: Record<string, unknown> }) =>
  res.headers["set-cookie"] ? "Set-Cookie on the storefront" : null;
/** The storefront, whose answers must set no cookie. */
const storefront = () => ({ app: apps.storefront, db: apps.db.handle.db, tables, check: noCookie });

const options = {
  remoteAddress: (endpoint: string, i: number) =>
    /seo/.test(endpoint) ? "198.18.0.1" : `10.${endpoint.length}.${Math.floor(i / 250)}.${(i % 250) + 1}`,
};

describe("bad input on the storefront origin", () => {
  it(
    `REST: at least ${CASES_PER_ENDPOINT} generated cases per route, no 5xx, no cookie, no row changed by a refusal`,
    async () => {
      expect(routes.length).toBeGreaterThanOrEqual(15);
      const { failures, statuses } = await runEndpoints(storefront(), routes, (route, i) => {
        const spec = samples[`${route.method} ${route.url}`];
        const cases = restCases(route, route.method === "GET" ? spec : { body: spec, params: {} }, i, options);
        expect(cases.length).toBeGreaterThanOrEqual(CASES_PER_ENDPOINT);
        return cases;
      });
      console.info("storefront REST statuses", statuses);
      expect(failures.slice(0, 30)).toEqual([]);
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    `tRPC: at least ${CASES_PER_ENDPOINT} generated cases per procedure, no 5xx, no cookie, no row changed by a refusal`,
    async () => {
      const procedures = proceduresOf(publicAppRouter);
      const { failures, statuses } = await runEndpoints(storefront(), procedures, (procedure, i) => {
        const cases = trpcCases(procedure, samples[`trpc ${procedure.path}`], 100 + i, options);
        expect(cases.length).toBeGreaterThanOrEqual(CASES_PER_ENDPOINT);
        return cases;
      });
      console.info("storefront tRPC statuses", statuses);
      expect(failures.slice(0, 30)).toEqual([]);
    },
    FUZZ_TIMEOUT_MS,
  );
});
