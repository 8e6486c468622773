// The order core's store statement (order-core.ts): ONE statement that re-checks the catalog lines, stores the
// order, its lines, invoices, first timeline row, audit entry, webhook event and outbox rows and, with an
// Idempotency-Key, the stored answer. Its text depends only on the number of outbox rows and the key, so
// each shape is built once.
import { webhookEventCte } from "../webhooks";

/** Columns of the outbox rows, in the order of their parameters. */
const OUTBOX_COLUMNS = [
  ["channel", "text"],
  ["kind", "text"],
  ["recipient", "text"],
  ["subject", "text"],
  ["body_text", "text"],
  ["body_html", "text"],
  ["entity_type", "text"],
  ["entity_id", "int"],
  ["payload", "jsonb"],
  ["status", "text"],
] as const;

/** The statement's fixed parameters, by name: their position is their index + 1. */
export const FIXED = [
  "checkIds",
  "checkNames",
  "checkPrices",
  "id",
  "orderNumber",
  "firstName",
  "lastName",
  "email",
  "phone",
  "address",
  "city",
  "state",
  "zipCode",
  "deliveryNotes",
  "paymentMethod",
  "subtotalCents",
  "discountCents",
  "taxCents",
  "shippingCents",
  "totalCents",
  "deliveryLabel",
  "taxLines",
  "status",
  "paymentStatus",
  "clientOrderDate",
  "now",
  "depositPercent",
  "proposalId",
  "accessToken",
  "lineProductIds",
  "lineNames",
  "linePrices",
  "lineQuantities",
  "lineTaxClasses",
  "invoiceKinds",
  "invoiceReferences",
  "invoiceAmounts",
  "invoiceUsdt",
  "invoiceValidUntil",
  "invoiceLabels",
  "invoicePositions",
  "invoiceDueOn",
  "invoiceDueAt",
  "actor",
  "origin",
  "auditDetail",
  "webhookMessage",
  "webhookData",
] as const;
const $ = (name: (typeof FIXED)[number]) => `$${FIXED.indexOf(name) + 1}`;

/** The placeholders after the fixed ones: the idempotency record's, then each outbox row's. */
function extraPlaceholders(messages: number, withKey: boolean) {
  let next = FIXED.length + 1;
  const key = withKey ? { key: `$${next++}`, status: `$${next++}`, body: `$${next++}` } : null;
  const rows: string[] = [];
  for (let m = 0; m < messages; m++) {
    const cells = OUTBOX_COLUMNS.map(([, type]) => `$${next++}::${type}`);
    rows.push(`(${cells.join(", ")}, ${m})`);
  }
  return { key, rows };
}

/** The statement's optional CTEs: the outbox rows (when there are any) and the idempotency record. */
function optionalCtes(messages: number, { key, rows }: ReturnType<typeof extraPlaceholders>): string {
  const columns = OUTBOX_COLUMNS.map(([name]) => name).join(", ");
  return `${
    messages > 0
      ? `,
  nt as (
    insert into notifications (${columns})
    select ${OUTBOX_COLUMNS.map(([name]) => `x.${name}`).join(", ")}
    from o, (values ${rows.join(",\n      ")}) as x(${columns}, position)
    order by x.position
  )`
      : ""
  }${
    key
      ? `,
  k as (
    update idempotency_keys set state = 'done', response_status = ${key.status}::int, response_body = ${key.body}::text
    where key = ${key.key}::text and exists (select 1 from o)
  )`
      : ""
  }`;
}

