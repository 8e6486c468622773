import { readFileSync } from "node:fs";
import { expect, expectToast, placeOrder, STOREFRONT, signIn, test } from "./helpers";

test.describe.configure({ mode: "serial" });

let order: { id: number; orderNumber: string; totalAmount: number };

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  order = await placeOrder(page, { firstName: "Maria", lastName: "Gonzalez", email: "maria@example.com" }, 0);
  await placeOrder(page, { firstName: "John", lastName: "Baker", email: "john@example.com" }, 1);
  const call = await page.request.post(`${STOREFRONT}/api/quote-requests`, {
    data: {
      kind: "call",
      firstName: "Ana",
      lastName: "Ruiz",
      email: "maria@example.com",
      phone: "2105550101",
      productId: 1,
      preferredTime: "Weekday mornings",
      message: "Please call me about delivery to Boerne.",
    },
  });
  expect(call.status()).toBe(201);
  const contact = await page.request.post(`${STOREFRONT}/api/contact`, {
    data: {
      firstName: "Sam",
      lastName: "Lee",
      email: "sam@example.com",
      projectType: "40ft-home",
      budget: "100k-250k",
      message: "We want a two-bedroom home on our ranch.\nWhen could you deliver?",
    },
  });
  expect(contact.status()).toBe(201);
  await page.close();
});

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test("cards and the Overview tab show real figures", async ({ page }) => {
  await page.goto("/admin");
  const card = (label: string) => page.locator("div", { has: page.getByText(label, { exact: true }) }).last();
  await expect(card("Total Orders")).toContainText("2");
  await expect(card("Pending Orders")).toContainText("2");
  await expect(card("New Contacts")).toContainText("2");
  await expect(card("Total Revenue")).toContainText("$");
  const recentOrders = page.locator("section", { has: page.getByRole("heading", { name: "Recent Orders" }) });
  await expect(recentOrders).toContainText("Maria Gonzalez");
  await expect(recentOrders).toContainText("John Baker");
  const recentContacts = page.locator("section", { has: page.getByRole("heading", { name: "Recent Contacts" }) });
  await expect(recentContacts).toContainText("Sam Lee");
  await expect(recentContacts).toContainText("40ft Home · $100,000 - $250,000");
});

test("Analytics tab: charts and acquisition figures from the database", async ({ page }) => {
  await page.goto("/admin");
  await page.getByRole("tab", { name: "Analytics" }).click();
  for (const title of ["Monthly Revenue", "Order Status Distribution", "Sales Trend", "Customer Acquisition"]) {
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
  }
  await expect(
    page
      .getByRole("figure", { name: /Monthly revenue bar chart/ })
      .locator("svg")
      .first(),
  ).toBeVisible();
  await expect(page.getByRole("figure", { name: /Order status doughnut: pending 2/ })).toBeVisible();
  await expect(
    page
      .getByRole("figure", { name: /Weekly orders line chart/ })
      .locator("svg")
      .first(),
  ).toBeVisible();
  const acquisition = page.locator("section", { has: page.getByRole("heading", { name: "Customer Acquisition" }) });
  // customers maria@ and john@; enquiries from maria@ (call) and sam@ → 1 of 2 converted
  await expect(acquisition.getByText("Total Customers").locator("..")).toContainText("2");
  await expect(acquisition.getByText("Conversion Rate").locator("..")).toContainText("50%");
  await expect(acquisition).toContainText("Revenue divided by the number of orders");
});

test("Orders tab: status and payment dropdowns with toasts, badge colours, search and filter", async ({ page }) => {
  await page.goto("/admin?tab=orders");
  const table = page.getByRole("table");
  for (const col of ["Customer", "Product", "Amount", "Order Status", "Payment", "Date", "Actions"]) {
    await expect(table.getByRole("columnheader", { name: col })).toBeVisible();
  }
  const status = page.getByLabel(`Order status for ${order.orderNumber}`);
  await expect(status).toHaveAttribute("data-colour", "yellow");
  await expect(status.locator("option")).toHaveText([
    "pending",
    "confirmed",
    "in production",
    "shipped",
    "delivered",
    "cancelled",
  ]);

  const colours: [string, string][] = [
    ["confirmed", "blue"],
    ["in_production", "purple"],
    ["shipped", "green"],
    ["delivered", "emerald"],
    ["cancelled", "red"],
  ];
  for (const [value, colour] of colours) {
    await status.selectOption(value);
    await expectToast(page, "Order Updated", "Order status updated successfully.");
    await expect(status).toHaveValue(value);
    await expect(status).toHaveAttribute("data-colour", colour);
  }
  // the cards refetch after a change: one order is still pending
  const pendingCard = page.locator("div", { has: page.getByText("Pending Orders", { exact: true }) }).last();
  await expect(pendingCard).toContainText("1");
  await status.selectOption("in_production");
  await expect(status).toHaveValue("in_production");
  await expect(status).toBeEnabled();
  await expectToast(page, "Order Updated");

  const payment = page.getByLabel(`Payment status for ${order.orderNumber}`);
  await expect(payment.locator("option")).toHaveText(["pending", "paid", "failed"]);
  await payment.selectOption("paid");
  await expectToast(page, "Payment Updated", "Payment status updated successfully.");
  await expect(payment).toHaveAttribute("data-colour", "green");
  await payment.selectOption("failed");
  await expect(payment).toHaveAttribute("data-colour", "gray");
  await payment.selectOption("paid");
  await expect(payment).toHaveAttribute("data-colour", "green");
  await expect(payment).toBeEnabled();

  await page.getByLabel("Search orders").fill("john@");
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("table")).toContainText("John Baker");
  await page.getByLabel("Search orders").fill("");
  await page.getByLabel("Filter by status").selectOption("in_production");
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("table")).toContainText("Maria Gonzalez");
});

