// Shared by the back-office specs. They run in file order against one server and database:
// 01 creates the admin, later files sign in with it.
import { deflateSync } from "node:zlib";
import { expect, type Page } from "@playwright/test";
import { MARIA_DELIVERY } from "../../api/test/buyers";

// The storefront's fixtures: every test fails on an uncaught page error or a console.error; and its way of
// holding a request until the test lets it go.
export { expect, holdRequests, test } from "../../storefront/e2e/fixtures";

export const STOREFRONT = `http://localhost:${Number(process.env.E2E_PORT ?? 4200)}`;
export const ADMIN = { username: "owner", password: "Tr4ilhead-Container!" };

export const ADMIN_ROUTES = [
  "/admin",
  "/admin/dashboard",
  "/admin/visitors",
  "/admin/gallery",
  "/admin/blog",
  "/admin/activity",
  "/admin/seo",
  "/admin/notifications",
  "/admin/settings",
];

/** Signs in through the API; the httpOnly cookie lands in the page's context. */
export async function signIn(page: Page): Promise<void> {
  const res = await page.request.post("/api/admin/login", { data: ADMIN });
  expect(res.status()).toBe(200);
}

/** A lead sent to one of the storefront's public form paths ("/api/contact", "/api/roi" …), accepted (201). */
export async function sendLead(page: Page, path: string, data: Record<string, unknown>) {
  const res = await page.request.post(`${STOREFRONT}${path}`, { data });
  expect(res.status()).toBe(201);
  return res;
}

/** What the e2e server's fake SMTP received (scripts/e2e-server.mjs). */
const INBOX = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4200) + 2}`;

/** The link in the newest e-mail to `to` whose subject matches, once it has arrived. */
export async function linkMailedTo(page: Page, to: string, subject: RegExp, after = 0): Promise<string> {
  let link = "";
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`${INBOX}/email`);
        const mails = (await res.json()) as { to: string[]; subject: string; text: string }[];
        const found = mails.slice(after).filter((m) => m.to.includes(to) && subject.test(m.subject));
        link = /(https?:\/\/\S+#token=[A-Za-z0-9_-]+)/.exec(found.at(-1)?.text ?? "")?.[1] ?? "";
        return link;
      },
      { message: `an e-mail to ${to}` },
    )
    .not.toBe("");
  return link;
}

/** How many e-mails the fake SMTP has received so far (to read only the ones sent after). */
export const mailCount = async (page: Page) =>
  ((await (await page.request.get(`${INBOX}/email`)).json()) as unknown[]).length;

export const toast = (page: Page) => page.getByTestId("toast");

export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  await expect(toast(page)).toContainText(title);
  if (description) await expect(toast(page)).toContainText(description);
}

/** A small solid-colour PNG made without any image library. */
export function pngBytes(width: number, height: number, rgb: [number, number, number] = [30, 90, 150]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).fill(Buffer.from(rgb))]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Places an order on the storefront origin (the server prices it). */
export async function placeOrder(
  page: Page,
  customer: { firstName: string; lastName: string; email: string },
  productIndex = 0,
): Promise<{ id: number; orderNumber: string; totalAmount: number }> {
  const products = (await (await page.request.get(`${STOREFRONT}/api/products`)).json()) as {
    id: number;
    name: string;
    price: number;
    images: string[];
    category: string;
  }[];
  const p = products[productIndex]!;
  // the server's price (delivery by ZIP, tax by state and class), as the checkout shows it
  const quote = (await (
    await page.request.post(`${STOREFRONT}/api/orders/quote`, {
      data: { cartItems: [{ id: p.id, quantity: 1 }], state: "TX", zipCode: "78205" },
    })
  ).json()) as { totalAmount: number };
  const res = await page.request.post(`${STOREFRONT}/api/orders`, {
    data: {
      ...customer,
      ...MARIA_DELIVERY,
      cartItems: [{ id: p.id, quantity: 1, name: p.name, price: p.price, image: p.images[0], category: p.category }],
      totalAmount: quote.totalAmount,
      orderDate: new Date().toISOString(),
    },
  });
  expect(res.status()).toBe(201);
  return res.json();
}
