// Access: every route Fastify really serves on both origins, and every tRPC procedure, is either in the
// explicit public list below or answers 401 without a session and with an expired one.
// A new route or procedure fails this test until someone classifies it here.
import { schema } from "@ch/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAppRouter, publicAppRouter } from "../src/trpc/root";
import { sessionRowIdOf, signedInCookie, startTestApps, type TestApps } from "./harness";
import { concretePath, proceduresOf, type ServedRoute, servedRoutes } from "./reliability/lib/routes";

/** Routes anyone may call on either origin: health, configuration, the API's documents and the media. */
const BOTH_ORIGINS_PUBLIC = [
  "GET /healthz",
  "GET /readyz",
  "GET /api/config",
  "GET /api/openapi.json",
  "GET /api/docs",
  "GET /media/:file",
];

/** Routes anyone may call on the storefront origin (it has no admin routes at all). */
const STOREFRONT_PUBLIC = new Set([
  ...BOTH_ORIGINS_PUBLIC,
  "GET /api/products",
  "GET /api/products/featured",
  "GET /api/products/:id",
  "GET /api/gallery",
  "GET /api/blog",
  "GET /api/blog/search",
  "GET /api/blog/:slug",
  "POST /api/orders",
  "POST /api/orders/lookup",
  // what a cart costs delivered to a state and ZIP: public prices, no personal data (rate-limited)
  "POST /api/orders/quote",
  // the order's own link (order number + its random access token; same 404 otherwise; rate-limited)
  "GET /api/orders/:orderNumber/receipt",
  // the customer's USDT transaction hash: order number + e-mail, as the look-up (rate-limited)
  "POST /api/orders/:orderNumber/payments",
  "POST /api/contact",
  "POST /api/quote-requests",
  "POST /api/roi",
  // a customer's proposal at its unguessable link: read, accept, ask for changes (rate-limited)
  "GET /api/proposals/:token",
  "POST /api/proposals/:token/accept",
  "POST /api/proposals/:token/changes",
  // the signing code e-mailed to the proposal's own address (5 an hour per proposal, 409/410 once closed)
  "POST /api/proposals/:token/signing-code",
  "POST /api/telegram/chat",
  // the chat's automatic answer: public facts only, nothing stored (rate-limited)
  "POST /api/chat/reply",
  "POST /api/visits",
  // the customer portal: a link asked for and spent (rate-limited, the same answer for any address); the
  // projects only with the portal's session cookie, 401 without and 404 for another customer's (portal.test.ts)
  "POST /api/portal/sign-in",
  "POST /api/portal/session",
  "POST /api/portal/sign-out",
  "GET /api/portal/projects",
  "GET /api/portal/projects/:orderNumber",
  "GET /api/portal/projects/:orderNumber/messages",
  "POST /api/portal/projects/:orderNumber/messages",
  "POST /api/portal/projects/:orderNumber/attachments",
  "DELETE /api/portal/projects/:orderNumber/attachments/:documentId",
  "GET /api/portal/projects/:orderNumber/documents/:documentId",
  "POST /api/portal/projects/:orderNumber/warranty-claims",
  "POST /api/portal/change-orders/:id/signing-code",
  "POST /api/portal/change-orders/:id/sign",
  // the site's own SEO scan (rate-limited per IP) and search-engine files (public by nature)
  "GET /api/seo/report",
  "GET /api/seo/score",
  "POST /api/seo/audit",
  "GET /manifest.json",
  "GET /robots.txt",
  "GET /sitemap.xml",
  "GET /manifest.webmanifest",
  "GET /site.webmanifest",
]);

/** Routes of the back-office origin that work without a session. */
const BACKOFFICE_PUBLIC = new Set([
  ...BOTH_ORIGINS_PUBLIC,
  "POST /api/admin/setup",
  "POST /api/admin/login",
  "POST /api/admin/logout",
  // two-factor sign-in, step two: a challenge from a correct password (unguessable, 5 minutes, 5 tries)
  "POST /api/admin/login/verify",
  "POST /api/admin/login/enrol",
  "POST /api/admin/login/enrol/confirm",
  // the link e-mailed when the account's sign-in is slowed down (single use, 30 minutes; no session made)
  "POST /api/admin/login/link",
  // staff: the links e-mailed to someone not signed in (single-use tokens, rate-limited per address)
  "POST /api/admin/password/forgot",
  "POST /api/admin/password/reset",
  "GET /api/admin/invites/preview",
  "POST /api/admin/invites/accept",
]);

/** tRPC procedures of the back-office router that work without a session. */
const ADMIN_ROUTER_PUBLIC = new Set(["admin.setupStatus"]);

/** The storefront's tRPC router: all public, and listed so that a new procedure is a conscious decision. */
const PUBLIC_ROUTER = [
  "catalog.byId",
  "catalog.featured",
  "catalog.list",
  "chat.forward",
  "chat.reply",
  "content.gallery",
  "content.postBySlug",
  "content.posts",
  "content.postSummaries",
  "leads.contact",
  "leads.requestQuote",
  "leads.saveRoi",
  "orders.lookup",
  "orders.place",
  "orders.receipt",
  "payments.submitHash",
  "portal.changeOrderCode",
  "portal.messages",
  "portal.openClaim",
  "portal.postMessage",
  "portal.project",
  "portal.projects",
  "portal.session",
  "portal.signChangeOrder",
  "portal.signIn",
  "portal.signOut",
  "pricing.quote",
  "proposals.accept",
  "proposals.byToken",
  "proposals.requestChanges",
  "proposals.signingCode",
  "seo.audit",
  "seo.report",
  "seo.score",
  "settings.config",
];

