// Which webhook URLs may be called. The host must resolve to allowed addresses alone, checked when the
// endpoint is saved and again at every delivery (a lookup on the request itself, so a DNS change cannot
// point a registered hook at the inside network). In production: https only, public addresses only.
// Outside production http and loopback are allowed too, so a receiver on the same machine works, but never
// a private, link-local or other inside address (the owner would read the first 1 KB of its answer).
// Every address is judged normalised (lib/public-address.ts: IPv4-mapped IPv6 as its IPv4 address,
// the other IPv4-embedding IPv6 forms refused).
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from "node:dns";
import type { LookupFunction } from "node:net";
import type { Env } from "../../env";
import { badRequest } from "../../lib/errors";
import { addressOfHost, addressScope, isPublicAddress } from "../../lib/public-address";

export { isPublicAddress };

const production = (env: Env) => env.NODE_ENV === "production";

/** Whether a webhook may reach this address: a public one, or outside production a loopback one. */
function allowedAddress(env: Env, address: string): boolean {
  const scope = addressScope(address);
  return scope === "public" || (scope === "loopback" && !production(env));
}

const allowedKinds = (env: Env) => (production(env) ? "public addresses only" : "public or loopback addresses only");

export type ResolveAll = (hostname: string) => Promise<string[]>;

const resolveWithSystem: ResolveAll = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses.map((a) => a.address)),
    );
  });

/** Refuses (400 naming `url`) a URL the webhook policy does not allow; see the file header. */
export async function assertWebhookUrlAllowed(env: Env, raw: string, resolveAll: ResolveAll = resolveWithSystem) {
  const refuse = (message: string) => badRequest(`Invalid webhook URL: ${message}`, [{ path: ["url"], message }]);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse("must be a full URL such as https://example.com/hooks");
  }
  if (url.username || url.password) throw refuse("must not contain a user name or password");
  if (production(env)) {
    if (url.protocol !== "https:") throw refuse("must start with https:// in production");
  } else if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw refuse("must start with https:// or http://");
  }
  const literal = addressOfHost(url.hostname);
  let addresses: string[];
  if (literal) addresses = [literal];
  else {
    try {
      addresses = await resolveAll(url.hostname);
    } catch {
      throw refuse(`the host ${url.hostname} does not resolve`);
    }
  }
  if (addresses.length === 0) throw refuse(`the host ${url.hostname} does not resolve`);
  const inside = addresses.find((a) => !allowedAddress(env, a));
  if (inside) throw refuse(`must resolve to ${allowedKinds(env)} (${url.hostname} → ${inside})`);
}

/** Why a delivery to this URL may not be attempted now, or null (the literal-address and scheme part). */
export function deliveryRefusal(env: Env, url: URL): string | null {
  if (production(env) && url.protocol !== "https:") return "refused: webhooks must use https:// in production";
  const literal = addressOfHost(url.hostname);
  if (literal && !allowedAddress(env, literal)) {
    return `refused: ${literal} is not a ${production(env) ? "public" : "public or loopback"} address`;
  }
  return null;
}

/** dns.lookup with `all: true` (tests pass a fake answering chosen addresses). */
export type LookupAll = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/**
 * The request's DNS lookup: every resolved address must be allowed (public; outside production loopback
 * too), or the connection is not made (the check happens on the addresses actually connected to, so it
 * cannot be raced).
 */
export function webhookLookup(env: Env, lookupAll: LookupAll = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    lookupAll(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, "", 0);
      const inside = found.find((a) => !allowedAddress(env, a.address));
      if (inside || found.length === 0) {
        const refusal = new Error(
          `refused: ${hostname} resolves to ${inside ? `a private address (${inside.address})` : "no address"}`,
        );
        return callback(Object.assign(refusal, { code: "EWEBHOOKPRIVATE" }), "", 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, found);
      const first = found[0]!;
      callback(null, first.address, first.family);
    });
  };
}
