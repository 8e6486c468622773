// API versions are dates, as Stripe's are. Every answer carries `Api-Version`: the version its shapes
// follow. A request may pin one with the same header; an unknown version is refused with 400 before
// anything runs. Additive changes (a new field, a new operation, a new event) ship in the current version;
// a breaking change ships only under a new date, and the shapes of the version before it are still served
// to requests that pin it for at least 12 months (docs/decisions/0037-integrator-contract.md).

import { API_VERSION, API_VERSIONS, speaksMoneyForm } from "@ch/contracts/api-versions";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { badRequest } from "../lib/errors";

export interface ChangelogEntry {
  date: string;
  /** Whether a client pinned to the previous version must change anything (never true within a version). */
  breaking: boolean;
  changes: string[];
}

/** Newest first, one entry per version of contracts/api-versions.ts (a test holds them together). */
export const CHANGELOG: readonly ChangelogEntry[] = [
  {
    date: "2026-12-02",
    breaking: true,
    changes: [
      'One money form on /api/admin/*, in webhooks and in the events feed: every amount is { "amount": whole minor units, "currency": "USD" } (cents; "USDT" amounts in millionths), as Stripe has it. totalAmount: 49065.28 is now totalAmount: { "amount": 4906528, "currency": "USD" }; a field named in cents loses the suffix (unitPriceCents: 1250000 is unitPrice: { "amount": 1250000, "currency": "USD" }); usdtAmount: "21558.004217" is usdtAmount: { "amount": 21558004217, "currency": "USDT" }.',
      "Request bodies on /api/admin/* send money in the same form (a product's price, a proposal line's unitPrice, a payment's amount, the cancellation fee); the field's old name is refused with 400.",
      "Webhook endpoints carry the apiVersion their deliveries follow: new endpoints get the current version, endpoints made before 2026-12-02 stay on 2026-11-28 until changed.",
      "The public paths of the spec keep their dollar fields, as documented.",
      "Pin Api-Version: 2026-11-28 to keep the previous shapes (served until 2027-12-02).",
    ],
  },
  {
    date: "2026-11-28",
    breaking: false,
    changes: [
      "Errors are RFC 9457 problems (application/problem+json) with type, title, status, detail, instance and a stable code; message and issues stay.",
      "Every answer carries Request-Id and Api-Version; a request may pin Api-Version.",
      "GET answers carry an ETag and answer If-None-Match with 304; PUT, PATCH and DELETE honour If-Match with 412.",
      "Counted answers carry RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset; a wrong method gets 405 with Allow.",
      "A webhook endpoint answering 410 Gone is disabled; deliveries wait 15 s for an answer.",
      "Response schemas allow added fields: read the fields you know and ignore the others.",
      "updatedSince, createdSince and createdBefore on notifications, webhook deliveries and USDT transfers too; notifications and deliveries carry updatedAt.",
      "An API key's answers carry RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset of its own limit.",
      "The shapes several operations share are named schemas (components.schemas: Product, AdminOrder, Invoice…), listed at the end of /api/docs; every operation's body and answer has an example; a key's scopes are in each operation's x-api-key-scopes.",
    ],
  },
];

export { API_VERSION, API_VERSIONS, speaksMoneyForm };

/** The version a request follows: the one it pinned (already checked on arrival), or the current one. */
export function versionOf(req: FastifyRequest): string {
  const pinned = req.headers["api-version"];
  const version = typeof pinned === "string" ? pinned.trim() : undefined;
  return API_VERSIONS.find((known) => known === version) ?? API_VERSION;
}

/** Refuses an unknown pinned version, and names on every answer the version it follows. */
export function installApiVersions(app: FastifyInstance): void {
  app.addHook("onRequest", (req, reply, done) => {
    const pinned = req.headers["api-version"];
    if (pinned === undefined) return done();
    if (typeof pinned === "string" && API_VERSIONS.some((known) => known === pinned.trim())) {
      reply.header("api-version", pinned.trim());
      return done();
    }
    done(
      badRequest(`Unknown API version: the versions are ${API_VERSIONS.join(", ")}`, [
        { path: ["Api-Version"], message: `must be one of ${API_VERSIONS.join(", ")} (a date, YYYY-MM-DD)` },
      ]),
    );
  });
  app.addHook("onSend", (_req, reply, payload, done) => {
    if (!reply.hasHeader("api-version")) reply.header("api-version", API_VERSION);
    done(null, payload);
  });
}
