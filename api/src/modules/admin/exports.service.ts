// CSV exports of orders and leads for spreadsheets: RFC 4180 quoting, CRLF line ends, a UTF-8 BOM
// so Excel reads accents, and formula-injection protection (a text cell that a spreadsheet would
// evaluate, such as "=HYPERLINK(...)", is prefixed with an apostrophe).
import type { Executor } from "@ch/db";
import { listContactsForAdmin } from "../leads/leads.service";
import { listOrdersForAdmin } from "../orders/orders.service";

export const EXPORT_MAX_ROWS = 100_000;
type Cell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "number" ? String(value) : value;
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], rows: Cell[][]): string {
  return `\uFEFF${[header, ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

interface Filter {
  q?: string | undefined;
  status?: string | undefined;
}

export async function ordersCsv(db: Executor, filter: Filter): Promise<string> {
  const orders = await listOrdersForAdmin(db, { ...filter, limit: EXPORT_MAX_ROWS });
  return toCsv(
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
    orders.map((o) => [
      o.orderNumber,
      o.createdAt,
      o.customerName,
      o.customerEmail,
      o.productName,
      o.totalAmount.toFixed(2),
      o.status,
      o.paymentStatus,
      o.paymentMethod,
    ]),
  );
}

export async function contactsCsv(db: Executor, filter: Filter): Promise<string> {
  const contacts = await listContactsForAdmin(db, { ...filter, limit: EXPORT_MAX_ROWS });
  return toCsv(
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
    ],
    contacts.map((c) => [
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
    ]),
  );
}
