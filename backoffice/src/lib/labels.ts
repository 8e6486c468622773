// How stored values read on screen: the labels the storefront's forms show (one list, in the API's
// contracts), and what a lead is called when the visitor left no name or project details.
import {
  BUDGET_LABELS,
  LEAD_SOURCE_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
  PROJECT_TYPE_LABELS,
} from "@ch/contracts/constants";
import { humanize } from "./format";

const label = (labels: Record<string, string>, value: string): string => labels[value] ?? humanize(value);

export const projectTypeLabel = (value: string) => label(PROJECT_TYPE_LABELS, value);
export const budgetLabel = (value: string) => label(BUDGET_LABELS, value);
export const sourceLabel = (value: string) => label(LEAD_SOURCE_LABELS, value);

const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  usdt: "USDT (cryptocurrency)",
  "bank-transfer": "Bank transfer",
};
export const paymentMethodLabel = (value: string) =>
  (PAYMENT_METHODS as readonly string[]).includes(value)
    ? PAYMENT_METHOD_LABELS[value as PaymentMethod]
    : humanize(value);

interface Lead {
  firstName: string;
  lastName: string;
  email: string;
  projectType: string | null;
  budget: string | null;
}

/** The visitor's name, else their e-mail, else "Anonymous visitor" (chat messages carry neither). */
export function leadName(lead: Lead): string {
  return `${lead.firstName} ${lead.lastName}`.trim() || lead.email || "Anonymous visitor";
}

/** "Multi-Unit · $250,000 - $500,000", only the parts the lead has; null when it has neither. */
export function leadProject(lead: Lead): string | null {
  const parts = [
    lead.projectType ? projectTypeLabel(lead.projectType) : null,
    lead.budget ? budgetLabel(lead.budget) : null,
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : null;
}
