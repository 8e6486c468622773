// Field builders used by every contract: trimmed, bounded, and free of NUL and lone surrogates
// so that nothing odd reaches PostgreSQL.
import { z } from "zod";
import { EMAIL_SHAPE, normalizeUsState, US_STATES, ZIP_CODE } from "./constants";

const clean = (s: string) => !s.includes("\u0000") && s.isWellFormed();

export const text = (max: number) =>
  z.string().trim().max(max, `must be at most ${max} characters`).refine(clean, "contains invalid characters");

export const requiredText = (max: number, label = "this field") =>
  text(max).pipe(z.string().min(1, `${label} is required`));

export const optionalText = (max: number) =>
  z
    .union([text(max), z.null()])
    .optional()
    .transform((v) => (v ? v : null));

export const email = () =>
  text(254).pipe(
    z
      .string()
      .min(1, "email is required")
      .regex(EMAIL_SHAPE, "must be a valid email address")
      .email("must be a valid email address"),
  );

export const optionalEmail = () =>
  z
    .union([z.literal(""), z.null(), email()])
    .optional()
    .transform((v) => (v ? v : null));

export const phone = () =>
  text(40).pipe(z.string().regex(/^[0-9+().\-\s]{7,40}$/, "must be a phone number (digits, spaces, + ( ) - .)"));

export const optionalPhone = () =>
  z
    .union([z.literal(""), z.null(), phone()])
    .optional()
    .transform((v) => (v ? v : null));

// normalize, then check: a failed check (not a failed transform) keeps its reason inside an optional union
export const usState = () =>
  text(40)
    .transform((value) => normalizeUsState(value) ?? value)
    .pipe(z.string().refine((code) => Object.hasOwn(US_STATES, code), "must be a US state (e.g. TX or Texas)"));

export const zipCode = () => text(10).pipe(z.string().regex(ZIP_CODE, "must be a 5-digit ZIP code (or ZIP+4)"));

/** Positive database id within PostgreSQL's integer range. */
export const id = () =>
  z.coerce.number().int("must be a whole number").min(1, "must be at least 1").max(2_147_483_647, "is out of range");

/** An opaque cursor: copy it from a `next` link, never build one. */
export const cursorParam = z
  .string()
  .max(512, "must be at most 512 characters")
  .regex(/^[A-Za-z0-9_-]+$/, "must be the cursor of a `next` link");

/** Rows a page of a cursor-paged admin list holds when the list is a plain array (500 without it). */
export const listLimit = () => z.coerce.number().int().min(1).max(1000).optional();
