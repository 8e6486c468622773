import { readFileSync } from "node:fs";
import { expect, expectToast, placeOrder, sendLead, signIn, test } from "./helpers";

test.describe.configure({ mode: "serial" });

let order: { id: number; orderNumber: string; totalAmount: number };
let second: { id: number; orderNumber: string; totalAmount: number };
const usd = (dollars: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(Math.round(dollars * 100) / 100);
/** Both orders' totals: revenue booked (neither is cancelled), in cents. */
const bookedCents = () => Math.round(order.totalAmount * 100) + Math.round(second.totalAmount * 100);

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  order = await placeOrder(page, { firstName: "Maria", lastName: "Gonzalez", email: "maria@example.com" }, 0);
  second = await placeOrder(page, { firstName: "John", lastName: "Baker", email: "john@example.com" }, 1);
  await sendLead(page, "/api/quote-requests", {
    kind: "call",
    firstName: "Ana",
    lastName: "Ruiz",
    email: "maria@example.com",
    phone: "2105550101",
    productId: 1,
    preferredTime: "Weekday mornings",
    message: "Please call me about delivery to Boerne.",
  });
  await sendLead(page, "/api/contact", {
    firstName: "Sam",
    lastName: "Lee",
    email: "sam@example.com",
    projectType: "40ft-home",
    budget: "100k-250k",
    message: "We want a two-bedroom home on our ranch.\nWhen could you deliver?",
  });
  await page.close();
});

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test("cards and the Overview tab show real figures", async ({ page }) => {
  await page.goto("/admin");
  const card = (label: string) => page.locator("div", { has: page.getByText(label, { exact: true }) }).last();
  // each card's figure is its second line, matched whole: "2" must not pass for 12 or 2,000
  const figure = (label: string, value: string) => expect(card(label).locator("p").nth(1)).toHaveText(value);
  await figure("Total Orders", "2");
  await expect(card("Total Orders")).toContainText("2 booked · 0 cancelled");
  await figure("Pending Orders", "2");
  await expect(card("Pending Orders")).toContainText("At the stage awaiting deposit");
  await figure("New Contacts", "2");
  // two revenues, each named: nothing is paid yet, so nothing is received; both orders are booked
  await expect(card("Revenue Received")).toContainText("$0.00");
  await expect(card("Revenue Received")).toContainText("Cash: payments recorded, less refunds");
  await expect(card("Revenue Booked")).toContainText(usd(bookedCents() / 100));
  await expect(card("Revenue Booked")).toContainText("Totals of orders not cancelled, paid or not");
  await expect(page.getByText("Total Revenue", { exact: true })).toHaveCount(0);
  const recentOrders = page.locator("section", { has: page.getByRole("heading", { name: "Recent Orders" }) });
  await expect(recentOrders).toContainText("Maria Gonzalez");
  await expect(recentOrders).toContainText("John Baker");
  // an order's stage, by its own name
  await expect(recentOrders.getByText("Awaiting deposit", { exact: true })).toHaveCount(2);
  const recentContacts = page.locator("section", { has: page.getByRole("heading", { name: "Recent Contacts" }) });
  await expect(recentContacts).toContainText("Sam Lee");
  await expect(recentContacts).toContainText("40ft Home · $100,000 - $250,000");
});

test("Analytics tab: charts and acquisition figures from the database", async ({ page }) => {
  await page.goto("/admin");
  await page.getByRole("tab", { name: "Analytics" }).click();
  for (const title of ["Monthly Revenue", "Orders by Stage", "Sales Trend", "Customer Acquisition"]) {
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
  }
  // both series: booked (the two orders, by order date) and received (nothing paid yet)
  const monthly = page.getByRole("figure", { name: /Monthly revenue bar chart/ });
  await expect(monthly).toHaveAccessibleName(
    `Monthly revenue bar chart, last 12 months: booked ${usd(bookedCents() / 100)}, received $0.00`,
  );
  await expect(monthly.locator("svg").first()).toBeVisible();
  await expect(monthly).toContainText("Booked");
  await expect(monthly).toContainText("Received");
  await expect(page.getByRole("figure", { name: "Orders by stage doughnut: Awaiting deposit 2" })).toBeVisible();
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
  // average order value on booked orders: both, neither cancelled
  await expect(acquisition.getByText("Average Order Value").locator("..")).toContainText(
    usd(Math.round(bookedCents() / 2) / 100),
  );
  await expect(acquisition).toContainText(
    `Revenue booked (${usd(bookedCents() / 100)}) divided by the number of orders that are not cancelled (2)`,
  );
});

