// The audit log, readable: each entry as one sentence ("Order CH-2026-000012: Deposit received → In
// production", "Payment $24,532.64 (USDT) on CH-2026-000012"), who did it (a staff member, an API key,
// the customer, the USDT watcher or the system), and a filter by kind. Amounts are stored in cents.
import { ORDER_STAGE_LABELS, type OrderStage } from "@ch/contracts/stages";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Column } from "../../components/data-table";
import { SelectBox } from "../../components/form-field";
import { QueryTable } from "../../components/list-card";
import { formatDateTime, formatCents as money, statusLabel } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import type { RouterOutputs } from "../../lib/types";

/** How many of the latest entries the screen reads (the filter works within them). */
const AUDIT_LIMIT = 500;

type Detail = Record<string, unknown>;
export interface AuditEntry {
  action: string;
  adminName: string;
  entityType: string;
  entityId: string | null;
  detail: unknown;
}

const ACTIONS: Record<string, string> = {
  "order.create": "Placed an order",
  "order.stage": "Moved an order",
  "order.stage.undo": "Undid an order's move",
  "order.status": "Changed order status",
  "order.payment": "Changed payment status",
  "order.note": "Added a note to an order",
  "payment.record": "Recorded a payment",
  "payment.refund": "Recorded a refund",
  "usdt-transfer.attach": "Attached a USDT transfer",
  "usdt-transfer.credit": "Credited a USDT transfer",
  "usdt-transfer.unmatched": "Queued an unmatched USDT transfer",
  "usdt-claim.submit": "Submitted a USDT transaction",
  "usdt-claim.expire": "Expired a USDT claim",
  "proposal.create": "Created a proposal",
  "proposal.update": "Edited a proposal",
  "proposal.send": "Sent a proposal",
  "proposal.accept": "Accepted a proposal",
  "tax-rate.save": "Set a tax rate",
  "tax-rate.delete": "Removed a tax rate",
  "delivery-band.create": "Added a delivery band",
  "delivery-band.update": "Changed a delivery band",
  "delivery-band.delete": "Removed a delivery band",
  "proposal-option.create": "Added a proposal option",
  "proposal-option.update": "Changed a proposal option",
  "proposal-option.delete": "Removed a proposal option",
  "enquiry.status": "Changed contact status",
  "enquiry.note": "Added a note to a contact",
  "product.create": "Created a product",
  "product.update": "Edited a product",
  "product.delete": "Deleted a product",
  "gallery.create": "Added a gallery item",
  "gallery.update": "Edited a gallery item",
  "gallery.delete": "Deleted a gallery item",
  "gallery.reorder": "Reordered the gallery",
  "post.create": "Created a blog post",
  "post.update": "Edited a blog post",
  "post.delete": "Deleted a blog post",
  "media.upload": "Uploaded an image",
  "admin.setup": "Created the admin account",
  "admin.login": "Signed in",
  "settings.update": "Changed the business settings",
};

/** The filter's kinds, each a set of actions (by prefix); "other" is everything else. */
export const KINDS = [
  { id: "orders", label: "Orders and stages", prefixes: ["order."] },
  { id: "payments", label: "Payments and refunds", prefixes: ["payment.", "usdt-transfer.", "usdt-claim."] },
  { id: "proposals", label: "Proposals", prefixes: ["proposal."] },
  { id: "prices", label: "Price lists and tax", prefixes: ["tax-rate.", "delivery-band.", "proposal-option."] },
  { id: "leads", label: "Leads", prefixes: ["enquiry."] },
  { id: "content", label: "Catalog and content", prefixes: ["product.", "gallery.", "post.", "media."] },
] as const;
type KindId = (typeof KINDS)[number]["id"] | "other" | "";

export const kindOf = (action: string): KindId =>
  KINDS.find((k) => k.prefixes.some((p) => action.startsWith(p)))?.id ?? "other";

