// Shared test fixtures: every test fails on an uncaught page error or a console.error (network
// failures the browser reports for deliberate 404/409 answers excepted), and an axe helper.
import AxeBuilder from "@axe-core/playwright";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";
import { type CheckoutBuyer, SAN_ANTONIO_BUYER } from "../../api/test/buyers";
import { FakeTronGrid } from "../../api/test/fake-trongrid";

export { type CheckoutBuyer, SAN_ANTONIO_BUYER };

import type { ReceivedEmail as SmtpEmail } from "../../api/test/notifications-fakes";

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        if (message.text().startsWith("Failed to load resource")) return;
        errors.push(`console.error: ${message.text()}`);
      });
      await use(errors);
      expect(errors, "no uncaught errors in the browser console").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The two widths every layout is walked at: a phone and a desktop. */
export const WIDTHS = [375, 1440] as const;
export const viewportAt = (width: number) => ({ width, height: width === 375 ? 812 : 900 });

/**
 * Which journeys of a `for (const width of WIDTHS)` block run at this width: each once, at one width in
 * turn (the first at 375 px, the next at 1440 px, …), so both layouts are walked and no journey twice.
 * Use: `const mine = oneWidthEach(width);` then `if (mine()) test(…)` for each journey, in the same order.
 */
export function oneWidthEach(width: number): () => boolean {
  let index = 0;
  return () => WIDTHS[index++ % WIDTHS.length] === width;
}

/**
 * axe's serious and critical WCAG 2.1 A/AA violations on the page as it is now, one line each. With
 * `contrastEstablished`, also every colour contrast axe leaves "needs review" (text over a picture, a glyph
 * in a tinted circle): a contrast it cannot establish is one nobody checked.
 */
export async function axeViolations(page: Page, label: string, contrastEstablished = false): Promise<string[]> {
  // Legacy mode runs axe in the page itself: the default opens a blank page for every run to merge the
  // frames' results, about 1.2 s of a run's 2 s on this machine. It leaves cross-origin frames out, so a
  // page with a frame is refused here rather than audited in part (none of either app's has one).
  expect(await page.locator("iframe, frame").count(), `${label}: a frame, which axe's legacy mode would skip`).toBe(0);
  // sections the browser draws only as they near the viewport (content-visibility: auto, `.below-fold` in
  // storefront/src/styles.css) are drawn for the audit, as a shopper who scrolls sees them: axe reads
  // colours and positions from what is painted
  const drawn = await page.evaluate(() => {
    const sections = document.querySelectorAll<HTMLElement>(".below-fold");
    for (const section of sections) section.style.contentVisibility = "visible";
    return sections.length;
  });
  // axe reports only what is read here: the nodes that passed would be most of its answer
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .options({ resultTypes: ["violations", "incomplete"] })
    .analyze();
  if (drawn > 0) {
    await page.evaluate(() => {
      for (const section of document.querySelectorAll<HTMLElement>(".below-fold")) {
        section.style.removeProperty("content-visibility");
      }
    });
  }
  const unreviewed = contrastEstablished ? results.incomplete.filter((rule) => rule.id === "color-contrast") : [];
  return [
    ...results.violations.filter((v) => v.impact === "serious" || v.impact === "critical"),
    ...unreviewed.map((rule) => ({ ...rule, impact: "needs review" })),
  ].map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** No serious or critical axe violation (WCAG 2.x A/AA) on the page as it is now. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  expect(await axeViolations(page, label)).toEqual([]);
}

/** The name and e-mail an enquiry form or dialog asks first (`scope`: the page, the form or the dialog). */
export async function fillNameAndEmail(
  scope: Page | Locator,
  person: { firstName: string; lastName: string; email: string },
): Promise<void> {
  await scope.getByLabel("First Name").fill(person.firstName);
  await scope.getByLabel("Last Name").fill(person.lastName);
  await scope.getByLabel("Email").fill(person.email);
}

/** Sends `message` by the form of the /contact page open on `page`, and waits for its "Message Sent!" toast. */
export async function sendContactPageForm(
  page: Page,
  person: { firstName: string; lastName: string; email: string },
  message: string,
): Promise<void> {
  await fillNameAndEmail(page, person);
  await page.getByRole("textbox", { name: "Message" }).fill(message);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expectToast(page, "Message Sent!");
}

