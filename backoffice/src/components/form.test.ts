import { describe, expect, it } from "vitest";
import { HttpError } from "../lib/http";
import { asNumber, messageOf } from "./form";
import { issuesOf } from "./form-field";

describe("issuesOf", () => {
  it("reads a tRPC refusal's issues and a REST answer's, first message per path", () => {
    const trpcError = {
      data: {
        issues: [
          { path: ["option", "name"], message: "name is required" },
          { path: ["option", "name"], message: "second" },
        ],
      },
    };
    expect(issuesOf(trpcError)).toEqual({ "option.name": "name is required" });
    const rest = new HttpError(400, "400: Invalid input", {
      message: "Invalid input",
      issues: [{ path: ["token"], message: "the link is not valid" }],
    });
    expect(issuesOf(rest)).toEqual({ token: "the link is not valid" });
  });
  it("finds nothing in what is not a refusal", () => {
    expect(issuesOf(new Error("Failed to fetch"))).toEqual({});
    expect(issuesOf(null)).toEqual({});
    expect(issuesOf(new HttpError(401, "401", null))).toEqual({});
  });
});

describe("messageOf", () => {
  it("takes a field's message, or the first one nested in a list's errors (never a ref)", () => {
    expect(messageOf({ message: "pick at least one event", type: "too_small" })).toBe("pick at least one event");
    expect(messageOf([undefined, { message: "unknown scope" }])).toBe("unknown scope");
    expect(messageOf({ root: { message: "Add at least one line" } })).toBe("Add at least one line");
    expect(messageOf({ ref: { message: "not an error" } })).toBeUndefined();
    expect(messageOf(undefined)).toBeUndefined();
  });
});

describe("asNumber", () => {
  it("keeps an empty number field as NaN (the schema names it) and shows NaN as empty", () => {
    expect(asNumber.parse("")).toBeNaN();
    expect(asNumber.parse("12.5")).toBe(12.5);
    expect(asNumber.format(Number.NaN)).toBe("");
    expect(asNumber.format(7)).toBe("7");
  });
});