const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : undefined);
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
const stage = (s: unknown) => (typeof s === "string" ? (ORDER_STAGE_LABELS[s as OrderStage] ?? statusLabel(s)) : "?");
const percent = (basisPoints: number) =>
  `${(basisPoints / 100).toLocaleString("en-US", { maximumFractionDigits: 3 })} %`;
const METHODS: Record<string, string> = { usdt: "USDT", "bank-transfer": "bank transfer" };
const method = (m: unknown) => (typeof m === "string" ? (METHODS[m] ?? statusLabel(m)) : undefined);
/** "7f3a9c…c91e": a transaction hash, shortened. */
const hash = (h: unknown) => (typeof h === "string" && h.length > 14 ? `${h.slice(0, 6)}…${h.slice(-4)}` : str(h));

/** An amount in cents from a detail: amountCents/totalCents/priceCents/feeCents, or `amount` in dollars. */
function cents(d: Detail, ...keys: string[]): number | undefined {
  for (const key of keys) {
    const v = num(d[key]);
    if (v !== undefined) return v;
  }
  const dollars = num(d.amount);
  return dollars === undefined ? undefined : Math.round(dollars * 100);
}

/** Who: staff usernames and API keys as written; the customer, the USDT watcher and the system named. */
export function actorLabel(name: string): string {
  if (name === "customer") return "Customer";
  if (name === "watcher") return "USDT watcher";
  if (name === "system") return "System (payments)";
  return name;
}

