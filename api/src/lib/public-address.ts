// Whether an IP address is public, however it is written: the one judgement behind the webhook URL
// policy (modules/webhooks/url-policy.ts) and the production configuration check (env.ts).
// IPv6 forms are normalised first (ipaddr.js 2.5.0, MIT): an IPv4-mapped address (::ffff:a.b.c.d, in any
// spelling) is judged as the IPv4 address it carries. Every other IPv6 form that embeds an IPv4 address
// or leads to one (IPv4-compatible ::a.b.c.d, IPv4-translated ::ffff:0:a.b.c.d, NAT64 64:ff9b::/96 and
// 64:ff9b:1::/48, 6to4, Teredo) is never public, and neither is anything outside global unicast 2000::/3.
// Decimal, hex and short IPv4 forms (2130706433, 0x7f.1, 127.1) need no work here: WHATWG URL parsing
// turns them into the dotted quad before a host reaches this file, and a name is not an address.
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * public: a global unicast address; loopback: 127.0.0.0/8 or ::1 (or one of them IPv4-mapped);
 * unspecified: 0.0.0.0/8 or :: (which also reach this machine); internal: everything else (private,
 * shared, link-local, unique local, reserved, documentation, multicast, the IPv4-embedding IPv6 forms).
 */
export type AddressScope = "public" | "loopback" | "unspecified" | "internal";

const GLOBAL_UNICAST = ipaddr.parseCIDR("2000::/3");

function scopeOfV4(address: ipaddr.IPv4): AddressScope {
  const range = address.range();
  if (range === "loopback" || range === "unspecified") return range;
  return range === "unicast" ? "public" : "internal";
}

/** The address a URL host (IPv6 in brackets or not) is, or null when it is a name. */
export function addressOfHost(host: string): string | null {
  const bare = host.replace(/^\[(.*)\]$/, "$1");
  return isIP(bare) ? bare : null;
}

/** The scope of an IP address (a URL host's brackets allowed), or null when it is not an address. */
export function addressScope(address: string): AddressScope | null {
  const bare = addressOfHost(address);
  if (bare === null) return null;
  if (bare.includes("%")) return "internal"; // an IPv6 zone index: a link-local scope
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // IPv6 in its canonical hex form first: ipaddr.js reads the dotted IPv4-compatible form ::a.b.c.d as
    // IPv4-mapped ::ffff:a.b.c.d, which it is not (::127.0.0.1 is ::7f00:1, not this machine's 127.0.0.1)
    parsed = ipaddr.parse(isIP(bare) === 4 ? bare : new URL(`http://[${bare}]`).hostname.slice(1, -1));
  } catch {
    return "internal"; // Node calls it an address, ipaddr.js cannot read it: never trusted as public
  }
  if (parsed.kind() === "ipv4") return scopeOfV4(parsed as ipaddr.IPv4);
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return scopeOfV4(v6.toIPv4Address());
  const range = v6.range();
  if (range === "loopback" || range === "unspecified") return range;
  return range === "unicast" && v6.match(GLOBAL_UNICAST) ? "public" : "internal";
}

export const isPublicAddress = (address: string): boolean => addressScope(address) === "public";