export const toast = (page: Page) => page.getByTestId("toast");

export async function expectToast(page: Page, title: string, description?: string | RegExp): Promise<void> {
  await expect(toast(page)).toContainText(title);
  if (description) await expect(toast(page)).toContainText(description);
}

/**
 * Holds every request to `url` (a route glob or pattern) until the returned function is called; then they go on to the
 * server. For what the page shows while an answer is on its way.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * What a tRPC procedure answered the page (its calls go to /api/trpc/<procedure>): the data, or for a
 * refusal the API's error body, as its REST path would send it ({ message, issues, ...fields }).
 */
export async function procedureAnswer<T>(res: { json(): Promise<unknown> }): Promise<T> {
  const answer = (await res.json()) as
    | { result: { data: T } }
    | { error: { message: string; data: { issues?: unknown[]; extra?: Record<string, unknown> } } };
  if ("result" in answer) return answer.result.data;
  return { ...answer.error.data.extra, message: answer.error.message, issues: answer.error.data.issues ?? [] } as T;
}

/** A procedure's refusal as the API sends it, for a test that stands in for the server. */
export const procedureRefusal = (status: number, message: string) => ({
  status,
  contentType: "application/json",
  body: JSON.stringify({ error: { message, code: -32600, data: { httpStatus: status, issues: [], extra: {} } } }),
});

export const CART_KEY = "containerHomesCart";

export async function seedCart(page: Page, lines: unknown[]): Promise<void> {
  await page.goto("/");
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [CART_KEY, JSON.stringify(lines)]);
}

/**
 * The checkout's buyer fields in the form's order: each one's label, the buyer's value, and the words its
 * "Please fill in your …" reason names it by.
 */
export function checkoutFields(buyer: CheckoutBuyer): [label: string, value: string, words: string][] {
  return [
    ["First Name", buyer.firstName, "first name"],
    ["Last Name", buyer.lastName, "last name"],
    ["Email", buyer.email, "email"],
    ["Phone", buyer.phone, "phone"],
    ["Delivery Address", buyer.address, "address"],
    ["City", buyer.city, "city"],
    ["State", "TX", "state"],
    ["ZIP Code", buyer.zipCode, "zip code"],
  ];
}

/** A checkout field by its label: the state's list, or a text box. */
export const checkoutField = (page: Page, label: string) =>
  page.getByRole(label === "State" ? "combobox" : "textbox", { name: label, exact: true });

/**
 * Fills the checkout's buyer fields in the form's order (the first `upTo` of them, or all). The page asks the
 * server's quote once the state and a whole ZIP are in.
 */
export async function fillCheckout(page: Page, buyer: CheckoutBuyer, upTo?: number): Promise<void> {
  for (const [label, value] of checkoutFields(buyer).slice(0, upTo)) {
    if (label === "State") await checkoutField(page, label).selectOption(value);
    else await checkoutField(page, label).fill(value);
  }
}

export const cleveland = {
  id: 1,
  name: "The Cleveland",
  price: 43116,
  image: "/media/product-cleveland-1.webp",
  category: "20ft-homes",
  quantity: 1,
};

/**
 * What the fake Telegram Bot API and SMTP server next to the test server received (scripts/e2e-server.mjs
 * serves it on the storefront port + 2).
 */
export const INBOX = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4100) + 2}`;

export interface ReceivedTelegram {
  chatId: string;
  text: string;
  parseMode: string;
}

/** An e-mail the fake SMTP server received, as the e2e server's mailbox lists it. */
export type ReceivedEmail = Omit<SmtpEmail, "raw">;

export async function telegramReceived(page: Page): Promise<ReceivedTelegram[]> {
  const res = await page.request.get(`${INBOX}/telegram`);
  expect(res.status()).toBe(200);
  return res.json();
}

export async function emailReceived(page: Page): Promise<ReceivedEmail[]> {
  const res = await page.request.get(`${INBOX}/email`);
  expect(res.status()).toBe(200);
  return res.json();
}

/** The back office of the same e2e server (storefront port + 1) and its owner account. */
export const ADMIN_ORIGIN = `http://localhost:${Number(process.env.E2E_PORT ?? 4100) + 1}`;
export const ADMIN = { username: "owner", password: "Tr4ilhead-Container!" };

