// The staff queue of seen transfers: pages of them, newest block first, each unmatched one with the open
// invoices it may belong to.

import type {
  UsdtInvoiceCandidateDto,
  UsdtTransferDto,
  UsdtTransferListQuery,
  UsdtTransferStatus,
} from "@ch/contracts/payments";
import { type Executor, schema } from "@ch/db";
import { and, asc, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";
import { decodeCursor, encodeCursor } from "../../lib/cursor";
import { changeClauses } from "../../lib/sorted-page";
import { formatUsdt, microToCents } from "../../lib/usdt";
import { ledger } from "../ledger";
import { OPEN_STATUSES, type TransferRow } from "./usdt-common";

const { orders, payments, invoices, usdtTransfers } = schema;

const transferKeyShape = z
  .tuple([z.iso.datetime({ offset: true }), z.string().regex(/^[0-9a-f]{64}$/)])
  .transform(([at, txHash]) => ({ at: new Date(at), txHash }));

/** Newest block first (block_timestamp desc, tx_hash desc). */
export const transferCursor = {
  encode: (row: UsdtTransferDto) => encodeCursor([row.receivedAt, row.txHash]),
  decode: (raw: string | undefined) => (raw === undefined ? undefined : decodeCursor(raw, transferKeyShape)),
};

async function candidatesFor(db: Executor, row: TransferRow): Promise<UsdtInvoiceCandidateDto[]> {
  const distance = sql<string>`abs(${invoices.usdtAmountMicro} - ${row.valueMicro.toString()}::bigint)`;
  const near = sql`${distance} <= greatest(${(row.valueMicro / 100n).toString()}::bigint, 10000000)`;
  const open = and(inArray(invoices.status, OPEN_STATUSES), isNotNull(invoices.usdtAmountMicro));
  const select = () =>
    db
      .select({ invoice: invoices, orderNumber: orders.orderNumber })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId));
  // the five nearest amounts (within 1 %, or 10 USDT), and always the claiming order's open invoices
  const nearest = await select().where(and(open, near)).orderBy(distance, asc(invoices.id)).limit(5);
  const claimed =
    row.claimedByOrderId === null
      ? []
      : await select()
          .where(and(open, eq(invoices.orderId, row.claimedByOrderId)))
          .orderBy(asc(invoices.id));
  const gap = (i: { usdtAmountMicro: bigint | null }) => {
    const d = (i.usdtAmountMicro ?? 0n) - row.valueMicro;
    return d < 0n ? -d : d;
  };
  const rows = [...nearest, ...claimed.filter((c) => !nearest.some((n) => n.invoice.id === c.invoice.id))].sort(
    (a, b) => {
      const d = gap(a.invoice) - gap(b.invoice);
      return d < 0n ? -1 : d > 0n ? 1 : a.invoice.id - b.invoice.id;
    },
  );
  const owed = new Map<number, Map<number, number>>();
  const out: UsdtInvoiceCandidateDto[] = [];
  for (const { invoice, orderNumber } of rows) {
    let perInvoice = owed.get(invoice.orderId);
    if (!perInvoice) {
      const l = await ledger(db, invoice.orderId);
      perInvoice = new Map(l.allocations.map((a) => [a.invoice.id, a.invoice.amountCents - a.paidCents]));
      owed.set(invoice.orderId, perInvoice);
    }
    out.push({
      invoiceId: invoice.id,
      orderId: invoice.orderId,
      orderNumber,
      kind: invoice.kind as UsdtInvoiceCandidateDto["kind"],
      reference: invoice.reference,
      usdtAmount: invoice.usdtAmountMicro === null ? null : formatUsdt(invoice.usdtAmountMicro),
      outstanding: (perInvoice.get(invoice.id) ?? invoice.amountCents) / 100,
      status: invoice.status,
    });
  }
  return out;
}

/** id → value of the rows `load` reads for these ids (no query for none). */
async function valuesById<V>(
  ids: number[],
  load: (ids: number[]) => Promise<{ id: number; value: V }[]>,
): Promise<Map<number, V>> {
  if (ids.length === 0) return new Map();
  return new Map((await load(ids)).map((row) => [row.id, row.value]));
}

export async function transferDtos(db: Executor, rows: TransferRow[]): Promise<UsdtTransferDto[]> {
  const paymentIds = rows.flatMap((r) => (r.paymentId !== null ? [r.paymentId] : []));
  const paymentOrders = await valuesById(paymentIds, (ids) =>
    db.select({ id: payments.id, value: payments.orderId }).from(payments).where(inArray(payments.id, ids)),
  );
  const orderIds = [
    ...new Set([
      ...paymentOrders.values(),
      ...rows.flatMap((r) => (r.claimedByOrderId !== null ? [r.claimedByOrderId] : [])),
    ]),
  ];
  const numbers = await valuesById(orderIds, (ids) =>
    db.select({ id: orders.id, value: orders.orderNumber }).from(orders).where(inArray(orders.id, ids)),
  );
  const ref = (id: number | null | undefined) =>
    id !== null && id !== undefined && numbers.has(id) ? { id, orderNumber: numbers.get(id)! } : null;
  const out: UsdtTransferDto[] = [];
  for (const r of rows) {
    out.push({
      txHash: r.txHash,
      fromAddress: r.fromAddress,
      usdtAmount: formatUsdt(r.valueMicro),
      amount: microToCents(r.valueMicro) / 100,
      receivedAt: r.blockTimestamp.toISOString(),
      status: r.status as UsdtTransferStatus,
      paymentId: r.paymentId,
      order: ref(r.paymentId !== null ? paymentOrders.get(r.paymentId) : null),
      claimedBy: ref(r.claimedByOrderId),
      note: r.note,
      candidates: r.status === "unmatched" ? await candidatesFor(db, r) : [],
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    });
  }
  return out;
}

/** A page of seen transfers (`status`, default unmatched), newest block first; `limit` rows after `cursor`. */
export async function listUsdtTransfersPage(
  db: Executor,
  filter: Pick<UsdtTransferListQuery, "status" | "updatedSince" | "createdSince" | "createdBefore">,
  page: { limit: number; cursor?: { at: Date; txHash: string } | undefined },
): Promise<UsdtTransferDto[]> {
  const rows = await db
    .select()
    .from(usdtTransfers)
    .where(
      and(
        filter.status === "all" ? undefined : eq(usdtTransfers.status, filter.status),
        ...changeClauses(usdtTransfers, filter),
        page.cursor
          ? sql`(${usdtTransfers.blockTimestamp}, ${usdtTransfers.txHash}) < (${page.cursor.at.toISOString()}::timestamptz, ${page.cursor.txHash})`
          : undefined,
      ),
    )
    .orderBy(desc(usdtTransfers.blockTimestamp), desc(usdtTransfers.txHash))
    .limit(page.limit);
  return transferDtos(db, rows);
}

/** The tRPC form of the list: the same page and an opaque cursor for the next one (null at the end). */
export async function listUsdtTransfers(
  db: Executor,
  query: UsdtTransferListQuery,
): Promise<{ items: UsdtTransferDto[]; nextCursor: string | null }> {
  const rows = await listUsdtTransfersPage(db, query, {
    limit: query.limit + 1,
    cursor: transferCursor.decode(query.cursor),
  });
  const items = rows.slice(0, query.limit);
  const last = rows.length > query.limit ? items[items.length - 1] : undefined;
  return { items, nextCursor: last ? transferCursor.encode(last) : null };
}
