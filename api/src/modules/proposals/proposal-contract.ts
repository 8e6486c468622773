// The contract of an accepted version: what the customer agreed to (the version's lines and figures, the
// invoices the order core made from it, the proposal's and the business's terms) and how they signed,
// filed as a PDF by the signatures module.
import { cancellationTerms, deliveryWindow, humanDate, warrantySentence } from "@ch/contracts/business-facts";
import type { BusinessSettings } from "@ch/contracts/settings";
import { acceptanceAgreementText, SIGNING_CONSENT_TEXT } from "@ch/contracts/signing-texts";
import type { Executor } from "@ch/db";
import type { Deps } from "../../lib/deps";
import { invoiceDueText, ledger } from "../ledger";
import { fileSignedRecord, type SignedRecord } from "../signatures";
import { storedFigures, storedLines, type VersionRow } from "./proposal-versions";

type ProposalRow = {
  id: number;
  customerName: string;
  email: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
};

export interface Signing {
  fullName: string;
  signedAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
}

/** The figures as the contract lists them, the total last. */
function figureRows(f: ReturnType<typeof storedFigures>, deliveryLabel: string | null): [string, number][] {
  return [
    ["Subtotal", f.subtotalCents],
    ...(f.discountCents > 0 ? [["Discount", -f.discountCents] as [string, number]] : []),
    [deliveryLabel ? `Delivery (${deliveryLabel})` : "Delivery", f.deliveryCents],
    ...f.taxLines.map((t) => [t.label, t.taxCents] as [string, number]),
    ["Total", f.totalCents],
  ];
}

/** The business's standing terms, as every policy page states them. */
export function businessTerms(settings: BusinessSettings): string[] {
  const cancellation = cancellationTerms(settings.cancellation);
  return [
    `Delivery: estimated ${deliveryWindow(settings)}.`,
    `Cancellation: ${[cancellation.window, cancellation.beforeProduction, cancellation.inProduction].filter(Boolean).join(" ")}`,
    `Warranty: ${warrantySentence(settings.warranty)}, from delivery.`,
  ];
}

/** The order's invoices as a schedule: what is due, and when. */
async function scheduleOf(db: Executor, orderId: number, timeZone: string): Promise<SignedRecord["schedule"]> {
  const { invoiceRows } = await ledger(db, orderId);
  return invoiceRows
    .filter((i) => i.status !== "void")
    .map((i) => ({
      label: i.label,
      when: `${invoiceDueText(i)}${i.kind === "deposit" && i.validUntil ? `, by ${humanDate(i.validUntil, timeZone)}` : ""}`,
      amountCents: i.amountCents,
    }));
}

export async function fileContract(
  tx: Executor,
  deps: Deps,
  settings: BusinessSettings,
  accepted: { p: ProposalRow; v: VersionRow; orderId: number; orderNumber: string },
  signing: Signing,
) {
  const { p, v, orderId, orderNumber } = accepted;
  const title = `Contract for order ${orderNumber}`;
  return fileSignedRecord(tx, deps, {
    orderId,
    kind: "contract",
    title: `Your signed contract for order ${orderNumber}`,
    fileName: `contract-${orderNumber}.pdf`,
    record: {
      title,
      references: [
        `Proposal #${p.id}, version ${v.version}, accepted ${humanDate(signing.signedAt, settings.timeZone)}`,
        `Order ${orderNumber}`,
      ],
      company: settings.company,
      customer: {
        name: p.customerName,
        email: p.email,
        deliverTo: [p.address, p.city, [p.state, p.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", "),
      },
      lines: storedLines(v),
      figures: figureRows(storedFigures(v), v.deliveryLabel),
      schedule: await scheduleOf(tx, orderId, settings.timeZone),
      terms: [...(v.terms ? [v.terms] : []), ...businessTerms(settings)],
      signature: {
        ...signing,
        email: p.email,
        statements: [acceptanceAgreementText(v.version, v.depositPercent), SIGNING_CONSENT_TEXT],
      },
    },
  });
}
