// The order baseline: the rows POST /api/orders stores, written directly with postgres.js (prepared
// statements, no validation, no ORM) in one transaction: read the cart's products FOR SHARE in id order,
// insert the order, its lines, its two invoices (deposit and balance), its first timeline row, the audit
// entry, the order.created webhook event and two outbox rows (staff message + customer e-mail), answer 201.
// The API does the same work in one statement (api/src/modules/orders/order-store-sql.ts) with validation,
// pricing, tax and the money core around it: the ratio is the cost of those.
// Usage: node bench/orders-baseline.mjs <port> <DATABASE_URL>
import { randomUUID } from "node:crypto";
import Fastify from "fastify";
import postgres from "postgres";

const [port, url] = process.argv.slice(2);
const sql = postgres(url, { max: 10, onnotice: () => {} });
const app = Fastify({ logger: false });
const TAX_RATE = 0.08;
const SHIPPING_CENTS = 2500 * 100;

app.post("/api/orders", async (req, reply) => {
  const body = req.body;
  const ids = [...new Set(body.cartItems.map((item) => item.id))].sort((a, b) => a - b);
  const receipt = await sql.begin(async (tx) => {
    const products = await tx`
      select id, name, price_cents, in_stock from products where id = any(${ids}::int[]) order by id for share`;
    const byId = new Map(products.map((p) => [p.id, p]));
    if (products.length !== ids.length || products.some((p) => !p.in_stock)) return null;
    const lines = body.cartItems.map((item) => ({
      product_id: item.id,
      product_name: byId.get(item.id).name,
      unit_price_cents: byId.get(item.id).price_cents,
      quantity: item.quantity,
    }));
    const subtotal = lines.reduce((sum, l) => sum + l.unit_price_cents * l.quantity, 0);
    const tax = Math.round(subtotal * TAX_RATE);
    const total = subtotal + tax + SHIPPING_CENTS;
    const [order] = await tx`
      with n as (select nextval('orders_id_seq')::int as id)
      insert into orders (id, order_number, first_name, last_name, email, phone, address, city, state, zip_code,
        delivery_notes, payment_method, subtotal_cents, tax_cents, shipping_cents, total_cents, created_at, updated_at)
      select n.id, 'CH-2026-' || lpad(n.id::text, 6, '0'), ${body.firstName}, ${body.lastName}, ${body.email},
        ${body.phone}, ${body.address}, ${body.city}, ${body.state}, ${body.zipCode}, ${body.deliveryNotes ?? null},
        ${body.paymentMethod}, ${subtotal}, ${tax}, ${SHIPPING_CENTS}, ${total}, now(), now()
      from n returning id, order_number, created_at`;
    await tx`insert into order_lines ${tx(lines.map((l) => ({ ...l, order_id: order.id })))}`;
    const deposit = Math.round(total / 2);
    const now = order.created_at;
    await tx`insert into invoices ${tx([
      {
        order_id: order.id,
        kind: "deposit",
        reference: `${order.order_number}-D`,
        amount_cents: deposit,
        label: "Deposit",
        position: 0,
        due_on: "acceptance",
        created_at: now,
        updated_at: now,
      },
      {
        order_id: order.id,
        kind: "balance",
        reference: `${order.order_number}-B`,
        amount_cents: total - deposit,
        label: "Balance",
        position: 1,
        due_on: "delivered",
        created_at: now,
        updated_at: now,
      },
    ])}`;
    await tx`insert into order_events (order_id, kind, actor, to_stage, data, created_at)
      values (${order.id}, 'stage', 'checkout', 'awaiting_deposit', ${tx.json({ origin: "checkout" })}, ${now})`;
    await tx`insert into audit_log (admin_name, action, entity_type, entity_id, detail, created_at)
      values ('checkout', 'order.create', 'order', ${String(order.id)}, ${tx.json({ total })}, ${now})`;
    await tx`insert into webhook_events (message_id, type, data, occurred_at, resource)
      values (${`msg_${randomUUID().replaceAll("-", "")}`}, 'order.created',
        ${tx.json({ orderNumber: order.order_number, total, lines })}, ${now}, ${`order:${order.id}`})`;
    const text = `New order ${order.order_number} from ${body.firstName} ${body.lastName} <${body.email}>: ${lines
      .map((l) => `${l.product_name} x ${l.quantity}`)
      .join(", ")}; total ${(total / 100).toFixed(2)} USD`;
    await tx`insert into notifications ${tx([
      {
        channel: "telegram",
        kind: "order.staff",
        body_text: text,
        entity_type: "order",
        entity_id: order.id,
        status: "unsent",
      },
      {
        channel: "email",
        kind: "order.customer",
        recipient: body.email,
        subject: `Order ${order.order_number}`,
        body_text: text,
        body_html: `<p>${text}</p>`,
        entity_type: "order",
        entity_id: order.id,
        status: "unsent",
      },
    ])}`;
    return {
      id: order.id,
      orderNumber: order.order_number,
      lines: lines.map(({ product_id: productId, product_name: name, unit_price_cents: cents, quantity }) => {
        return { productId, name, unitPrice: cents / 100, quantity };
      }),
      subtotal: subtotal / 100,
      tax: tax / 100,
      shipping: SHIPPING_CENTS / 100,
      totalAmount: total / 100,
      createdAt: order.created_at.toISOString(),
    };
  });
  if (!receipt) return reply.code(409).send({ message: "Unknown or unavailable products", issues: [] });
  return reply.code(201).send(receipt);
});

await app.listen({ host: "127.0.0.1", port: Number(port) });
const stop = async () => {
  await app.close();
  await sql.end({ timeout: 2 });
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
