import { expect, test } from "./fixtures";

// the answers' figures come from the catalog, settings and price lists (chat-facts.spec.ts changes them)
const RULES: [string, RegExp][] = [
  ["What does it cost?", /Our models run from \$[\d,]+ \(/],
  ["Tell me about the Abilene", /The Abilene \(20ft Container Homes\): \$[\d,]+, 1 bedroom, 1 bathroom, 160 sq ft/],
  ["Is the Austin bigger?", /The Austin \(40ft Container Homes\): \$[\d,]+, 2 bedrooms, 2 bathrooms, 320 sq ft/],
  ["Do you build for a business?", /Commercial & Industrial Containers from \$/],
  ["Is there a loan option", /50% deposit/],
  ["How long is delivery", /Production takes 6-8 weeks/],
  ["What is your phone number", /\(210\) 555-0148/],
  ["hello", /Welcome to Container Homes of Texas/],
  ["show me the specs", /Each product page lists bedrooms, bathrooms and floor area/],
  ["What rental income can I get", /\(\d+\.\d% per year\).*not a promise/],
  ["tell me something", /I can tell you about our models and prices/],
];

test("chat: welcome, each reply rule, typing indicator, Enter sends, panel size", async ({ page }) => {
  // the bot "types" for 1 to 3 seconds of the page's clock: the test moves that clock on
  await page.clock.install();
  await page.goto("/");
  await page.getByRole("button", { name: "Open chat" }).click();
  const panel = page.locator("#chat-panel");
  await expect(panel).toBeVisible();
  const box = await panel.boundingBox();
  expect(box?.width).toBe(384);
  expect(box?.height).toBe(500);
  await expect(panel.getByText("Automatic, from our current catalog")).toBeVisible();
  await expect(panel.getByText("Automatic answers + our team on Telegram")).toBeVisible();
  await expect(panel.getByTestId("bot-message").first()).toContainText("automatic answers");
  const input = panel.getByLabel("Type your message");
  await expect(input).toBeFocused();
  await expect(panel.getByRole("button", { name: "Send message" })).toBeDisabled();

  for (const [i, [message, reply]] of RULES.entries()) {
    await input.fill(message);
    await input.press("Enter");
    await expect(panel.getByTestId("user-message").nth(i)).toHaveText(`You: ${message}`);
    await expect(input).toHaveValue("");
    await expect(panel.getByTestId("typing-indicator")).toBeVisible();
    if (i === 0) {
      await expect(input).toBeDisabled();
      await expect(panel.getByRole("button", { name: "Product Info" })).toBeDisabled();
    }
    await page.clock.fastForward(3000);
    await expect(panel.getByTestId("bot-message").nth(i + 1)).toContainText(reply, { timeout: 5000 });
  }
  // Shift+Enter does not send
  await input.fill("line one");
  await input.press("Shift+Enter");
  await expect(panel.getByTestId("user-message")).toHaveCount(RULES.length);
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(page.getByRole("button", { name: "Open chat" })).toBeFocused();
});

test("chat: a matching message is forwarded with user info and the reply says so, even if forwarding fails", async ({
  page,
}) => {
  await page.clock.install();
  await page.goto("/products");
  await page.getByRole("button", { name: "Open chat" }).click();
  const panel = page.locator("#chat-panel");
  /** The bot's typing time, skipped on the page's clock. */
  const skipTyping = async () => {
    await expect(panel.getByTestId("typing-indicator")).toBeVisible();
    await page.clock.fastForward(3000);
  };
  const request = page.waitForRequest("**/api/trpc/chat.forward");
  await panel.getByRole("button", { name: "Schedule Call" }).click();
  await skipTyping();
  const sent = await request;
  expect(sent.postDataJSON()).toEqual({
    message: "I'd like to schedule a call",
    userInfo: { currentPage: "/products", device: "Desktop", browser: "Chrome" },
  });
  expect((await sent.response())?.status()).toBe(200);
  await expect(panel.getByTestId("bot-message").nth(1)).toContainText(
    "Your message has been forwarded to our team via Telegram.",
    { timeout: 5000 },
  );

  await page.route("**/api/trpc/chat.forward", (route) => route.fulfill({ status: 503, body: "down" }));
  await panel.getByLabel("Type your message").fill("This is urgent");
  await panel.getByLabel("Type your message").press("Enter");
  await skipTyping();
  await expect(panel.getByTestId("bot-message").nth(2)).toContainText("forwarded to our team", { timeout: 5000 });

  // a short question is not forwarded
  let forwarded = false;
  page.on("request", (r) => {
    if (r.url().endsWith("/api/trpc/chat.forward")) forwarded = true;
  });
  await panel.getByLabel("Type your message").fill("How big?");
  await panel.getByLabel("Type your message").press("Enter");
  await skipTyping();
  await expect(panel.getByTestId("bot-message").nth(3)).toBeVisible({ timeout: 5000 });
  await expect(panel.getByTestId("bot-message").nth(3)).not.toContainText("forwarded");
  expect(forwarded).toBe(false);
});

test("chat panel is full width on small screens", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/");
  await page.getByRole("button", { name: "Open chat" }).click();
  const box = await page.locator("#chat-panel").boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(340);
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
});
