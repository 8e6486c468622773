// Issue 23, item 1: the chat's answers come from the data at the moment of the question. Staff change a
// price and a model in the back office, then a visitor asks, at 375 and 1440 px; the panel says its answers
// are automatic, and a question it cannot answer goes to a person when the visitor asks for it.

import { type AdminProductDto as AdminProduct, productInputOf } from "@ch/contracts/catalog";
import { money } from "@ch/contracts/money";
import type { APIRequestContext, Page } from "@playwright/test";
import { ADMIN_ORIGIN, ensureOwner, expect, expectAccessible, staffSession, telegramReceived, test } from "./fixtures";

const usd = (dollars: number) => `$${dollars.toLocaleString("en-US")}`;

async function productNamed(request: APIRequestContext, name: string): Promise<AdminProduct> {
  const res = await request.get(`${ADMIN_ORIGIN}/api/admin/products?limit=200`);
  expect(res.status()).toBe(200);
  // the admin API states money as { amount, currency }: this spec compares dollars
  const items = (await res.json()) as { items: (Omit<AdminProduct, "price"> & { price: { amount: number } })[] };
  const found = items.items.find((p) => p.name === name);
  expect(found, name).toBeTruthy();
  return { ...found!, price: found!.price.amount / 100 };
}

/** Puts a product back as it was, so the specs after this one see the seeded catalog. */
async function restore(request: APIRequestContext, p: AdminProduct) {
  const res = await request.put(`${ADMIN_ORIGIN}/api/admin/products/${p.id}`, {
    headers: { origin: ADMIN_ORIGIN },
    data: { ...productInputOf(p), price: money(Math.round(p.price * 100)) },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function openChat(page: Page) {
  // the bot "types" for 1 to 3 seconds of the page's clock: ask() moves that clock on
  await page.clock.install();
  await page.goto("/");
  await page.getByRole("button", { name: "Open chat" }).click();
  const panel = page.locator("#chat-panel");
  await expect(panel).toBeVisible();
  return panel;
}

/** Sends a message and waits for its answer; returns the answer's element. */
async function ask(page: Page, message: string) {
  const panel = page.locator("#chat-panel");
  const answers = panel.getByTestId("bot-message");
  const before = await answers.count();
  await panel.getByLabel("Type your message").fill(message);
  await panel.getByLabel("Type your message").press("Enter");
  await expect(panel.getByTestId("typing-indicator")).toBeVisible();
  await page.clock.fastForward(3000);
  await expect(answers).toHaveCount(before + 1, { timeout: 8000 });
  return answers.nth(before);
}

test("chat: a price and a model changed in the back office are what the chat states next", async ({
  browser,
  playwright,
  request,
}) => {
  test.setTimeout(180_000);
  await ensureOwner(playwright);
  const staff = await staffSession(browser);
  const guadalupe = await productNamed(staff.page.request, "The Guadalupe");
  const office = await productNamed(staff.page.request, "The Executive Office");
  const newPrice = guadalupe.price + 2_600;
  try {
    // staff: a new price for one model, a new name and floor area for another
    await staff.page.goto("/admin?tab=products");
    await staff.page.getByRole("button", { name: "Edit The Guadalupe" }).click();
    const priceForm = staff.page.getByRole("dialog", { name: "Edit The Guadalupe" });
    await priceForm.getByLabel("Price (USD)").fill(String(newPrice));
    await priceForm.getByRole("button", { name: "Save Changes" }).click();
    await expect(staff.page.getByTestId("toast")).toContainText("Product Updated");
    await staff.page.getByRole("button", { name: "Edit The Executive Office" }).click();
    const modelForm = staff.page.getByRole("dialog", { name: "Edit The Executive Office" });
    await modelForm.getByLabel("Name").fill("The Boardroom Office");
    await modelForm.getByLabel("Square feet").fill("360");
    await modelForm.getByRole("button", { name: "Save Changes" }).click();
    await expect(staff.page.getByRole("button", { name: "Edit The Boardroom Office" })).toBeVisible();

    const products = (await (await request.get("/api/products")).json()) as {
      name: string;
      price: number;
      category: string;
    }[];
    const cheapest = [...products].sort((a, b) => a.price - b.price)[0]!;

    // the conversation once, its first questions at a desktop's width and the rest at a phone's
    for (const width of [1440, 375]) {
      const context = await browser.newContext({ viewport: { width, height: width > 400 ? 900 : 740 } });
      const page = await context.newPage();
      const panel = await openChat(page);
      // labelled as what it is
      await expect(panel.getByRole("heading", { name: "Quick answers" })).toBeVisible();
      await expect(panel.getByText("Automatic answers + our team on Telegram")).toBeVisible();
      await expect(panel.getByTestId("bot-message").first()).toContainText("I'm not a person");
      await expect(panel).not.toContainText("AI Assistant");
      if (width === 375) {
        await expect(await ask(page, "Tell me about the Boardroom Office")).toContainText(
          `The Boardroom Office (Container Offices): ${usd(office.price)}, 1 bathroom, 360 sq ft`,
        );
        await expect(await ask(page, "What are your prices?")).toContainText(
          `Our models run from ${usd(cheapest.price)} (${cheapest.name}`,
        );
        await expect(await ask(page, "what are your hours?")).toContainText(
          "Monday - Friday 8:00 AM-6:00 PM, Saturday 9:00 AM-4:00 PM (Central Time); closed Sunday",
        );
        await page.screenshot({ path: `test-results/chat-facts-${width}.png` });
        await context.close();
        continue;
      }

      await expect(await ask(page, "How much is the Guadalupe?")).toContainText(
        `The Guadalupe (53ft Container Homes): ${usd(newPrice)}`,
      );
      const fiftyThree = await ask(page, "Do you have 53ft homes?");
      await expect(fiftyThree).toContainText("The Big Bend");
      await expect(fiftyThree).toContainText(`The Guadalupe ${usd(newPrice)}`);
      await page.screenshot({ path: `test-results/chat-facts-53ft-${width}.png` });
      await context.close();
    }
  } finally {
    await restore(staff.page.request, guadalupe);
    await restore(staff.page.request, office);
    await staff.context.close();
  }
});

test("chat: a question it cannot answer goes to a person when the visitor asks", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const panel = await openChat(page);
  const question = "Can you paint mine purple with flames";
  const answer = await ask(page, question);
  await expect(answer).toContainText("a person from our team can answer");
  const offer = panel.getByRole("button", { name: "Send my question to a person" });
  await expect(offer).toBeVisible();
  await page.screenshot({ path: "test-results/chat-facts-offer-375.png" });
  await expectAccessible(page, "chat with the offer to send the question to a person");
  const sent = page.waitForRequest("**/api/trpc/chat.forward");
  await offer.click();
  expect((await sent).postDataJSON()).toMatchObject({ message: question });
  await expect(panel.getByTestId("bot-message").last()).toContainText(
    "Your message has been forwarded to our team via Telegram.",
  );
  await expect(offer).toHaveCount(0);
  await expect
    .poll(async () => (await telegramReceived(page)).some((m) => m.text.includes(question)), { timeout: 10_000 })
    .toBe(true);
  await page.screenshot({ path: "test-results/chat-facts-forward-375.png" });
});
