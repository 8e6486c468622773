import { describe, expect, it } from "vitest";
import { parseDashboardSearch } from "./search";

describe("dashboard ?tab=", () => {
  it("keeps a known tab and drops anything else", () => {
    expect(parseDashboardSearch({ tab: "orders" })).toEqual({ tab: "orders" });
    expect(parseDashboardSearch({ tab: "nope" })).toEqual({});
    expect(parseDashboardSearch({ tab: 3 })).toEqual({});
  });
  it("keeps an order id (a link to one order) and drops anything else", () => {
    expect(parseDashboardSearch({ tab: "orders", order: 12 })).toEqual({ tab: "orders", order: 12 });
    expect(parseDashboardSearch({ tab: "orders", order: "12" })).toEqual({ tab: "orders", order: 12 });
    expect(parseDashboardSearch({ order: "x" })).toEqual({});
    expect(parseDashboardSearch({ order: -1 })).toEqual({});
    expect(parseDashboardSearch({ order: 1.5 })).toEqual({});
  });
});
