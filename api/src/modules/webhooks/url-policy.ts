// Which webhook URLs may be called. In production: https only, and the host must resolve to public
// addresses alone, checked when the endpoint is saved and again at every delivery (a lookup on the
// request itself, so a DNS change cannot point a registered hook at the inside network). Outside
// production http and loopback are allowed, so a receiver on the same machine works.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";
import type { Env } from "../../env";
import { badRequest } from "../../lib/errors";

// Two lists: Node checks an IPv4 address against IPv6 rules too (as IPv4-mapped), so one list holding
// ::ffff:0:0/96 would refuse every IPv4 address.
const notPublicV4 = new BlockList();
const notPublicV6 = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  notPublicV4.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 127], // unspecified and loopback
  ["::ffff:0:0", 96], // IPv4-mapped: a way to write any IPv4 address, private ones included
  ["64:ff9b::", 96], // NAT64
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23], // IETF protocol assignments (Teredo among them)
  ["2001:db8::", 32],
  ["2002::", 16], // 6to4
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link local
  ["ff00::", 8], // multicast
] as const) {
  notPublicV6.addSubnet(network, prefix, "ipv6");
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 6 ? !notPublicV6.check(address, "ipv6") : !notPublicV4.check(address, "ipv4");
}

const production = (env: Env) => env.NODE_ENV === "production";

/** The host of a URL as an address when it is one (brackets of IPv6 literals removed). */
function literalAddress(url: URL): string | null {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  return isIP(host) ? host : null;
}

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
  if (!production(env)) {
    if (url.protocol !== "http:" && url.protocol !== "https:") throw refuse("must start with https:// or http://");
    return;
  }
  if (url.protocol !== "https:") throw refuse("must start with https:// in production");
  const literal = literalAddress(url);
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
  const inside = addresses.find((a) => !isPublicAddress(a));
  if (inside) throw refuse(`must resolve to public addresses only (${url.hostname} → ${inside})`);
}

/** Why a delivery to this URL may not be attempted now, or null (the literal-address and scheme part). */
export function deliveryRefusal(env: Env, url: URL): string | null {
  if (!production(env)) return null;
  if (url.protocol !== "https:") return "refused: webhooks must use https:// in production";
  const literal = literalAddress(url);
  if (literal && !isPublicAddress(literal)) return `refused: ${literal} is not a public address`;
  return null;
}

/**
 * The request's DNS lookup. In production every resolved address must be public, or the connection is
 * not made (the check happens on the addresses actually connected to, so it cannot be raced).
 */
export function webhookLookup(env: Env): LookupFunction | undefined {
  if (!production(env)) return undefined;
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, found: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      const inside = found.find((a) => !isPublicAddress(a.address));
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
