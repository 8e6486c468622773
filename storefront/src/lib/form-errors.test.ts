import { describe, expect, it } from "vitest";
import { ApiError } from "./api";
import { formErrors, fromIssues, hasErrors, NO_ERRORS, sentence } from "./form-errors";

const FIELDS = ["firstName", "email", "phone"] as const;
const api = (status: number, body: unknown) => new ApiError(status, body as ApiError["body"]);

describe("formErrors", () => {
  it("puts each issue next to its field, as a sentence, first reason wins", () => {
    const error = api(400, {
      message: "Invalid body: email must be a valid email address",
      issues: [
        { path: ["email"], message: "must be a valid email address" },
        { path: ["phone"], message: "must be a phone number (digits, spaces, + ( ) - .)" },
        { path: ["email"], message: "must be at most 254 characters" },
      ],
    });
    expect(formErrors(error, FIELDS, "fallback")).toEqual({
      fields: { email: "Must be a valid email address.", phone: "Must be a phone number (digits, spaces, + ( ) - .)." },
      message: null,
    });
  });

  it("says what names no field of the form in words, without the parser's prefix", () => {
    const error = api(400, {
      message: "Invalid body: cartItems.0.quantity must be at most 10",
      issues: [{ path: ["cartItems", 0, "quantity"], message: "must be at most 10" }],
    });
    expect(formErrors(error, FIELDS, "fallback")).toEqual({
      fields: {},
      message: "Cart items quantity must be at most 10.",
    });
    expect(
      formErrors(api(409, { message: "Invalid body: that transaction is already recorded" }), FIELDS, "x"),
    ).toEqual({ fields: {}, message: "That transaction is already recorded." });
  });

  it("falls back on the caller's sentence for network and server failures, and asks to wait after 429", () => {
    expect(formErrors(new TypeError("Failed to fetch"), FIELDS, "Please try again.")).toEqual({
      fields: {},
      message: "Please try again.",
    });
    expect(formErrors(api(500, "down"), FIELDS, "Please try again.").message).toBe("Please try again.");
    expect(formErrors(api(400, "not json"), FIELDS, "Please try again.").message).toBe("Please try again.");
    expect(formErrors(api(429, { message: "Too many requests" }), FIELDS, "x").message).toMatch(/wait a few minutes/);
  });
});

describe("helpers", () => {
  it("fromIssues maps a client check the same way", () => {
    expect(fromIssues([{ path: ["firstName"], message: "first name is required" }], FIELDS)).toEqual({
      fields: { firstName: "First name is required." },
      message: null,
    });
  });

  it("sentence keeps an ending mark and capitalises", () => {
    expect(sentence("done!")).toBe("Done!");
    expect(sentence("  ok ")).toBe("Ok.");
    expect(sentence("")).toBe("");
  });

  it("hasErrors", () => {
    expect(hasErrors(NO_ERRORS)).toBe(false);
    expect(hasErrors({ fields: { email: "x" }, message: null })).toBe(true);
    expect(hasErrors({ fields: {}, message: "x" })).toBe(true);
  });
});
