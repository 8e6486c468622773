import { z } from "zod";
import { BUDGETS, PROJECT_TYPES } from "./constants";
import { email, id, optionalEmail, optionalPhone, optionalText, requiredText, usState, zipCode } from "./fields";
import { int } from "./responses";
import { ROI_SLIDERS } from "./roi";

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  // "" among the values rather than a union: a union would hide the reason behind zod's "Invalid input"
  z
    .enum(["", ...values] as unknown as readonly ["", ...T], "must be one of the listed choices")
    .nullable()
    .optional()
    .transform((v) => (v ? (v as T[number]) : null));

/** "" or null means not given: every field below is optional, so that older payloads still pass. */
const optional = <T extends z.ZodType<string | null>>(field: T) =>
  z
    .union([z.literal(""), z.null(), field])
    .optional()
    .transform((v) => (v ? v : null));

/** Where the home would go: delivery and tax depend on both, so an enquiry asks for them. */
const delivery = {
  deliveryZip: optional(zipCode()),
  /** A two-letter code or a state's name; stored as the code (the list the checkout offers). */
  deliveryState: optional(usState()),
};

const projectType = optionalEnum(PROJECT_TYPES);

/** One rule on every enquiry form (the home page's and /contact): the message is optional. */
const message = optionalText(5000);

export const contactInput = z.strictObject({
  firstName: requiredText(80, "first name"),
  lastName: requiredText(80, "last name"),
  email: email(),
  phone: optionalPhone(),
  projectType,
  budget: optionalEnum(BUDGETS),
  ...delivery,
  message,
  /** Which form sent it: the home page's contact section or /contact. */
  source: z.enum(["contact-form", "contact-page"]).optional(),
});
export type ContactInput = z.input<typeof contactInput>;

export const quoteRequestInput = z.strictObject({
  kind: z.enum(["quote", "call"]),
  firstName: requiredText(80, "first name"),
  lastName: requiredText(80, "last name"),
  email: email(),
  phone: optionalPhone(),
  productId: id().optional().nullable(),
  preferredTime: optionalText(120),
  ...delivery,
  message,
});
export type QuoteRequestInput = z.input<typeof quoteRequestInput>;

const slider = (range: { min: number; max: number }) => z.number().finite().min(range.min).max(range.max);

export const roiInput = z.strictObject({
  investment: slider(ROI_SLIDERS.investment),
  /** Rent per day in USD (the old payload calls it monthlyRent). */
  monthlyRent: slider(ROI_SLIDERS.rentPerDay),
  occupancy: slider(ROI_SLIDERS.occupancyDays),
  // The old client started below the minimum (50); accept it rather than break saved links.
  monthlyExpenses: z.number().finite().min(0).max(ROI_SLIDERS.monthlyExpenses.max),
  roi: z.number().finite().min(-1e9).max(1e9).optional(),
  paybackPeriod: z.number().finite().min(-1e9).max(1e9).optional(),
  email: optionalEmail(),
});
export type RoiInput = z.input<typeof roiInput>;

export const leadIdParams = z.strictObject({ id: id() });

export const contactAnswer = z
  .object({ id: int(), status: z.string(), message: z.string() })
  .meta({ examples: [{ id: 42, status: "new", message: "Thank you for your inquiry." }] });
export const quoteRequestAnswer = z
  .object({ id: int(), source: z.string(), status: z.string() })
  .meta({ examples: [{ id: 43, source: "quote-request", status: "new" }] });
/** The figures as the server computed them from the inputs. */
export const roiAnswer = z
  .object({
    id: int(),
    monthlyIncome: z.number(),
    roiPercent: z.number(),
    paybackMonths: z.number(),
  })
  .meta({ examples: [{ id: 7, monthlyIncome: 2737.5, roiPercent: 21.9, paybackMonths: 54.8 }] });
