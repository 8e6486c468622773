import { describe, expect, it } from "vitest";
import { badgeColourName, formatCents, formatUsd, statusLabel, truncate } from "./format";

describe("display helpers", () => {
  it("uses the spec's badge colours and gray for anything else", () => {
    expect(
      [
        "pending",
        "confirmed",
        "in_production",
        "shipped",
        "delivered",
        "cancelled",
        "paid",
        "new",
        "contacted",
        "qualified",
        "closed",
        "failed",
        "other",
      ].map(badgeColourName),
    ).toEqual([
      "yellow",
      "blue",
      "purple",
      "green",
      "emerald",
      "red",
      "green",
      "blue",
      "orange",
      "purple",
      "gray",
      "gray",
      "gray",
    ]);
  });

  it("shows underscores as spaces and money as en-US dollars", () => {
    expect(statusLabel("in_production")).toBe("in production");
    expect(formatUsd(156250)).toBe("$156,250.00");
    expect(formatCents(2453264)).toBe("$24,532.64");
    expect(formatCents(-25000)).toBe("-$250.00");
  });

  it("cuts text to a length", () => {
    expect(truncate("https://www.google.com/search?q=container", 30)).toBe("https://www.google.com/search?…");
    expect(truncate("short", 30)).toBe("short");
  });
});
