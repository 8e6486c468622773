// The proposal editor's draft: what is typed (dollars and quantities as text), what the form can check
// before asking the server, and the proposal input it becomes (the server prices and checks everything).
import { type PaymentMilestone, paymentSchedule } from "@ch/contracts/payment-schedule";
import type { ProposalInput, ProposalLineInput, ProposalPreviewInput } from "@ch/contracts/proposals";
import { defaultMilestones } from "@ch/contracts/totals";
import { z } from "zod";

export interface LineDraft {
  kind: "product" | "option" | "custom";
  refId: string;
  name: string;
  unitPrice: string;
  quantity: string;
}

export interface EditorDraft {
  enquiryId: number | null;
  customerName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  lines: LineDraft[];
  deliveryBandId: string;
  discount: string;
  taxState: string;
  validUntil: string;
  depositPercent: string;
  /** The proposal's own milestones; null: the business settings' schedule (or depositPercent's split). */
  paymentSchedule: PaymentMilestone[] | null;
  terms: string;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export function emptyDraft(overrides: Partial<EditorDraft> = {}): EditorDraft {
  return {
    enquiryId: null,
    customerName: "",
    email: "",
    phone: "",
    address: "",
    city: "",
    state: "TX",
    zipCode: "",
    lines: [],
    deliveryBandId: "",
    discount: "0",
    taxState: "",
    validUntil: inDays(30),
    depositPercent: "",
    paymentSchedule: null,
    terms: "Deposit due on acceptance; balance due on delivery. Delivery and setup as listed.",
    ...overrides,
  };
}

const toCents = (dollars: string) => Math.round(Number(dollars || "0") * 100);

/** A line with what pricing needs (a chosen product or option, a named custom price, a whole quantity). */
export function lineIsComplete(l: LineDraft): boolean {
  const quantity = Number(l.quantity);
  if (!Number.isInteger(quantity) || quantity < 1) return false;
  if (l.kind === "custom") return l.name.trim() !== "" && l.unitPrice.trim() !== "" && Number(l.unitPrice) >= 0;
  return l.refId !== "";
}

/** The pricing fields of the draft, with its complete lines only: what the running total prices. */
export function toPreview(d: EditorDraft): ProposalPreviewInput {
  const { lines, state, zipCode, deliveryBandId, discountCents, taxState, depositPercent, paymentSchedule } = toInput({
    ...d,
    lines: d.lines.filter(lineIsComplete),
  });
  return {
    lines,
    state,
    zipCode,
    deliveryBandId,
    discountCents,
    ...(taxState ? { taxState } : {}),
    ...(depositPercent !== undefined ? { depositPercent } : {}),
    paymentSchedule,
  };
}

const LINES_NEEDED = "Add at least one line: a catalog product, an option or a custom line.";

/**
 * The lines' checks the form can make before asking the server: at least one line, each with its product or
 * option chosen, or its name and a price in dollars (below zero only where `credits`: a change order's credit).
 */
export function lineDraftsSchema({ needed, credits = false }: { needed: string; credits?: boolean }) {
  return z
    .array(
      z
        .object({ kind: z.string(), refId: z.string(), name: z.string(), unitPrice: z.string() })
        .superRefine((l, ctx) => {
          const problem = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
          const price = l.unitPrice.trim() === "" ? Number.NaN : Number(l.unitPrice);
          if (l.kind === "product" && !l.refId) problem("refId", "Choose a product.");
          if (l.kind === "option" && !l.refId) problem("refId", "Choose an option.");
          if (l.kind === "custom" && !l.name.trim()) problem("name", "Name this line.");
          if (l.kind === "custom" && !(credits ? Number.isFinite(price) : price >= 0))
            problem(
              "unitPrice",
              credits
                ? "Enter a price in dollars, e.g. 1250.50 (negative for a credit)."
                : "Enter a price in dollars, e.g. 1250.50.",
            );
        }),
    )
    .min(1, needed);
}

/**
 * What a save would be refused for that the form can say before asking: the lines and the own schedule
 * (the server checks all).
 */
export const draftSchema = z.object({
  lines: lineDraftsSchema({ needed: LINES_NEEDED }),
  paymentSchedule: paymentSchedule.nullable(),
});

/** The draft's field for a path the server names (an update's are under "proposal."). */
export const draftField = (path: string) =>
  path
    .replace(/^proposal\./, "")
    .replace(/^lines\.(\d+)\.(productId|optionId)$/, "lines.$1.refId")
    .replace(/^lines\.(\d+)\.unitPriceCents$/, "lines.$1.unitPrice")
    .replace(/^discountCents$/, "discount");

/** A draft line in the proposal line format: the dollars typed as whole cents (a change order's line too). */
export function toLineInput(l: LineDraft): ProposalLineInput {
  const quantity = Number(l.quantity);
  if (l.kind === "product") return { kind: "product", productId: Number(l.refId), quantity };
  if (l.kind === "option") return { kind: "option", optionId: Number(l.refId), quantity };
  return { kind: "custom", name: l.name, unitPriceCents: toCents(l.unitPrice), quantity };
}

export function toInput(d: EditorDraft): ProposalInput {
  const lines = d.lines.map(toLineInput);
  return {
    enquiryId: d.enquiryId,
    customerName: d.customerName,
    email: d.email,
    phone: d.phone || null,
    address: d.address,
    city: d.city,
    state: d.state,
    zipCode: d.zipCode,
    lines,
    deliveryBandId: d.deliveryBandId ? Number(d.deliveryBandId) : null,
    discountCents: toCents(d.discount),
    ...(d.taxState ? { taxState: d.taxState } : {}),
    validUntil: d.validUntil,
    // an own schedule's first milestone is the deposit
    ...(d.depositPercent && !d.paymentSchedule ? { depositPercent: Number(d.depositPercent) } : {}),
    paymentSchedule: d.paymentSchedule,
    terms: d.terms,
  };
}

/**
 * A saved version's schedule in the draft: its own milestones, or the deposit field when it is the plain
 * deposit and balance. Editing a version never changes what it invoices.
 */
export function draftScheduleOf(v: {
  depositPercent: number;
  paymentSchedule: readonly PaymentMilestone[];
}): Pick<EditorDraft, "depositPercent" | "paymentSchedule"> {
  const milestones = v.paymentSchedule.map(({ label, percent, dueOn }) => ({ label, percent, dueOn }));
  const plain = defaultMilestones(v.depositPercent).filter((m) => m.percent > 0);
  return JSON.stringify(milestones) === JSON.stringify(plain)
    ? { depositPercent: String(v.depositPercent), paymentSchedule: null }
    : { depositPercent: "", paymentSchedule: milestones };
}