test("Orders tab: stage moves from the stages table; the payment status is the ledger's, never a control", async ({
  page,
}) => {
  await page.goto("/admin?tab=orders");
  const table = page.getByRole("table");
  for (const col of ["Customer", "Product", "Amount", "Stage", "Payment", "Date", "Actions"]) {
    await expect(table.getByRole("columnheader", { name: col })).toBeVisible();
  }
  const row = page.getByTestId(`order-row-${order.orderNumber}`);
  // unpaid: no move staff may make (the deposit's payment moves it), and nothing marks it paid
  await expect(row).toContainText("Awaiting deposit");
  await expect(page.getByLabel(`Stage of ${order.orderNumber}`)).toHaveCount(0);
  await expect(page.getByLabel(`Payment status for ${order.orderNumber}`)).toHaveCount(0);
  await expect(row.getByTestId("payment-status")).toHaveText("pending");
  // the spec's PUT path cannot do it either
  const refused = await page.request.put(`/api/admin/orders/${order.id}/payment`, {
    data: { paymentStatus: "paid" },
  });
  expect(refused.status()).toBe(409);

  // the deposit recorded: the ledger moves it to deposit received; staff move it on from there
  const details = await (await page.request.get(`/api/admin/orders/${order.id}`)).json();
  const deposit = details.invoices.find((i: { kind: string }) => i.kind === "deposit");
  const paid = await page.request.post(`/api/admin/orders/${order.id}/payments`, {
    data: { amount: deposit.amount, receivedAt: new Date().toISOString().slice(0, 10), reference: "wire 77" },
  });
  expect(paid.status()).toBe(201);
  await page.reload();
  const stage = page.getByLabel(`Stage of ${order.orderNumber}`);
  await expect(stage).toHaveValue("deposit_received");
  await expect(stage.locator("option")).toHaveText(["Deposit received", "→ In production"]);
  await stage.selectOption("in_production");
  await expectToast(page, "Order Updated", "Order stage updated successfully.");
  await expect(stage).toHaveValue("in_production");
  await expect(row.getByTestId("payment-status")).toHaveText("pending");

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
  await expect(dialog).toContainText("$1,500.00");
  await expect(dialog).toContainText(
    new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(order.totalAmount),
  );
  await expect(dialog).toContainText("Order placed · customer");
  await expect(dialog).toContainText(
    `Payment recorded: ${new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(
      Math.round(order.totalAmount * 50) / 100,
    )} (bank transfer) · owner`,
  );
  await expect(dialog).toContainText("Stage: awaiting deposit → deposit received · system");
  await expect(dialog).toContainText("Stage: deposit received → in production · owner");
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

test("Orders table: sorted by the server from its headers, columns hidden from the Columns menu", async ({
  page,
}, testInfo) => {
  await page.goto("/admin?tab=orders");
  const table = page.getByRole("table", { name: "Orders" });
  const rowIds = () =>
    table.locator('tbody tr[data-testid^="order-row-"]').evaluateAll((rows) => rows.map((r) => r.dataset.testid));
  const ids = (...orders: { orderNumber: string }[]) => orders.map((o) => `order-row-${o.orderNumber}`);
  // newest first by default: John Baker's order was placed second
  await expect(table.getByRole("columnheader", { name: "Date" })).toHaveAttribute("aria-sort", "descending");
  await expect.poll(rowIds).toEqual(ids(second, order));
  await expect(page.getByText("2 rows shown")).toBeVisible();

  // Customer: A to Z, then Z to A (a sort button inside the header; aria-sort follows)
  const customer = table.getByRole("columnheader", { name: "Customer" });
  await customer.getByRole("button", { name: "Customer" }).click();
  await expect(customer).toHaveAttribute("aria-sort", "ascending");
  await expect(table.getByRole("columnheader", { name: "Date" })).not.toHaveAttribute("aria-sort", /.+/);
  await expect.poll(rowIds).toEqual(ids(second, order)); // john baker, maria gonzalez
  await customer.getByRole("button", { name: "Customer" }).focus();
  await page.keyboard.press("Enter");
  await expect(customer).toHaveAttribute("aria-sort", "descending");
  await expect.poll(rowIds).toEqual(ids(order, second));

  // Amount: largest first on the first click, as the server sorts it
  const amount = table.getByRole("columnheader", { name: "Amount" });
  await amount.getByRole("button", { name: "Amount" }).click();
  await expect(amount).toHaveAttribute("aria-sort", "descending");
  const byTotal = [order, second].sort((a, b) => b.totalAmount - a.totalAmount || b.id - a.id);
  await expect.poll(rowIds).toEqual(ids(...byTotal));
  await amount.getByRole("button", { name: "Amount" }).click();
  await expect(amount).toHaveAttribute("aria-sort", "ascending");
  await expect.poll(rowIds).toEqual(ids(...byTotal.reverse()));

  // Columns: a button opening labelled checkboxes; Product hidden, then shown again
  const columnsButton = page.getByRole("button", { name: "Columns", exact: true });
  await expect(columnsButton).toHaveAccessibleDescription("Orders");
  await expect(columnsButton).toHaveAttribute("aria-expanded", "false");
  await columnsButton.click();
  await expect(columnsButton).toHaveAttribute("aria-expanded", "true");
  const product = page.getByRole("checkbox", { name: "Product" });
  await expect(product).toBeChecked();
  await product.uncheck();
  await expect(table.getByRole("columnheader", { name: "Product" })).toHaveCount(0);
  await expect(table.getByRole("columnheader", { name: "Amount" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(columnsButton).toHaveAttribute("aria-expanded", "false");
  await expect(columnsButton).toBeFocused();

  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(table).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`orders-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await columnsButton.click();
  await product.check();
  await expect(table.getByRole("columnheader", { name: "Product" })).toBeVisible();
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

test("Activity lists every change, money and stage moves included, with who and when", async ({ page }) => {
  const details = await (await page.request.get(`/api/admin/orders/${order.id}`)).json();
  // the admin API's money form: whole cents and the currency
  const deposit = details.invoices.find((i: { kind: string }) => i.kind === "deposit").amount.amount / 100;
  await page.goto("/admin/activity");
  const table = page.getByRole("table");
  const n = order.orderNumber;
  await expect(table).toContainText(`Order ${n} placed: ${usd(order.totalAmount)} (USDT)`);
  await expect(table).toContainText(`Payment ${usd(deposit)} (bank transfer) on ${n}`);
  await expect(table).toContainText(`Order ${n}: Awaiting deposit → Deposit received`);
  await expect(table).toContainText(`Order ${n}: Deposit received → In production`);
  await expect(table).toContainText("Changed contact status");
  await expect(table).toContainText("Added a note to an order");
  // who: the customer placed it, staff recorded the payment and moved it, the ledger moved it on the deposit
  await expect(table.getByRole("row", { name: new RegExp(`Order ${n} placed`) })).toContainText("Customer");
  await expect(table.getByRole("row", { name: new RegExp(`Payment .* on ${n}`) })).toContainText("owner");
  await expect(table.getByRole("row", { name: /Awaiting deposit → Deposit received/ })).toContainText(
    "System (payments)",
  );
  await expect(table.getByRole("row", { name: /Deposit received → In production/ })).toContainText("owner");
  // by kind
  await page.getByLabel("Show").selectOption("payments");
  await expect(table).toContainText(`Payment ${usd(deposit)} (bank transfer) on ${n}`);
  await expect(table).not.toContainText("Changed contact status");
  await expect(table).not.toContainText("Deposit received → In production");
  await page.getByLabel("Show").selectOption("orders");
  await expect(table).toContainText(`Order ${n}: Deposit received → In production`);
  await expect(table).not.toContainText("(bank transfer) on");
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

test("the Unmatched USDT transfers screen loads its list (an infinite query, as the orders and contacts tabs)", async ({
  page,
}) => {
  await page.goto("/admin/usdt-transfers");
  await expect(page.getByRole("heading", { name: "Unmatched USDT transfers" })).toBeVisible();
  await expect(page.getByText("No transfer waits to be matched.")).toBeVisible();
  await page.getByLabel("Which transfers").selectOption({ index: 1 });
  await expect(page.getByText("could not be loaded")).toHaveCount(0);
  await expect(page.getByText(/^No transfers\.$|^No transfer waits to be matched\.$/)).toBeVisible();
});
