import { z } from "zod";
import { BUDGETS, PROJECT_TYPES } from "./constants";
import { email, id, optionalEmail, optionalPhone, optionalText, requiredText } from "./fields";
import { int } from "./responses";
import { ROI_SLIDERS } from "./roi";

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.literal(""), z.null(), z.enum(values)])
    .optional()
    .transform((v) => (v ? v : null));

export const contactInput = z.strictObject({
  firstName: requiredText(80, "first name"),
  lastName: requiredText(80, "last name"),
  email: email(),
  phone: optionalPhone(),
  projectType: optionalEnum(PROJECT_TYPES),
  budget: optionalEnum(BUDGETS),
  message: optionalText(5000),
  /** "contact-page" makes the message required, as on /contact. */
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
  message: optionalText(5000),
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
