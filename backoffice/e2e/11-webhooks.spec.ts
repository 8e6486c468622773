// Webhooks end to end: the owner registers an endpoint in the back office pointing at a receiver this
// test starts on 127.0.0.1, copies the secret shown once, a customer orders on the storefront, and the
// receiver gets order.created signed per Standard Webhooks (verified with the `standardwebhooks`
// package). The delivery shows in the back office with its answer, and "Resend" sends the same message.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { CART_KEY, cleveland, fillCheckout } from "../../storefront/e2e/fixtures";
import { expect, expectToast, STOREFRONT, signIn, test } from "./helpers";

interface Received {
  headers: Record<string, string>;
  body: string;
}

let server: Server;
let receiverUrl = "";
const received: Received[] = [];

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        body: Buffer.concat(chunks).toString("utf8"),
      });
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("thanks");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/orders`;
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

test("the owner adds a webhook; an order on the storefront reaches the receiver signed", async ({ page, context }) => {
  await signIn(page);
  await page.goto("/admin/webhooks");
  await expect(page.getByRole("heading", { name: "Webhooks" })).toBeVisible();
  await page.getByRole("button", { name: "Add endpoint" }).click();
  const dialog = page.getByRole("dialog", { name: "Add webhook endpoint" });
  // nothing chosen: the server names the field
  await dialog.getByLabel("URL").fill(receiverUrl);
  await dialog.getByRole("button", { name: "Add endpoint" }).click();
  await expect(dialog.getByText("pick at least one event")).toBeVisible();
  await expectToast(page, "Endpoint not added");
  await dialog.getByLabel("Description").fill("Accounting");
  await dialog.getByRole("checkbox", { name: /order\.created/ }).check();
  await dialog.getByRole("button", { name: "Add endpoint" }).click();

  const secretDialog = page.getByRole("dialog", { name: "Signing secret" });
  const secret = ((await secretDialog.getByLabel("Signing secret").textContent()) ?? "").trim();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
  await secretDialog.getByRole("button", { name: "I have stored it" }).click();
  const endpoints = page.getByRole("table", { name: "Webhook endpoints" });
  await expect(endpoints).toContainText(receiverUrl);
  await expect(endpoints).toContainText("order.created");
  await expect(endpoints).toContainText("Enabled");
  // the secret is never shown again
  await expect(page.getByText(secret)).toHaveCount(0);

  // a customer orders on the storefront
  const shop = await context.newPage();
  await shop.goto(`${STOREFRONT}/`);
  await shop.evaluate(([key, value]) => localStorage.setItem(key!, value!), [CART_KEY, JSON.stringify([cleveland])]);
  await shop.goto(`${STOREFRONT}/checkout`);
  await fillCheckout(shop, {
    firstName: "Walt",
    lastName: "Hooker",
    email: "walt.hooks@example.com",
    phone: "210-555-0188",
    address: "5 Webhook Ln",
    city: "Austin",
    zipCode: "78701",
  });
  // the total with delivery and tax is shown first (a click before it asks the customer to review it)
  await expect(shop.getByText(/^TX sales tax \(/).first()).toBeVisible();
  await shop.getByRole("button", { name: "Place Order" }).click();
  await expect(shop).toHaveURL(/\/order-confirmation\?order=/);
  const orderNumber = ((await shop.getByTestId("order-number").textContent()) ?? "").trim();
  await shop.close();

  await expect.poll(() => received.length, { message: "the receiver gets the order" }).toBe(1);
  const [first] = received;
  const event = new Webhook(secret).verify(first!.body, first!.headers) as {
    type: string;
    timestamp: string;
    data: { orderNumber: string; customer: { email: string }; lines: { name: string }[] };
  };
  expect(event.type).toBe("order.created");
  expect(event.data.orderNumber).toBe(orderNumber);
  expect(event.data.customer.email).toBe("walt.hooks@example.com");
  expect(event.data.lines.map((l) => l.name)).toEqual(["The Cleveland"]);
  expect(first!.headers["webhook-id"]).toMatch(/^msg_/);

  // the delivery and its answer in the back office; Resend sends the same message again
  await page.getByRole("button", { name: "Deliveries" }).click();
  const deliveries = page.getByRole("table", { name: "Webhook deliveries" });
  await expect(deliveries).toContainText("order.created");
  await expect(deliveries).toContainText("succeeded");
  await expect(deliveries).toContainText("200");
  await expect(deliveries).toContainText("thanks");
  await page.screenshot({ path: "test-results/webhooks-screen.png", fullPage: true });
  await deliveries.getByRole("button", { name: "Resend" }).click();
  await expectToast(page, "Delivery queued again");
  await expect.poll(() => received.length, { message: "the resend arrives" }).toBe(2);
  expect(received[1]!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
  expect((new Webhook(secret).verify(received[1]!.body, received[1]!.headers) as { type: string }).type).toBe(
    "order.created",
  );
  await expect(deliveries.getByText("resend of #", { exact: false })).toBeVisible();

  // "Send test event": a signed webhook.test to this endpoint, listed with its deliveries
  await endpoints.getByRole("button", { name: "Send test event" }).click();
  await expectToast(page, "Test event queued");
  await expect.poll(() => received.length, { message: "the test event arrives" }).toBe(3);
  expect((new Webhook(secret).verify(received[2]!.body, received[2]!.headers) as { type: string }).type).toBe(
    "webhook.test",
  );
  await expect(deliveries).toContainText("webhook.test");
});