function storeOrderSql(messages: number, withKey: boolean): string {
  const placeholders = extraPlaceholders(messages, withKey);
  return `
  with locked as materialized (
    select p.id from products p
    join unnest(${$("checkIds")}::int[], ${$("checkNames")}::text[], ${$("checkPrices")}::bigint[]) as v(id, name, price_cents)
      on v.id = p.id
    where p.in_stock and p.published and p.name = v.name and p.price_cents = v.price_cents
    order by p.id
    for share of p
  ),
  o as (
    insert into orders (id, order_number, first_name, last_name, email, phone, address, city, state, zip_code,
      delivery_notes, payment_method, subtotal_cents, discount_cents, tax_cents, shipping_cents, total_cents,
      delivery_label, tax_lines, status, payment_status, stage, stage_changed_at, client_order_date, created_at,
      updated_at, deposit_percent, proposal_id, access_token)
    select ${$("id")}::int, ${$("orderNumber")}::text, ${$("firstName")}::text, ${$("lastName")}::text,
      ${$("email")}::text, ${$("phone")}::text, ${$("address")}::text, ${$("city")}::text, ${$("state")}::text,
      ${$("zipCode")}::text, ${$("deliveryNotes")}::text, ${$("paymentMethod")}::text,
      ${$("subtotalCents")}::bigint, ${$("discountCents")}::bigint, ${$("taxCents")}::bigint,
      ${$("shippingCents")}::bigint, ${$("totalCents")}::bigint, ${$("deliveryLabel")}::text,
      ${$("taxLines")}::jsonb, ${$("status")}::text, ${$("paymentStatus")}::text, 'awaiting_deposit',
      ${$("now")}::timestamptz, ${$("clientOrderDate")}::timestamptz, ${$("now")}::timestamptz,
      ${$("now")}::timestamptz, ${$("depositPercent")}::int, ${$("proposalId")}::int, ${$("accessToken")}::text
    where (select count(*) from locked) = cardinality(${$("checkIds")}::int[])
    returning id
  ),
  l as (
    insert into order_lines (order_id, product_id, product_name, unit_price_cents, quantity, tax_class)
    select o.id, x.product_id, x.product_name, x.unit_price_cents, x.quantity, x.tax_class
    from o, unnest(${$("lineProductIds")}::int[], ${$("lineNames")}::text[], ${$("linePrices")}::bigint[],
      ${$("lineQuantities")}::int[], ${$("lineTaxClasses")}::text[])
      with ordinality as x(product_id, product_name, unit_price_cents, quantity, tax_class, position)
    order by x.position
  ),
  inv as (
    insert into invoices (order_id, kind, reference, amount_cents, usdt_amount_micro, valid_until, label, position,
      due_on, due_at, created_at, updated_at)
    select o.id, x.kind, x.reference, x.amount_cents, x.usdt::bigint, x.valid_until::timestamptz, x.label, x.position,
      x.due_on, x.due_at::timestamptz, ${$("now")}::timestamptz, ${$("now")}::timestamptz
    -- (text[], not timestamptz[]: postgres.js has no array serializer for timestamptz)
    from o, unnest(${$("invoiceKinds")}::text[], ${$("invoiceReferences")}::text[], ${$("invoiceAmounts")}::bigint[],
      ${$("invoiceUsdt")}::text[], ${$("invoiceValidUntil")}::text[], ${$("invoiceLabels")}::text[],
      ${$("invoicePositions")}::int[], ${$("invoiceDueOn")}::text[], ${$("invoiceDueAt")}::text[])
      as x(kind, reference, amount_cents, usdt, valid_until, label, position, due_on, due_at)
    -- a USDT amount another invoice holds fails the whole statement (nothing stored); order-core retries
    returning id
  ),
  ev as (
    insert into order_events (order_id, kind, actor, from_stage, to_stage, data, created_at)
    select o.id, 'stage', ${$("actor")}::text, null, 'awaiting_deposit', ${$("origin")}::jsonb, ${$("now")}::timestamptz
    from o
  ),
  au as (
    insert into audit_log (admin_id, admin_name, action, entity_type, entity_id, detail, created_at)
    select null, ${$("actor")}::text, 'order.create', 'order', o.id::text, ${$("auditDetail")}::jsonb, ${$("now")}::timestamptz
    from o
  ),
  wh as (
    ${webhookEventCte("order.created", { message: $("webhookMessage"), data: $("webhookData"), at: $("now"), from: "o" })}
  )${optionalCtes(messages, placeholders)}
  select (select count(*)::int from o) as stored, (select count(*)::int from inv) as invoices`;
}

const storeStatements = new Map<string, string>();
export function storeStatement(messages: number, withKey: boolean): string {
  const id = `${messages}:${withKey}`;
  let text = storeStatements.get(id);
  if (text === undefined) {
    text = storeOrderSql(messages, withKey);
    storeStatements.set(id, text);
  }
  return text;
}
