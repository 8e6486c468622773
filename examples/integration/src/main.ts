// An integrator's program against a running shop (`npm start`): lists products, creates a lead, places
// and then reads an order with an API key, and verifies a signed webhook delivery. Every call is typed
// by the client generated from /api/openapi.json (src/api.d.ts, made by `npm run generate`).
//
//   SHOP_API_KEY=chk_…            a key with the scope orders:read (back office → API keys)
//   SHOP_WEBHOOK_SECRET=whsec_…   optional: the secret of a webhook endpoint registered for lead.created
//                                 pointing at http://127.0.0.1:$RECEIVER_PORT/ (default 4999)
import { createServer } from "node:http";
import createClient from "openapi-fetch";
import type { paths } from "./api";
import { type ShopEvent, verifyDelivery } from "./webhook";

const storefrontUrl = process.env.STOREFRONT_URL ?? "http://localhost:3000";
const backofficeUrl = process.env.BACKOFFICE_URL ?? "http://localhost:3001";
const apiKey = process.env.SHOP_API_KEY;
const webhookSecret = process.env.SHOP_WEBHOOK_SECRET;
const receiverPort = Number(process.env.RECEIVER_PORT ?? 4999);

// public paths are served on the storefront origin, /api/admin/* on the back office's
const shop = createClient<paths>({ baseUrl: storefrontUrl });
const admin = createClient<paths>({
  baseUrl: backofficeUrl,
  headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
});

function fail(step: string, error: unknown): never {
  console.error(`${step} failed:`, JSON.stringify(error));
  process.exit(1);
}

/** Resolves with the first verified event of the given type that reaches the receiver. */
function receiveEvent(secret: string, type: string): { event: Promise<ShopEvent>; close: () => void } {
  let resolveEvent: (event: ShopEvent) => void = () => {};
  const event = new Promise<ShopEvent>((resolve) => {
    resolveEvent = resolve;
  });
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === "string") headers[name] = value;
      }
      try {
        const verified = verifyDelivery(secret, body, headers);
        res.writeHead(204).end();
        console.log(`webhook: ${verified.type} verified (webhook-id ${headers["webhook-id"]})`);
        if (verified.type === type) resolveEvent(verified);
      } catch (error) {
        res.writeHead(400).end();
        console.error("webhook: refused a delivery:", error instanceof Error ? error.message : error);
      }
    });
  });
  server.listen(receiverPort, "127.0.0.1");
  return { event, close: () => server.close() };
}

const receiver = webhookSecret ? receiveEvent(webhookSecret, "lead.created") : undefined;

// 1. the catalog
const products = await shop.GET("/api/products", { params: { query: { category: "20ft-homes" } } });
if (!products.data) fail("listing products", products.error);
for (const product of products.data) {
  console.log(`product ${product.id}: ${product.name}, $${product.price.toLocaleString("en-US")}`);
}
const first = products.data[0];
if (!first) fail("listing products", "the category is empty");

// 2. a lead
const lead = await shop.POST("/api/contact", {
  body: {
    firstName: "Integration",
    lastName: "Example",
    email: "integration@example.com",
    message: `Interested in ${first.name}`,
  },
});
if (!lead.data) fail("creating a lead", lead.error);
console.log(`lead ${lead.data.id} created (${lead.data.status})`);

// 3. an order, read back with the API key. The server prices it: a total that differs from its own is
// answered 409 with the server's figures, which the order is then sent again with.
const placeOrder = (totalAmount: number) =>
  shop.POST("/api/orders", {
    body: {
      firstName: "Integration",
      lastName: "Example",
      email: "integration@example.com",
      phone: "(210) 555-0100",
      address: "1 Example Street",
      city: "San Antonio",
      state: "TX",
      zipCode: "78205",
      paymentMethod: "bank-transfer",
      cartItems: [{ id: first.id, quantity: 1, price: first.price }],
      totalAmount,
    },
  });
let placed = await placeOrder(first.price);
if (placed.error && "totalAmount" in placed.error && typeof placed.error.totalAmount === "number") {
  console.log(`the server prices the order at $${placed.error.totalAmount} (tax and delivery included)`);
  placed = await placeOrder(placed.error.totalAmount);
}
if (!placed.data) fail("placing an order", placed.error);
console.log(`order ${placed.data.orderNumber} placed`);
if (apiKey) {
  const order = await admin.GET("/api/admin/orders/{id}", { params: { path: { id: placed.data.id } } });
  if (!order.data) fail("reading the order with the API key", order.error);
  console.log(
    `order ${order.data.orderNumber} read with the API key: ${order.data.stage}, total $${order.data.totalAmount}`,
  );
} else {
  console.log("SHOP_API_KEY not set: skipping the admin read");
}

// 4. the signed webhook for the lead
if (receiver) {
  const timeout = setTimeout(() => fail("waiting for lead.created", "no delivery within 30 s"), 30_000);
  const event = await receiver.event;
  clearTimeout(timeout);
  console.log(`lead.created verified with standardwebhooks: ${JSON.stringify(event.data)}`);
  receiver.close();
}
