// CSV exports of orders and leads for spreadsheets: RFC 4180 quoting, CRLF line ends, a UTF-8 BOM
// so Excel reads accents, and formula-injection protection (a text cell that a spreadsheet would
// evaluate, such as "=HYPERLINK(...)", is prefixed with an apostrophe). Exports are streamed: rows are
// read in batches of EXPORT_BATCH (keyset paging in the list's own order) and written as they come, so
// the process's memory stays flat however long the history is.
import type { Executor } from "@ch/db";
import { listContactsForAdmin } from "../leads";
import { listOrdersForAdmin } from "../orders";

export const EXPORT_MAX_ROWS = 1_000_000;
export const EXPORT_BATCH = 1000;
type Cell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "number" ? String(value) : value;
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvRow = (cells: Cell[]) => `${cells.map(csvCell).join(",")}\r\n`;

export function toCsv(header: string[], rows: Cell[][]): string {
  return `\uFEFF${[header, ...rows].map(csvRow).join("")}`;
}

interface Filter {
  q?: string | undefined;
  status?: string | undefined;
}

/** The CSV text in chunks: the header, then one chunk per batch of rows read after the previous batch's last. */
async function* streamCsv<T extends { id: number }>(
  header: string[],
  load: (after: number | undefined, limit: number) => Promise<T[]>,
  cells: (row: T) => Cell[],
): AsyncGenerator<string> {
  yield `\uFEFF${csvRow(header)}`;
  let after: number | undefined;
  let sent = 0;
  while (sent < EXPORT_MAX_ROWS) {
    const limit = Math.min(EXPORT_BATCH, EXPORT_MAX_ROWS - sent);
    const rows = await load(after, limit);
    if (rows.length > 0) yield rows.map((r) => csvRow(cells(r))).join("");
    sent += rows.length;
    if (rows.length < limit) return;
    after = rows[rows.length - 1]!.id;
  }
}

export function ordersCsv(db: Executor, filter: Filter): AsyncGenerator<string> {
  return streamCsv(
    [
      "Order Number",
      "Date",
      "Customer",
      "Email",
      "Product",
      "Amount (USD)",
      "Order Status",
      "Payment Status",
      "Payment Method",
    ],
    (after, limit) => listOrdersForAdmin(db, { ...filter, after, limit }),
    (o) => [
      o.orderNumber,
      o.createdAt,
      o.customerName,
      o.customerEmail,
      o.productName,
      o.totalAmount.toFixed(2),
      o.status,
      o.paymentStatus,
      o.paymentMethod,
    ],
  );
}

export function contactsCsv(db: Executor, filter: Filter): AsyncGenerator<string> {
  return streamCsv(
    [
      "Date",
      "Source",
      "First Name",
      "Last Name",
      "Email",
      "Phone",
      "Project Type",
      "Budget",
      "Preferred Time",
      "Status",
      "Message",
      "Delivery ZIP",
      "Delivery State",
    ],
    (after, limit) => listContactsForAdmin(db, { ...filter, after, limit }),
    (c) => [
      c.createdAt,
      c.source,
      c.firstName,
      c.lastName,
      c.email,
      c.phone,
      c.projectType,
      c.budget,
      c.preferredTime,
      c.status,
      c.message,
      c.deliveryZip,
      c.deliveryState,
    ],
  );
}
