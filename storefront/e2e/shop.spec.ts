import { productInputOf } from "@ch/contracts/catalog";
import { money } from "@ch/contracts/money";
import type { OrderQuoteDto as Quote } from "@ch/contracts/orders";
import type { Page } from "@playwright/test";
import {
  checkoutField,
  checkoutFields,
  cleveland,
  expect,
  expectToast,
  fillCheckout,
  fillNameAndEmail,
  holdRequests,
  procedureAnswer,
  SAN_ANTONIO_BUYER,
  seedCart,
  staffApi,
  test,
  toast,
} from "./fixtures";

const port = Number(process.env.E2E_PORT ?? 4100);

/** As the storefront writes an amount: $93,215.25. */
const usd = (n: number) => `$${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test.describe("products", () => {
  test("browse and filter by category, also via /products/{category}", async ({ page }) => {
    await page.goto("/products");
    await expect(page.getByRole("heading", { level: 1, name: "Our Container Homes" })).toBeVisible();
    await expect(page.getByTestId("product-card")).toHaveCount(13);
    await expect(page.getByTestId("product-card").first()).toContainText("$43,116");
    await expect(page.getByTestId("product-card").filter({ hasText: "Featured" })).toHaveCount(4);
    await expect(page.getByTestId("product-card").filter({ hasText: "Out of Stock" })).toHaveCount(2);

    await page.getByRole("link", { name: "40ft Homes", exact: true }).click();
    await expect(page).toHaveURL(/\/products\/40ft-homes$/);
    await expect(page.getByTestId("product-card")).toHaveCount(3);
    await expect(page.getByRole("link", { name: "40ft Homes", exact: true })).toHaveAttribute("aria-current", "page");

    await page.goto("/products/53ft-homes");
    await expect(page.getByTestId("product-card")).toHaveCount(2);
    await expect(page.getByTestId("product-card").filter({ hasText: "Out of Stock" })).toHaveCount(1);

    await page.goto("/products/no-such-category");
    await expect(page.getByText("No products found")).toBeVisible();
    await expect(page.getByText("This category does not exist. Our categories:")).toBeVisible();
  });

  test("product page: gallery, specifications, spec sheet download with its toast and event", async ({ page }) => {
    const warnings: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "warning") warnings.push(m.text());
    });
    await page.goto("/products");
    await page.getByTestId("product-card").filter({ hasText: "The Cleveland" }).click();
    await expect(page).toHaveURL(/\/product\/1$/);
    await expect(page).toHaveTitle(/The Cleveland/);
    await expect(page.getByRole("heading", { level: 1, name: "The Cleveland" })).toBeVisible();
    await expect(page.getByText("$43,116").first()).toBeVisible();
    const specs = page.getByRole("region", { name: "Specifications" });
    await expect(specs).toContainText("Sq Ft");
    await expect(specs).toContainText("160");
    await page.getByRole("button", { name: "Show image 2" }).click();
    await expect(page.getByRole("button", { name: "Show image 2" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("img", { name: /image 2 of 3/ })).toBeVisible();

    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download Spec Sheet" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe("the-cleveland-spec-sheet.txt");
    const path = await download.path();
    const { readFileSync } = await import("node:fs");
    const text = readFileSync(path, "utf8");
    expect(text).toContain("THE CLEVELAND - SPECIFICATION SHEET");
    expect(text).toContain("Square Feet: 160");
    expect(text).toContain("R-13 insulation");
    await expectToast(page, "Spec Sheet Downloaded", "The Cleveland specifications have been downloaded.");
    await expect.poll(() => warnings.some((w) => w.includes("spec_sheet_download"))).toBe(true);
  });

  test("an out-of-stock product cannot be added", async ({ page }) => {
    await page.goto("/product/6");
    await expect(page.getByRole("button", { name: "Out of Stock" })).toBeDisabled();
  });

  test("Product Not Found and Article Not Found", async ({ page }) => {
    await page.goto("/product/99999");
    await expect(page.getByRole("heading", { name: "Product Not Found" })).toBeVisible();
    await expect(page.getByText("The product you're looking for doesn't exist.")).toBeVisible();
    await page.goto("/product/abc");
    await expect(page.getByRole("heading", { name: "Product Not Found" })).toBeVisible();
    await page.goto("/blog/no-such-article");
    await expect(page.getByRole("heading", { name: "Article Not Found" })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Back to Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });
});

test.describe("cart", () => {
  test("add twice, change quantity, remove, clear; the badge follows, also in another tab", async ({
    page,
    context,
  }) => {
    await page.goto("/product/1");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expectToast(page, "Added to Cart");
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expectToast(page, "Cart Updated", "Increased The Cleveland quantity to 2");
    await expect(page.getByTestId("cart-badge")).toHaveText("2");

    const other = await context.newPage();
    await other.goto("/cart");
    await expect(other.getByTestId("cart-badge")).toHaveText("2");

    await page.goto("/product/4");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText("3");
    // the other tab hears about it through the storage event
    await expect(other.getByTestId("cart-badge")).toHaveText("3");
    await expect(other.getByTestId("cart-line")).toHaveCount(2);

    await page.goto("/cart");
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    await expect(page.getByText("TBD")).toBeVisible();
    await page.getByRole("button", { name: "Increase quantity of The Dallas" }).click();
    await expect(
      page.getByTestId("cart-line").filter({ hasText: "The Dallas" }).getByTestId("line-quantity"),
    ).toHaveText("2");
    await expect(page.getByTestId("summary-count")).toHaveText("4");
    await page.getByRole("button", { name: "Decrease quantity of The Dallas" }).click();
    await page.getByRole("button", { name: "Decrease quantity of The Dallas" }).click();
    await expectToast(page, "Item Removed");
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await page.getByRole("button", { name: "Remove The Cleveland" }).click();
    await expectToast(page, "Item Removed");
    await expect(page.getByRole("heading", { name: "Your Cart is Empty" })).toBeVisible();
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);

    await page.goto("/product/1");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await page.goto("/cart");
    await page.getByRole("button", { name: "Clear Cart" }).click();
    await expectToast(page, "Cart Cleared");
    await expect(page.getByRole("heading", { name: "Your Cart is Empty" })).toBeVisible();
    await page.getByRole("link", { name: "Browse Products" }).click();
    await expect(page).toHaveURL(/\/products$/);
  });

  test("the cart's Request Quote sends its contents", async ({ page }) => {
    await seedCart(page, [{ ...cleveland, quantity: 2 }]);
    await page.goto("/cart");
    await page.getByRole("button", { name: "Request Quote" }).click();
    const dialog = page.getByRole("dialog", { name: "Request a Quote" });
    await expect(dialog.getByLabel("Message")).toHaveValue(/2 x The Cleveland/);
    await fillNameAndEmail(dialog, { firstName: "Quinn", lastName: "Cart", email: "quinn@example.com" });
    const request = page.waitForRequest("**/api/trpc/leads.requestQuote");
    await dialog.getByRole("button", { name: "Request Quote" }).click();
    const body = (await request).postDataJSON();
    expect(body).toMatchObject({ kind: "quote", firstName: "Quinn", email: "quinn@example.com" });
    expect(body.message).toContain("2 x The Cleveland (product #1)");
    await expectToast(page, "Quote Requested");
    await expect(dialog).toHaveCount(0);
  });
});

test.describe("checkout", () => {
  const fields = checkoutFields(SAN_ANTONIO_BUYER);
  const fill = (page: Page, upTo?: number) => fillCheckout(page, SAN_ANTONIO_BUYER, upTo);

  /** Fills the form (a San Antonio address) and answers the quote the page received for it. */
  async function fillAndQuote(page: Page): Promise<Quote> {
    const quoted = page.waitForResponse((r) => r.url().endsWith("/api/trpc/pricing.quote"));
    await fill(page);
    const res = await quoted;
    expect(res.status(), await res.text()).toBe(200);
    return procedureAnswer<Quote>(res);
  }

  /** The summary shows the server's figures: the band, each named tax rate, the total and the deposit. */
  async function expectQuoteShown(page: Page, q: Quote) {
    const summary = page.getByRole("complementary", { name: "Order Summary" });
    await expect(page.getByTestId("checkout-total")).toHaveText(usd(q.totalAmount));
    await expect(summary).toContainText(`Subtotal${usd(q.subtotal)}`);
    await expect(summary).toContainText(`Delivery (${q.deliveryLabel}`);
    await expect(page.getByTestId("checkout-delivery")).toHaveText(usd(q.shipping));
    await expect(page.getByTestId("checkout-tax-line")).toHaveText(q.taxLines.map((t) => `${t.label}${usd(t.tax)}`));
    await expect(page.getByTestId("checkout-due-now")).toHaveText(usd(q.amountDueNow));
    await expect(summary).toContainText(`Balance on delivery${usd(q.balanceOnDelivery)}`);
    await expect(page.getByTestId("checkout-quote-note")).toHaveCount(0);
  }

  test("validation messages in the spec's words, next to each field", async ({ page }) => {
    await seedCart(page, [cleveland]);
    await page.goto("/checkout");
    const submit = page.getByRole("button", { name: "Place Order" });
    const control = (label: string) => checkoutField(page, label);
    for (let i = 0; i < fields.length; i++) {
      await page.reload();
      await fill(page, i);
      await submit.click();
      // every field still empty is marked at once, the first one has focus
      for (const [label, , words] of fields.slice(i)) {
        await expect(control(label)).toHaveAttribute("aria-invalid", "true");
        await expect(control(label)).toHaveAccessibleDescription(`Please fill in your ${words}.`);
      }
      await expect(control(fields[i]![0])).toBeFocused();
      await expect(toast(page)).toHaveCount(0);
    }
    await page.reload();
    await fill(page);
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("ana@example");
    await submit.click();
    await expect(control("Email")).toHaveAccessibleDescription("Please enter a valid email address.");
  });

  test("empty cart screen", async ({ page }) => {
    await page.goto("/checkout");
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Browse Products" })).toHaveAttribute(
      "href",
      "/products",
    );
  });

  test("USDT order: the server's quote for a Texas ZIP (band, named rates, total, deposit), wallet, QR, copy, Processing..., confirmation, then status look-up", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await seedCart(page, [{ ...cleveland, quantity: 2 }]);
    await page.goto("/checkout");
    const config = await (await page.request.get("/api/config")).json();
    await expect(page.getByTestId("wallet-address")).toHaveText(config.usdtWalletAddress);
    await expect(page.getByTestId("wallet-qr")).toBeVisible();
    // no total, no amount due before the delivery state and ZIP: the server prices delivery and tax
    await expect(page.getByTestId("checkout-quote-note")).toContainText("Enter your delivery state and ZIP");
    await expect(page.getByTestId("checkout-total")).toHaveCount(0);
    await expect(page.getByTestId("usdt-amount-due")).toHaveCount(0);
    await expect(page.getByTestId("usdt-details")).toContainText("The amount due now shows once you enter");

    const q = await fillAndQuote(page);
    // San Antonio is within 100 miles of the yard; Texas taxes the homes and the delivery charge at 6.25 %
    expect(q.deliveryLabel).toBe("Up to 100 miles");
    expect(q.taxState).toBe("TX");
    expect(q.subtotal).toBe(86232);
    expect(q.taxLines.map((t) => t.label)).toEqual(["TX sales tax (6.25 %)", "TX sales tax on delivery (6.25 %)"]);
    expect(q.totalAmount).toBeCloseTo(q.subtotal + q.shipping + q.tax, 2);
    expect(q.amountDueNow + q.balanceOnDelivery).toBeCloseTo(q.totalAmount, 2);
    await expectQuoteShown(page, q);
    // USDT asks for the deposit now, as the terms on the same page say
    await expect(page.getByTestId("usdt-amount-due")).toHaveText(`${usd(q.amountDueNow)} USDT`);
    await expect(page.getByTestId("usdt-details")).toContainText(
      `Balance of ${usd(q.balanceOnDelivery)} due on delivery`,
    );
    await expect(page.getByText(`${usd(q.totalAmount)} USDT`)).toHaveCount(0);
    await expect(page.getByText(/another network may/)).toBeVisible();
    // kept with the test's results, for a person to look at
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`checkout-texas-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByRole("button", { name: "Copy Wallet address" }).click();
    await expectToast(page, "Copied!", "Wallet address copied to clipboard");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(config.usdtWalletAddress);

    const release = await holdRequests(page, "**/api/trpc/orders.place");
    const request = page.waitForRequest("**/api/trpc/orders.place");
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page.getByRole("button", { name: "Processing..." })).toBeDisabled();
    const sent = await request;
    expect(sent.postDataJSON().idempotencyKey).toMatch(/^checkout-.{16,}/);
    // the total the customer saw is the one sent
    expect(sent.postDataJSON().order).toMatchObject({ paymentMethod: "usdt", totalAmount: q.totalAmount, state: "TX" });
    release();

    await expect(page).toHaveURL(/\/order-confirmation\?order=CH-\d{4}-\d{6}&t=/);
    const orderNumber = (await page.getByTestId("order-number").textContent())!.trim();
    expect(orderNumber).toMatch(/^CH-\d{4}-\d{6}$/);
    await expect(page.getByTestId("order-total")).toHaveText(usd(q.totalAmount));
    // the settings' 50 % deposit now, the rest on delivery
    await expect(page.getByTestId("order-due-now")).toHaveText(usd(q.amountDueNow));
    await expect(page.getByTestId("order-balance")).toHaveText(usd(q.balanceOnDelivery));
    await expect(page.getByText("within 2-3 business days")).toBeVisible();
    await expect(page.getByText("6-8 weeks")).toBeVisible();
    await expect(page.getByText("10-year structural warranty")).toBeVisible();
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("lastOrderDetails"))).toBeNull();

    await page.getByRole("link", { name: "Track Your Order" }).click();
    await expect(page).toHaveURL(/\/order-status\?order=/);
    await expect(page.getByLabel("Order Number")).toHaveValue(orderNumber);
    // a look-up by e-mail: a wrong address finds nothing
    await page.goto(`/order-status?order=${orderNumber}`);
    await page.getByLabel("Email").fill("someone-else@example.com");
    await page.getByRole("button", { name: "Look Up Order" }).click();
    await expect(page.getByRole("alert")).toContainText("No order matches");
    await page.getByLabel("Email").fill("ANA@example.com");
    await page.getByRole("button", { name: "Look Up Order" }).click();
    const result = page.getByTestId("order-status-result");
    await expect(result).toContainText(orderNumber);
    await expect(page.getByTestId("order-status")).toHaveText("Awaiting deposit");
    await expect(page.getByTestId("payment-status")).toHaveText("Pending");
    await expect(result).toContainText("The Cleveland");
    await expect(result).toContainText(usd(q.totalAmount));

    await page.reload();
    await page.goto("/order-confirmation");
    await expect(page.getByRole("heading", { name: "No Recent Order" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Check Order Status" })).toBeVisible();
  });

  test("bank transfer order lands on the confirmation page", async ({ page }) => {
    await seedCart(page, [cleveland]);
    await page.goto("/checkout");
    await page.getByLabel("Bank Transfer").check();
    await expect(page.getByTestId("bank-details")).toContainText("payment reference");
    await expect(page.getByTestId("bank-details")).not.toContainText("business hour");
    await expect(page.getByTestId("usdt-details")).toHaveCount(0);
    const q = await fillAndQuote(page);
    await expectQuoteShown(page, q);
    await expect(page.getByTestId("bank-details")).toContainText(
      `The amount due now is ${usd(q.amountDueNow)} (50% deposit); the balance of ${usd(q.balanceOnDelivery)} is due on delivery.`,
    );
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/order-confirmation\?order=/);
    await expect(page.getByTestId("order-number")).toHaveText(/^CH-\d{4}-\d{6}$/);
    await expect(page.getByText("Bank Transfer", { exact: true })).toBeVisible();
    await expect(page.getByTestId("order-total")).toHaveText(usd(q.totalAmount));
  });

  test("Place Order before the quote arrives prices the cart first: the order waits until the total was shown", async ({
    page,
  }) => {
    await seedCart(page, [cleveland]);
    await page.goto("/checkout");
    const release = await holdRequests(page, "**/api/trpc/pricing.quote");
    const orders: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/api/trpc/orders.place") orders.push(r.method());
    });
    const quoted = page.waitForResponse((r) => r.url().endsWith("/api/trpc/pricing.quote"));
    await fill(page);
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page.getByTestId("checkout-quote-note")).toHaveText("Pricing delivery and tax…");
    await expect(page.getByRole("button", { name: "Place Order" })).toBeDisabled();
    await expect(page.getByTestId("checkout-total")).toHaveCount(0);
    release();
    const q = await procedureAnswer<Quote>(await quoted);
    // the click brought the figures, not the order: the customer reads the total first
    await expectToast(page, "Please Review Your Total", `your total is ${usd(q.totalAmount)}`);
    await expectQuoteShown(page, q);
    await expect(page.getByTestId("checkout-total")).toBeFocused();
    await expect(page).toHaveURL(/\/checkout$/);
    expect(orders).toEqual([]);
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/order-confirmation\?order=/);
    await expect(page.getByTestId("order-total")).toHaveText(usd(q.totalAmount));
    expect(orders).toEqual(["POST"]);
  });

  test("a ZIP outside the delivery state: the server's reason, no order", async ({ page }) => {
    await seedCart(page, [cleveland]);
    await page.goto("/checkout");
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/trpc/pricing.quote"));
    await fill(page, fields.length - 1);
    await page.getByRole("textbox", { name: "ZIP Code", exact: true }).fill("10001"); // New York
    const refused = await answer;
    expect(refused.status()).toBe(400);
    const { message } = await procedureAnswer<{ message: string }>(refused);
    await expect(page.getByTestId("checkout-quote-note").getByRole("alert")).toHaveText(message);
    await expect(page.getByTestId("checkout-total")).toHaveCount(0);
    await page.getByRole("button", { name: "Place Order" }).click();
    const zip = page.getByRole("textbox", { name: "ZIP Code", exact: true });
    await expect(zip).toHaveAttribute("aria-invalid", "true");
    await expect(zip).toHaveAccessibleDescription(message);
    await expect(zip).toBeFocused();
    await expect(page).toHaveURL(/\/checkout$/);
  });

  test("a cart kept with an old price shows and charges the server's price", async ({ page }) => {
    await seedCart(page, [{ ...cleveland, price: 40000 }]);
    await page.goto("/checkout");
    await expect(page.getByTestId("checkout-line")).toHaveText("The Cleveland × 1$40,000.00");
    const q = await fillAndQuote(page);
    expect(q.lines).toMatchObject([{ productId: 1, unitPrice: 43116, quantity: 1, lineTotal: 43116 }]);
    await expect(page.getByTestId("checkout-line")).toHaveText("The Cleveland × 1$43,116.00");
    await expectQuoteShown(page, q);
    const request = page.waitForRequest("**/api/trpc/orders.place");
    await page.getByRole("button", { name: "Place Order" }).click();
    expect((await request).postDataJSON().order).toMatchObject({ totalAmount: q.totalAmount });
    await expect(page).toHaveURL(/\/order-confirmation\?order=/);
    await expect(page.getByTestId("order-total")).toHaveText(usd(q.totalAmount));
  });

  test("a price changed in the back office after the quote is answered with 409: a clear toast, the new figures, then the order", async ({
    page,
    playwright,
  }) => {
    const staff = await staffApi(playwright);
    // The Marfa: no other storefront test reads its price; it gets its price back at the end
    const read = await (await staff.get("/api/admin/products/3")).json();
    const marfa = { ...read, price: read.price.amount / 100 }; // the admin API's money form, in dollars
    const setPrice = async (price: number) => {
      const res = await staff.put("/api/admin/products/3", {
        data: { ...productInputOf(marfa), price: money(Math.round(price * 100)) },
      });
      expect(res.status(), await res.text()).toBe(200);
    };
    try {
      await seedCart(page, [
        { id: 3, name: marfa.name, price: marfa.price, image: "", category: marfa.category, quantity: 1 },
      ]);
      await page.goto("/checkout");
      const before = await fillAndQuote(page);
      await expectQuoteShown(page, before);

      await setPrice(marfa.price + 1000);
      const refused = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/trpc/orders.place");
      const requoted = page.waitForResponse((r) => r.url().endsWith("/api/trpc/pricing.quote"));
      await page.getByRole("button", { name: "Place Order" }).click();
      const conflict = await refused;
      expect(conflict.status()).toBe(409);
      const { totalAmount } = await procedureAnswer<{ totalAmount: number }>(conflict);
      expect(totalAmount).toBeGreaterThan(before.totalAmount + 1000);
      await expectToast(page, "Prices Changed", `The new total is ${usd(totalAmount)}`);
      const after = await procedureAnswer<Quote>(await requoted);
      expect(after.totalAmount).toBe(totalAmount);
      await expect(page).toHaveURL(/\/checkout$/);
      await expectQuoteShown(page, after);
      await expect(page.getByTestId("checkout-line")).toHaveText(`${marfa.name} × 1${usd(marfa.price + 1000)}`);

      await page.getByRole("button", { name: "Place Order" }).click();
      await expect(page).toHaveURL(/\/order-confirmation\?order=/);
      await expect(page.getByTestId("order-total")).toHaveText(usd(totalAmount));
    } finally {
      await setPrice(marfa.price);
      await staff.dispose();
    }
  });

  test("an out-of-stock product: the summary says so and Place Order explains it, no order", async ({ page }) => {
    await seedCart(page, [
      { id: 6, name: "The Big Bend", price: 112480, image: "", category: "53ft-homes", quantity: 1 },
    ]);
    await page.goto("/checkout");
    const orders: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/api/trpc/orders.place") orders.push(r.method());
    });
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/trpc/pricing.quote"));
    await fill(page);
    expect((await answer).status()).toBe(409);
    await expect(page.getByTestId("checkout-quote-note").getByRole("alert")).toHaveText(
      "The Big Bend is no longer available. Please remove it from your cart.",
    );
    await page.getByRole("button", { name: "Place Order" }).click();
    await expectToast(page, "Out of Stock", "The Big Bend is no longer available");
    expect(orders).toEqual([]);
  });
});