let apps: TestApps;
let storefrontRoutes: ServedRoute[];
let backofficeRoutes: ServedRoute[];
const cookies: Record<"idle" | "absolute" | "deleted", string> = { idle: "", absolute: "", deleted: "" };
const tokenHash = sessionRowIdOf;

beforeAll(async () => {
  apps = await startTestApps();
  storefrontRoutes = (await servedRoutes(apps.storefront)).filter((r) => r.method !== "HEAD");
  backofficeRoutes = (await servedRoutes(apps.backoffice)).filter((r) => r.method !== "HEAD");
  const { sessions } = schema;
  const db = apps.db.handle.db;
  const now = Date.now();
  cookies.idle = await signedInCookie(apps);
  await db
    .update(sessions)
    .set({ lastSeenAt: new Date(now - 31 * 60_000) })
    .where(eq(sessions.id, tokenHash(cookies.idle)));
  cookies.absolute = await signedInCookie(apps);
  await db
    .update(sessions)
    .set({ createdAt: new Date(now - 9 * 3600_000), expiresAt: new Date(now - 3600_000) })
    .where(eq(sessions.id, tokenHash(cookies.absolute)));
  cookies.deleted = await signedInCookie(apps);
  await apps.backoffice.inject({ method: "POST", url: "/api/admin/logout", headers: { cookie: cookies.deleted } });
});
afterAll(async () => {
  await apps?.close();
});

const key = (r: ServedRoute) => `${r.method} ${r.url}`;
// the adapter's mount, and the GET routes of the queries (trpc/queries-over-get.ts)
const isTrpc = (r: ServedRoute) => r.url.startsWith("/api/trpc/");

describe("the route lists come from Fastify", () => {
  it("finds the documented routes and the tRPC mount on both origins", () => {
    expect(storefrontRoutes.map(key)).toContain("POST /api/orders");
    expect(backofficeRoutes.map(key)).toContain("PUT /api/admin/orders/:id/status");
    expect(backofficeRoutes.map(key)).toContain("POST /api/admin/media");
    expect(storefrontRoutes.some(isTrpc)).toBe(true);
    expect(backofficeRoutes.some(isTrpc)).toBe(true);
  });

  it("serves no /api/admin path on the storefront origin and every storefront route is classified public", () => {
    const unclassified = storefrontRoutes.filter((r) => !isTrpc(r) && !STOREFRONT_PUBLIC.has(key(r)));
    expect(unclassified.map(key)).toEqual([]);
    expect(storefrontRoutes.filter((r) => r.url.startsWith("/api/admin"))).toEqual([]);
  });

  it("lists the storefront's tRPC procedures exactly (classify a new one here)", () => {
    expect(proceduresOf(publicAppRouter).map((p) => p.path)).toEqual(PUBLIC_ROUTER);
  });
});

const variants = [
  ["no cookie", () => ({})],
  ["a forged cookie", () => ({ cookie: "ch_admin=forged-token-value-000000000000000000000" })],
  ["an idle-expired session", () => ({ cookie: cookies.idle })],
  ["a session past its 8 hours", () => ({ cookie: cookies.absolute })],
  ["a signed-out session", () => ({ cookie: cookies.deleted })],
] as const;

describe("every back-office REST route outside the public list answers 401", () => {
  it("without a session, with a forged one, an expired one and a signed-out one", async () => {
    const adminRoutes = backofficeRoutes.filter((r) => !isTrpc(r) && !BACKOFFICE_PUBLIC.has(key(r)));
    expect(adminRoutes.length).toBeGreaterThanOrEqual(12);
    const failures: string[] = [];
    for (const route of adminRoutes) {
      for (const [label, headers] of variants) {
        const res = await apps.backoffice.inject({
          method: route.method as "GET",
          url: concretePath(route.url),
          headers: headers(),
          ...(route.method === "GET" ? {} : { payload: {} }),
        });
        if (res.statusCode !== 401) failures.push(`${key(route)} with ${label}: ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe("every tRPC procedure of the back-office router outside the public list answers 401", () => {
  it("without a session, with a forged one, an expired one and a signed-out one", async () => {
    const procedures = proceduresOf(adminAppRouter).filter((p) => !ADMIN_ROUTER_PUBLIC.has(p.path));
    expect(procedures.length).toBeGreaterThanOrEqual(25);
    const failures: string[] = [];
    for (const procedure of procedures) {
      for (const [label, headers] of variants) {
        const res =
          procedure.type === "query"
            ? await apps.backoffice.inject({ method: "GET", url: `/api/trpc/${procedure.path}`, headers: headers() })
            : await apps.backoffice.inject({
                method: "POST",
                url: `/api/trpc/${procedure.path}`,
                headers: headers(),
                payload: { id: 1 },
              });
        if (res.statusCode !== 401) failures.push(`${procedure.path} with ${label}: ${res.statusCode} ${res.body}`);
        else expect(res.json().error.data.code).toBe("UNAUTHORIZED");
      }
    }
    expect(failures).toEqual([]);
  });

  it("mounts no admin procedure on the storefront origin", async () => {
    for (const procedure of proceduresOf(adminAppRouter)) {
      if (PUBLIC_ROUTER.includes(procedure.path)) continue;
      const res = await apps.storefront.inject({
        method: procedure.type === "query" ? "GET" : "POST",
        url: `/api/trpc/${procedure.path}`,
        headers: { cookie: cookies.idle },
        ...(procedure.type === "query" ? {} : { payload: {} }),
      });
      expect(res.statusCode, procedure.path).toBe(404);
    }
  });
});
