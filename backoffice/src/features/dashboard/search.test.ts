import { describe, expect, it } from "vitest";
import { parseDashboardSearch } from "./search";

describe("dashboard ?tab=", () => {
  it("keeps a known tab and drops anything else", () => {
    expect(parseDashboardSearch({ tab: "orders" })).toEqual({ tab: "orders" });
    expect(parseDashboardSearch({ tab: "nope" })).toEqual({});
    expect(parseDashboardSearch({ tab: 3 })).toEqual({});
  });
});