test("View Details: customer, address, lines, totals, timeline with who and when, notes", async ({ page }) => {
  await page.goto("/admin?tab=orders");
  await page.getByRole("button", { name: `View Details of order ${order.orderNumber}` }).click();
  const dialog = page.getByRole("dialog", { name: `Order ${order.orderNumber}` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("maria@example.com");
  await expect(dialog).toContainText("120 Main St");
  await expect(dialog).toContainText("San Antonio, TX 78205");
  await expect(dialog).toContainText("Gate code 1234");
  await expect(dialog).toContainText("USDT");
  await expect(dialog.getByRole("row")).toHaveCount(2);
  await expect(dialog).toContainText("$2,500.00");
  await expect(dialog).toContainText(
    new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(order.totalAmount),
  );
  await expect(dialog).toContainText("Order status: pending → confirmed · owner");
  await expect(dialog).toContainText("Payment status: pending → paid · owner");
  await dialog.getByLabel("Add an internal note").fill("Customer asked for a morning delivery.");
  await dialog.getByRole("button", { name: "Add Note" }).click();
  await expectToast(page, "Note Added");
  await expect(dialog).toContainText("Customer asked for a morning delivery.");
  await expect(dialog.getByText(/^owner · /)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("Contacts tab: one inbox with sources, status dropdown, View Message", async ({ page }) => {
  await page.goto("/admin?tab=contacts");
  const table = page.getByRole("table");
  for (const col of ["Name", "Email", "Source", "Project Type", "Budget", "Status", "Date", "Actions"]) {
    await expect(table.getByRole("columnheader", { name: col })).toBeVisible();
  }
  const ana = table.getByRole("row", { name: /Ana Ruiz/ });
  await expect(ana).toContainText("Call request");
  await expect(ana).toContainText("N/A");
  await expect(table.getByRole("row", { name: /Sam Lee/ })).toContainText("Contact form");

  const status = page.getByLabel("Status for Sam Lee");
  await expect(status).toHaveAttribute("data-colour", "blue");
  for (const [value, colour] of [
    ["contacted", "orange"],
    ["qualified", "purple"],
    ["closed", "gray"],
  ] as const) {
    await status.selectOption(value);
    await expectToast(page, "Contact Updated", "Contact status updated successfully.");
    await expect(status).toHaveAttribute("data-colour", colour);
  }

  await page.getByRole("button", { name: "View Message from Ana Ruiz" }).click();
  const dialog = page.getByRole("dialog", { name: "Message from Ana Ruiz" });
  await expect(dialog).toContainText("Please call me about delivery to Boerne.");
  await expect(dialog).toContainText("Weekday mornings");
  await expect(dialog).toContainText("Call request");
  await expect(dialog.getByText("Product", { exact: true }).locator("..")).not.toContainText("—");
  await dialog.getByLabel("Add an internal note").fill("Called back, wants a site visit.");
  await dialog.getByRole("button", { name: "Add Note" }).click();
  await expect(dialog).toContainText("Called back, wants a site visit.");
  await dialog.getByRole("button", { name: "Close dialog" }).click();

  await page.getByRole("button", { name: "View Message from Sam Lee" }).click();
  const sam = page.getByRole("dialog", { name: "Message from Sam Lee" });
  await expect(sam).toContainText("We want a two-bedroom home on our ranch.");
  await expect(sam).toContainText("When could you deliver?");
  await expect(sam).toContainText("Contact status: new → contacted · owner");
});

test("CSV export of orders and contacts", async ({ page }) => {
  await page.goto("/admin?tab=orders");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path())!, "utf8");
  expect(csv).toContain("Order Number,Date,Customer,Email");
  expect(csv).toContain(order.orderNumber);
  expect(csv).toContain("John Baker");

  await page.getByRole("tab", { name: "Contacts" }).click();
  await page.getByLabel("Filter by status").selectOption("new");
  const download2 = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const contacts = readFileSync((await (await download2).path())!, "utf8");
  expect(contacts).toContain("call-request");
  expect(contacts).not.toContain("sam@example.com"); // Sam's lead is closed now
});

test("Products tab shows the counts and the actions", async ({ page }) => {
  await page.goto("/admin?tab=products");
  await expect(page.getByText("Total Products", { exact: true }).locator("..")).toContainText("13");
  await expect(page.getByText("ROI Calculations", { exact: true }).locator("..")).toContainText("0");
  await expect(page.getByRole("button", { name: "Add Product" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Manage Gallery" })).toHaveAttribute("href", "/admin/gallery");
});

test("Activity lists every change with who and when", async ({ page }) => {
  await page.goto("/admin/activity");
  const table = page.getByRole("table");
  await expect(table).toContainText("Changed order status");
  await expect(table).toContainText("Changed payment status");
  await expect(table).toContainText("Changed contact status");
  await expect(table).toContainText("Added a note to an order");
  await expect(table.getByRole("row", { name: /Changed order status/ }).first()).toContainText("owner");
});

test("the cards and lists reload every 30 seconds", async ({ page }) => {
  await page.clock.install();
  await page.goto("/admin?tab=orders");
  const totalCard = page.locator("div", { has: page.getByText("Total Orders", { exact: true }) }).last();
  await expect(totalCard).toContainText("2");
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(3);
  await placeOrder(page, { firstName: "Late", lastName: "Arrival", email: "late@example.com" }, 2);
  await page.clock.runFor(29_000);
  await expect(totalCard).toContainText("2");
  await page.clock.runFor(2_000);
  await expect(totalCard).toContainText("3");
  await expect(page.getByRole("table")).toContainText("Late Arrival");
});
