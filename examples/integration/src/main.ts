// An integrator's program against a running shop (`npm start`): lists products, creates a lead, places
// and then reads an order with an API key, and verifies a signed webhook delivery. Written against the
// published SDK (container-homes-sdk) as an outside project would: every call typed by its client, each
// sent to its own origin, the webhook checked by its verifier.
//
//   SHOP_API_KEY=chk_…            a key with the scope orders:read (back office → API keys)
//   SHOP_WEBHOOK_SECRET=whsec_…   optional: the secret of a webhook endpoint registered for lead.created
//                                 pointing at http://127.0.0.1:$RECEIVER_PORT/ (default 4999)
import { createServer } from "node:http";
import { createShopClient, formatMoney, verifyWebhook, type WebhookEvent } from "container-homes-sdk";

const storefrontUrl = process.env.STOREFRONT_URL ?? "http://localhost:3000";
const backofficeUrl = process.env.BACKOFFICE_URL ?? "http://localhost:3001";
const apiKey = process.env.SHOP_API_KEY;
const webhookSecret = process.env.SHOP_WEBHOOK_SECRET;
const receiverPort = Number(process.env.RECEIVER_PORT ?? 4999);

// public paths go to the storefront origin, /api/admin/* to the back office's, with the key
const shop = createShopClient({ storefrontUrl, backofficeUrl, ...(apiKey ? { apiKey } : {}) });

function fail(step: string, error: unknown): never {
  console.error(`${step} failed:`, JSON.stringify(error));
  process.exit(1);
}

/** Resolves with the first verified event of the given type that reaches the receiver. */
function receiveEvent(secret: string, type: string): { event: Promise<WebhookEvent>; close: () => void } {
  let resolveEvent: (event: WebhookEvent) => void = () => {};
  const event = new Promise<WebhookEvent>((resolve) => {
    resolveEvent = resolve;
  });
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => {
      try {
        const verified = verifyWebhook(secret, body, req.headers);
        res.writeHead(204).end();
        console.log(`webhook: ${verified.type} verified (webhook-id ${String(req.headers["webhook-id"])})`);
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
  const order = await shop.GET("/api/admin/orders/{id}", { params: { path: { id: placed.data.id } } });
  if (!order.data) fail("reading the order with the API key", order.error);
  console.log(
    `order ${order.data.orderNumber} read with the API key: ${order.data.stage}, total ${formatMoney(order.data.totalAmount)}`,
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