/** The entry as one sentence, and what else it says. */
export function describeEntry(a: AuditEntry): { what: string; more: string } {
  const d: Detail = a.detail && typeof a.detail === "object" ? (a.detail as Detail) : {};
  const order =
    str(d.orderNumber) ?? (a.entityType === "order" && a.entityId ? `order #${a.entityId}` : undefined) ?? "an order";
  const reason = str(d.reason);
  const flags = Array.isArray(d.flags) && d.flags.length > 0 ? `flags: ${d.flags.join(", ")}` : undefined;
  const join = (...parts: (string | undefined | false)[]) => parts.filter(Boolean).join(" · ");
  const id = a.entityId ?? "?";
  switch (a.action) {
    case "order.create": {
      const total = cents(d, "totalCents");
      const via = method(d.paymentMethod);
      return {
        what: `Order ${order} placed${total !== undefined ? `: ${money(total)}` : ""}${via ? ` (${via})` : ""}`,
        more: num(d.proposalId) !== undefined ? `from proposal #${d.proposalId}` : "",
      };
    }
    case "order.stage":
      return { what: `Order ${order}: ${stage(d.from)} → ${stage(d.to)}`, more: join(reason && `Reason: ${reason}`) };
    case "order.stage.undo":
      return {
        what: `Order ${order}: move undone, ${stage(d.from)} → ${stage(d.to)}`,
        more: "the customer was not e-mailed",
      };
    case "order.status":
      return { what: `Order ${order}: status ${statusLabel(String(d.from))} → ${statusLabel(String(d.to))}`, more: "" };
    case "order.payment":
      return {
        what: `Order ${order}: payment status ${statusLabel(String(d.from))} → ${statusLabel(String(d.to))}`,
        more: "",
      };
    case "payment.record":
    case "payment.refund": {
      const amount = cents(d, "amountCents") ?? 0;
      const via = method(d.method);
      const what =
        a.action === "payment.refund" || amount < 0
          ? `Refund ${money(Math.abs(amount))}${via ? ` (${via})` : ""} on ${order}`
          : `Payment ${money(amount)}${via ? ` (${via})` : ""} on ${order}`;
      return { what, more: join(reason && `Reason: ${reason}`, flags, hash(d.txHash) && `tx ${hash(d.txHash)}`) };
    }
    case "usdt-transfer.attach": {
      const amount = cents(d, "amountCents");
      const usdt = str(d.usdtAmount);
      return {
        what: `USDT transfer ${usdt ? `${usdt} USDT` : ""}${amount !== undefined ? ` (${money(amount)})` : ""} attached to ${order}`
          .replace(/\s+/g, " ")
          .trim(),
        more: join(
          str(d.invoiceReference) && `invoice ${d.invoiceReference}`,
          reason && `Reason: ${reason}`,
          flags,
          a.entityType === "usdt_transfer" && `tx ${hash(a.entityId)}`,
        ),
      };
    }
    case "usdt-transfer.credit":
      return {
        what: `USDT transfer ${str(d.usdtAmount) ? `${d.usdtAmount} USDT ` : ""}credited to ${order}`,
        more: join(hash(d.txHash) && `tx ${hash(d.txHash)}`),
      };
    case "usdt-transfer.unmatched":
      return {
        what: `USDT transfer ${str(d.usdtAmount) ? `${d.usdtAmount} USDT ` : ""}matches no invoice: in the unmatched queue`,
        more: join(
          `tx ${hash(a.entityId)}`,
          num(d.claimedByOrderId) !== undefined && `claimed by order #${d.claimedByOrderId}`,
        ),
      };
    case "usdt-claim.submit":
      return { what: `USDT transaction submitted for ${order}`, more: join(hash(d.txHash) && `tx ${hash(d.txHash)}`) };
    case "usdt-claim.expire":
      return {
        what: `USDT claim on ${order} expired`,
        more: join(reason && `Reason: ${reason}`, hash(d.txHash) && `tx ${hash(d.txHash)}`),
      };
    case "proposal.create":
    case "proposal.update": {
      const total = cents(d, "totalCents", "total");
      const version = num(d.version);
      return {
        what: `Proposal #${id}${version !== undefined ? ` version ${version}` : ""}${total !== undefined ? `: ${money(total)}` : ""}`,
        more: "",
      };
    }
    case "proposal.send":
      return { what: `Proposal #${id}${num(d.version) !== undefined ? ` version ${d.version}` : ""} sent`, more: "" };
    case "proposal.accept": {
      const total = cents(d, "totalCents", "total");
      return {
        what: `Proposal #${id}${num(d.version) !== undefined ? ` version ${d.version}` : ""} accepted${
          str(d.acceptedBy) ? ` by ${d.acceptedBy}` : ""
        }${str(d.orderNumber) ? `: order ${d.orderNumber}` : ""}${total !== undefined ? `, ${money(total)}` : ""}`,
        more: join(method(d.paymentMethod) && `pays by ${method(d.paymentMethod)}`),
      };
    }
    case "tax-rate.save":
    case "tax-rate.delete": {
      const [state, taxClass] = (a.entityId ?? "").split(":");
      const which = `${str(d.state) ?? state ?? "?"}${(str(d.taxClass) ?? taxClass) ? ` (${str(d.taxClass) ?? taxClass})` : ""}`;
      const rate = num(d.rateBasisPoints);
      const before = num(d.previousRateBasisPoints);
      if (a.action === "tax-rate.delete") {
        return {
          what: `Tax rate ${which} removed${before !== undefined ? ` (was ${percent(before)})` : ""}`,
          more: "",
        };
      }
      return {
        what: `Tax rate ${which}: ${before !== undefined && before !== rate ? `${percent(before)} → ` : ""}${
          rate !== undefined ? percent(rate) : "?"
        }`,
        more: "",
      };
    }
    case "delivery-band.create":
    case "delivery-band.update": {
      const fee = cents(d, "feeCents");
      const miles = num(d.maxMiles);
      return {
        what: `Delivery band "${str(d.label) ?? `#${id}`}": ${fee !== undefined ? money(fee) : "?"}${d.perUnit ? " per unit" : ""}`,
        more: miles !== undefined ? `up to ${miles} miles` : "beyond the other bands",
      };
    }
    case "proposal-option.create":
    case "proposal-option.update": {
      const price = cents(d, "priceCents");
      return {
        what: `Option "${str(d.name) ?? `#${id}`}": ${price !== undefined ? money(price) : "?"}`,
        more: d.active === false ? "inactive" : "",
      };
    }
    case "delivery-band.delete":
      return { what: `Delivery band #${id} removed`, more: "" };
    case "proposal-option.delete":
      return { what: `Option #${id} removed`, more: "" };
    case "enquiry.status":
      return {
        what: `Lead #${id}: ${statusLabel(String(d.from))} → ${statusLabel(String(d.to))}`,
        more: str(d.orderNumber) ? `order ${d.orderNumber} completed` : "",
      };
    default:
      return { what: ACTIONS[a.action] ?? a.action, more: summarize(d) };
  }
}

