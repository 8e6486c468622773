import type { Money } from "@ch/contracts/money";
import { ORDER_STAGE_LABELS, type OrderStage } from "@ch/contracts/stages";
import { formatAmount } from "../../lib/format";

/** The portal's money (whole cents and the currency) as a person reads it. */
export const formatMoney = (money: Money): string =>
  money.currency === "USDT" ? `${(money.amount / 1_000_000).toFixed(6)} USDT` : formatAmount(money.amount / 100);

export const stageLabel = (stage: string): string => ORDER_STAGE_LABELS[stage as OrderStage] ?? stage;

const PROPOSAL_STATUS_LABELS: Record<string, string> = {
  sent: "Waiting for your answer",
  changes_requested: "Changes asked",
  accepted: "Accepted",
  declined: "Declined",
};
export const proposalStatusLabel = (status: string): string => PROPOSAL_STATUS_LABELS[status] ?? status;

const DOCUMENT_KIND_LABELS: Record<string, string> = {
  contract: "Signed contract",
  change_order: "Signed change order",
  permit: "Permit",
  plan: "Plan",
  inspection: "Inspection report",
  other: "Document",
  attachment: "Attachment",
};
export const documentKindLabel = (kind: string): string => DOCUMENT_KIND_LABELS[kind] ?? kind;

/** "240 KB", "1.2 MB". */
export const fileSize = (bytes: number): string =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
