import { describe, expect, it } from "vitest";
import { addressKey } from "./client-address";

describe("addressKey", () => {
  it("keeps IPv4 addresses as they are", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
  });
  it("counts an IPv4-mapped IPv6 address as the IPv4 address", () => {
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:cb00:7107")).toBe("203.0.113.7");
  });
  it("groups IPv6 addresses by their /64, however they are written", () => {
    const keys = new Set(
      Array.from({ length: 40 }, (_, i) => addressKey(`2001:db8:1:2::${(i + 1).toString(16)}`)).concat(
        addressKey("2001:0DB8:0001:0002:ffff:ffff:ffff:ffff"),
      ),
    );
    expect([...keys]).toEqual(["2001:db8:1:2::/64"]);
    expect(addressKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(addressKey("::1")).toBe("::/64");
  });
  it("leaves what is not an address alone (inject's default, 'local')", () => {
    expect(addressKey("local")).toBe("local");
  });
});