/** Anything else: the detail's usual fields. */
function summarize(d: Detail): string {
  const parts: string[] = [];
  if (typeof d.from === "string" && typeof d.to === "string")
    parts.push(`${statusLabel(d.from)} → ${statusLabel(d.to)}`);
  if (typeof d.name === "string") parts.push(d.name);
  if (typeof d.title === "string") parts.push(d.title);
  if (typeof d.slug === "string") parts.push(`/blog/${d.slug}${d.published === false ? " (draft)" : ""}`);
  if (typeof d.ip === "string") parts.push(`from ${d.ip}`);
  if (typeof d.width === "number" && typeof d.height === "number") parts.push(`${d.width}×${d.height}`);
  if (Array.isArray(d.changed)) parts.push(d.changed.length ? d.changed.join(", ") : "nothing changed");
  return parts.join(" · ");
}

function recordLabel(a: AuditEntry): string {
  if (a.entityType === "usdt_transfer") return "USDT transfer";
  if (a.entityType === "tax_rate") return "tax rate";
  return `${humanType(a.entityType)}${a.entityId ? ` #${a.entityId}` : ""}`;
}
const humanType = (t: string) => t.replace(/_/g, " ");

const ACTIVITY_COLUMNS: Column<RouterOutputs["admin"]["audit"][number]>[] = [
  { header: "When", className: "whitespace-nowrap", cell: (a) => formatDateTime(a.createdAt) },
  { header: "Who", cell: (a) => actorLabel(a.adminName) },
  {
    header: "What",
    hideable: false,
    cell: (a) => {
      const { what } = describeEntry(a);
      return (
        <>
          <span className="font-medium text-slate-900">{what}</span>
          {what !== ACTIONS[a.action] && ACTIONS[a.action] && (
            <span className="block text-xs text-slate-600">{ACTIONS[a.action]}</span>
          )}
        </>
      );
    },
  },
  { header: "Record", className: "whitespace-nowrap", cell: (a) => recordLabel(a) },
  {
    header: "Details",
    className: "max-w-80 truncate",
    cell: (a) => {
      const { more } = describeEntry(a);
      return <span title={more}>{more}</span>;
    },
  },
];

export function ActivityScreen() {
  const [kind, setKind] = useState<KindId>("");
  const audit = useQuery({ ...trpc.admin.audit.queryOptions({ limit: AUDIT_LIMIT }), refetchInterval: 30_000 });
  const entries = audit.data?.filter((a) => !kind || kindOf(a.action) === kind);
  return (
    <div>
      <h1 className="text-2xl font-semibold text-slate-900">Activity</h1>
      <p className="mt-1 text-sm text-slate-600">
        Every change to the shop: order stages, payments and refunds, proposals, prices and content; who made it (staff,
        an API key, the customer, the USDT watcher or the system) and when (latest {AUDIT_LIMIT}).
      </p>
      <div className="mt-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <SelectBox
          id="activity-kind"
          label="Show"
          className="mb-4 sm:w-64"
          value={kind}
          onChange={(value) => setKind(value as KindId)}
        >
          <option value="">Everything</option>
          {KINDS.map((k) => (
            <option key={k.id} value={k.id}>
              {k.label}
            </option>
          ))}
          <option value="other">Accounts, settings and the rest</option>
        </SelectBox>
        <QueryTable
          query={audit}
          loadError="The activity log could not be loaded."
          label="Activity entries"
          scrollRegion
          columns={ACTIVITY_COLUMNS}
          rows={entries}
          rowKey={(a) => a.id}
          loading="Loading the activity log…"
          empty={kind ? "Nothing of this kind recorded lately." : "No changes recorded yet."}
        />
      </div>
    </div>
  );
}