/** Creates the owner account once (409 when an earlier spec already did). */
export async function ensureOwner(playwright: {
  request: { newContext(o: { baseURL: string }): Promise<APIRequestContext> };
}) {
  const api = await playwright.request.newContext({ baseURL: ADMIN_ORIGIN });
  const setup = await api.post("/api/admin/setup", { data: ADMIN });
  expect([201, 409]).toContain(setup.status());
  await api.dispose();
}

/** A proposal's customer in Austin (the fields the back office's proposal form asks for). */
export const austinCustomer = (customerName: string, email: string, address: string) => ({
  customerName,
  email,
  address,
  city: "Austin",
  state: "TX",
  zipCode: "78701",
});

/** The back office's API signed in as the owner (created first when no spec has yet); dispose when done. */
export async function staffApi(playwright: {
  request: {
    newContext(o: { baseURL: string; extraHTTPHeaders?: Record<string, string> }): Promise<APIRequestContext>;
  };
}): Promise<APIRequestContext> {
  await ensureOwner(playwright);
  const staff = await playwright.request.newContext({
    baseURL: ADMIN_ORIGIN,
    extraHTTPHeaders: { origin: ADMIN_ORIGIN },
  });
  expect((await staff.post("/api/admin/login", { data: ADMIN })).status()).toBe(200);
  return staff;
}

/** A signed-in back-office page in its own browser context (close the context when done). */
export async function staffSession(
  browser: Browser,
  viewport?: { width: number; height: number },
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ baseURL: ADMIN_ORIGIN, ...(viewport ? { viewport } : {}) });
  const page = await context.newPage();
  await page.goto("/admin/login");
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: /sign in/i }).click();
  await expect(page).toHaveURL(/\/admin(\/dashboard)?(\?.*)?$/);
  return { page, context };
}

/** Looks an order up on the order-status page (its link names the order) with the buyer's e-mail. */
export async function lookUpOrder(page: Page, orderNumber: string, email: string): Promise<void> {
  await page.goto(`/order-status?order=${orderNumber}`);
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("button", { name: "Look Up Order" }).click();
}

/** Types a delivery address into the back office's proposal editor. */
export async function fillProposalDelivery(
  page: Page,
  delivery: { address: string; city: string; zipCode: string },
): Promise<void> {
  await page.getByRole("textbox", { name: "Address" }).fill(delivery.address);
  await page.getByRole("textbox", { name: "City" }).fill(delivery.city);
  await page.getByRole("textbox", { name: "ZIP code" }).fill(delivery.zipCode);
}

/**
 * A customer's quote request sent to the storefront's API (201), then a member of staff opens the proposal
 * editor on its lead (the customer's name filled in from it) and types the delivery address. The staff
 * session is returned: close its context when done.
 */
export async function proposalForQuoteRequest(
  page: Page,
  browser: Browser,
  customer: { firstName: string; lastName: string; email: string; message: string },
  delivery: { address: string; city: string; zipCode: string },
): Promise<{ page: Page; context: BrowserContext }> {
  const quote = await page.request.post("/api/quote-requests", { data: { kind: "quote", ...customer } });
  expect(quote.status()).toBe(201);
  const leadId = (await quote.json()).id as number;
  const staff = await staffSession(browser);
  await staff.page.goto(`/admin/proposals?edit=true&lead=${leadId}`);
  await expect(staff.page.getByRole("textbox", { name: "Customer name" })).toHaveValue(
    `${customer.firstName} ${customer.lastName}`,
  );
  await fillProposalDelivery(staff.page, delivery);
  return staff;
}

/** The business settings as the spec found them, put back after its tests for the specs that follow. */
export function keepBusinessSettings(): void {
  let api: APIRequestContext | undefined;
  let original: Record<string, unknown> | undefined;
  test.beforeAll(async ({ playwright }) => {
    await ensureOwner(playwright);
    api = await playwright.request.newContext({ baseURL: ADMIN_ORIGIN });
    expect((await api.post("/api/admin/login", { data: ADMIN })).status()).toBe(200);
    const { updatedAt: _updatedAt, ...settings } = await (await api.get("/api/admin/settings")).json();
    original = settings;
  });
  test.afterAll(async () => {
    if (original) expect((await api!.put("/api/admin/settings", { data: original })).status()).toBe(200);
    await api?.dispose();
  });
}

