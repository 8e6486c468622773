// How a client's address is counted by every per-address limit. One IPv6 customer is handed a whole
// /64 (RFC 6177), so counting each IPv6 address separately lets one client rotate through 2^64 of
// them: IPv6 clients are grouped by their /64, and an IPv4 address written as IPv6 (::ffff:a.b.c.d)
// counts as that IPv4 address.
import ipaddr from "ipaddr.js";

/** The key a per-address limit counts `ip` under: the IPv4 address, or the IPv6 /64 as `2001:db8:1:2::/64`. */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.process(ip); // IPv4-mapped IPv6 → IPv4
  if (parsed.kind() === "ipv4") return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}
