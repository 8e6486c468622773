// The shop's API for integrators: one typed client for both origins and a webhook verifier.
// Public paths are answered on the storefront origin, /api/admin/* on the back office's: the client sends
// each request to its own origin, with the API key on admin paths only, and pins the API version.
import createFetchClient, { type Client } from "openapi-fetch";
import { Webhook } from "standardwebhooks";
import type { paths, webhooks } from "./api.js";

export type { components, operations, paths, webhooks } from "./api.js";

import type { components } from "./api.js";

/** An amount on /api/admin/*, in webhooks and in the events feed: whole minor units and the currency. */
export type Money = components["schemas"]["Money"];

const MINOR_UNITS: Record<Money["currency"], number> = { USD: 100, USDT: 1_000_000 };

/** Money as a person reads it: "$49,065.28", "21558.004217 USDT". */
export function formatMoney(money: Money): string {
  const units = MINOR_UNITS[money.currency];
  const digits = Math.log10(units);
  if (money.currency === "USD") {
    return (money.amount / units).toLocaleString("en-US", { style: "currency", currency: "USD" });
  }
  const sign = money.amount < 0 ? "-" : "";
  const abs = Math.abs(money.amount);
  return `${sign}${Math.floor(abs / units)}.${String(abs % units).padStart(digits, "0")} ${money.currency}`;
}

/** The API version (a date) this package's types describe: sent as `Api-Version` unless told otherwise. */
export const API_VERSION = "2026-12-02";

export interface ShopClientOptions {
  /** The storefront origin, e.g. https://containerhomesoftexas.com */
  storefrontUrl: string;
  /** The back-office origin, e.g. https://admin.containerhomesoftexas.com */
  backofficeUrl: string;
  /** An API key (chk_…) from the back office, sent on /api/admin/* only. */
  apiKey?: string;
  /** Pins another API version (a date from the changelog on /api/docs). */
  apiVersion?: string;
  /** A fetch of your own (tests, proxies); the global one by default. */
  fetch?: typeof globalThis.fetch;
}

const isAdminPath = (pathname: string) => pathname.startsWith("/api/admin/");

/**
 * A client for every operation of the document, typed by path and method:
 * `shop.GET("/api/admin/orders/{id}", { params: { path: { id } } })` answers `{ data }` or `{ error }`.
 */
export function createShopClient(options: ShopClientOptions): Client<paths> {
  const storefront = new URL(options.storefrontUrl);
  const backoffice = new URL(options.backofficeUrl);
  const client = createFetchClient<paths>({
    baseUrl: storefront.origin,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use({
    onRequest({ request }) {
      const url = new URL(request.url);
      const admin = isAdminPath(url.pathname);
      const origin = admin ? backoffice : storefront;
      url.protocol = origin.protocol;
      url.host = origin.host;
      const routed = new Request(url, request);
      routed.headers.set("api-version", options.apiVersion ?? API_VERSION);
      if (admin && options.apiKey) routed.headers.set("authorization", `Bearer ${options.apiKey}`);
      return routed;
    },
  });
  return client;
}

/** A delivered event: its type, when it happened and its data, as the document's `webhooks` section states. */
export type WebhookEvent = {
  [T in keyof webhooks]: webhooks[T]["post"]["requestBody"]["content"]["application/json"];
}[keyof webhooks];

export type WebhookEventType = WebhookEvent["type"];

/**
 * Verifies a delivery (Standard Webhooks: the `webhook-id`, `webhook-timestamp` and `webhook-signature`
 * headers, the raw body as received, the endpoint's whsec_… secret) and answers its event; throws when the
 * signature, the id or the timestamp (5 minutes either way) does not hold. Deduplicate on `webhook-id`:
 * retries, resends and replays keep it.
 */
export function verifyWebhook(
  secret: string,
  body: string,
  headers: Headers | Record<string, string | string[] | undefined>,
): WebhookEvent {
  const plain: Record<string, string> = {};
  if (headers instanceof Headers) {
    headers.forEach((value, name) => {
      plain[name] = value;
    });
  } else {
    for (const [name, value] of Object.entries(headers)) {
      if (typeof value === "string") plain[name.toLowerCase()] = value;
    }
  }
  const event: unknown = new Webhook(secret).verify(body, plain);
  if (!isEvent(event)) throw new Error("The delivery is signed but is not an event of this API");
  return event;
}

function isEvent(value: unknown): value is WebhookEvent {
  if (typeof value !== "object" || value === null) return false;
  const { type, timestamp, data } = value as Record<string, unknown>;
  return typeof type === "string" && typeof timestamp === "string" && typeof data === "object" && data !== null;
}