/**
 * The fake TronGrid the e2e server polls (storefront port + 3), up for the spec's tests, and the owner
 * account; set `tron.grid.transfers` to what the chain reports.
 */
export function withFakeTronGrid(): { grid: FakeTronGrid } {
  const tron = { grid: new FakeTronGrid() };
  test.beforeAll(async ({ playwright }) => {
    await tron.grid.start(Number(process.env.E2E_PORT ?? 4100) + 3);
    await ensureOwner(playwright);
  });
  test.afterAll(async () => {
    await tron.grid.close();
  });
  return tron;
}

/** What POST /api/orders answers about the order it placed. */
export interface PlacedOrder {
  id: number;
  orderNumber: string;
  accessToken: string;
  amountDueNow: number;
}

/**
 * An order placed as the checkout places it: quoted by the server for a San Antonio address, then
 * sent with that total. `request` may be a page's or a standalone context's (give its storefront `origin`).
 */
export async function placeOrderThroughApi(
  request: APIRequestContext,
  order: { cartItems: unknown[]; email: string; firstName?: string; lastName?: string; paymentMethod?: string },
  origin = "",
): Promise<PlacedOrder> {
  const address = { state: "TX", zipCode: "78205" };
  const quoted = await request.post(`${origin}/api/orders/quote`, { data: { cartItems: order.cartItems, ...address } });
  expect(quoted.status(), await quoted.text()).toBe(200);
  const placed = await request.post(`${origin}/api/orders`, {
    data: {
      firstName: order.firstName ?? "Ana",
      lastName: order.lastName ?? "Ruiz",
      email: order.email,
      phone: "(210) 555-0199",
      address: "9 Pecan St",
      city: "San Antonio",
      ...address,
      paymentMethod: order.paymentMethod ?? "bank-transfer",
      cartItems: order.cartItems,
      totalAmount: ((await quoted.json()) as { totalAmount: number }).totalAmount,
      orderDate: new Date().toISOString(),
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()) as PlacedOrder;
}

/**
 * On a proposal's page: consents to sign electronically, asks for the signing code and types the one the
 * SMTP sink received for `email` (the newest), as the customer reads it from the e-mail.
 */
export async function signWithEmailedCode(page: Page, email: string): Promise<void> {
  const codesTo = async () =>
    (await emailReceived(page)).filter((m) => m.to.includes(email) && /^Your signing code: \d{6}$/.test(m.subject));
  const before = (await codesTo()).length;
  await page.getByRole("checkbox", { name: /I consent to sign electronically/ }).check();
  await page.getByRole("button", { name: /signing code|new code/ }).click();
  await expect(page.getByTestId("signing-code-sent")).toContainText("on its way to");
  await expect.poll(async () => (await codesTo()).length).toBe(before + 1);
  const code = /(\d{6})$/.exec((await codesTo()).at(-1)!.subject)![1]!;
  await page.getByRole("textbox", { name: "Signing code" }).fill(code);
}

/** Signs `page` in to the portal as the customer does: asks for a link, opens it from the SMTP sink. Answers the link. */
export async function portalSignIn(page: Page, email: string): Promise<URL> {
  await page.goto("/portal");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email Me a Sign-in Link" }).click();
  await expect(page.getByTestId("portal-link-sent")).toContainText("a sign-in link is on its way");
  let link = "";
  await expect(async () => {
    const mail = (await emailReceived(page)).findLast((m) => m.to.includes(email) && /portal#token=/.test(m.text));
    link = /(https?:\/\/\S+\/portal#token=[A-Za-z0-9_-]{43})/.exec(mail?.text ?? "")?.[1] ?? "";
    expect(link).not.toBe("");
  }).toPass({ timeout: 15_000 });
  // the link opens the portal on this origin (the e-mail names the public site's address)
  const opened = new URL(link);
  await page.goto(`/portal${opened.hash}`);
  await expect(page.getByTestId("portal-email")).toHaveText(email);
  return opened;
}
