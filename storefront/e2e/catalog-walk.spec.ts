// Issue 23, items 6 and 8, at 375 and 1440 px: every category with published products has a chip on
// /products and a tile on the home page, each tile priced from the catalog ("From $X", never "Contact Us"
// for a priced category); the main product photo opens larger; on a phone the chat button steps aside
// while a form field has focus; the order table keeps quantity and amount apart.
import type { Page } from "@playwright/test";
import { expect, oneWidthEach, placeOrderThroughApi, test, viewportAt, WIDTHS } from "./fixtures";

interface Product {
  id: number;
  name: string;
  category: string;
  price: number;
  image: string;
}

const usd = (n: number) => `$${n.toLocaleString("en-US", { maximumFractionDigits: 0 })}`;

async function catalog(page: Page): Promise<Product[]> {
  return (await (await page.request.get("/api/products")).json()) as Product[];
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: viewportAt(width) });
    const mine = oneWidthEach(width);

    if (mine())
      test("every category with published products has a chip and a tile priced from the catalog", async ({ page }) => {
        const products = await catalog(page);
        const categories = [...new Set(products.map((p) => p.category))];
        expect(categories).toEqual(
          expect.arrayContaining(["container-offices", "commercial-industrial", "53ft-homes"]),
        );
        await page.goto("/products");
        const chips = page.getByRole("navigation", { name: "Product categories" }).getByRole("link");
        await expect(chips).toHaveCount(categories.length + 1);
        for (const label of ["Container Offices", "Commercial & Industrial", "53ft Homes", "Multi-Unit"]) {
          await expect(chips.filter({ hasText: label })).toBeVisible();
        }
        await chips.filter({ hasText: "Container Offices" }).click();
        await expect(page).toHaveURL(/\/products\/container-offices$/);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Container Offices");

        await page.goto("/");
        const tiles = page.locator("section[aria-labelledby=categories-title] a");
        await expect(tiles).toHaveCount(categories.length);
        await expect(tiles.filter({ hasText: "Contact Us" })).toHaveCount(0);
        for (const category of categories) {
          const priced = products.filter((p) => p.category === category && p.price > 0).map((p) => p.price);
          const tile = page.locator(`section[aria-labelledby=categories-title] a[href$="/products/${category}"]`);
          await expect(tile).toContainText(
            priced.length > 0 ? `From ${usd(Math.min(...priced))}` : "Priced on request",
          );
        }
        await page.screenshot({ path: `test-results/catalog-tiles-${width}.png`, fullPage: false });
      });

    if (mine())
      test("the main product photo opens larger and closes with Escape", async ({ page }) => {
        const [product] = await catalog(page);
        await page.goto(`/product/${product!.id}`);
        await page.getByRole("button", { name: `View ${product!.name} larger` }).click();
        const viewer = page.getByTestId("lightbox");
        await expect(viewer).toBeVisible();
        await expect(viewer.getByRole("img", { name: product!.name })).toBeVisible();
        await page.screenshot({ path: `test-results/product-photo-larger-${width}.png` });
        await page.keyboard.press("Escape");
        await expect(viewer).toBeHidden();
      });

    if (mine())
      test("the order table keeps quantity and amount apart", async ({ page }) => {
        const [product] = (await catalog(page)).filter((p) => p.price > 0);
        const cartItems = [
          {
            id: product!.id,
            quantity: 1,
            name: product!.name,
            price: product!.price,
            image: product!.image,
            category: product!.category,
          },
        ];
        const order = await placeOrderThroughApi(page.request, { cartItems, email: "ana.ruiz@example.test" });
        await page.goto(`/order-confirmation?order=${order.orderNumber}&t=${order.accessToken}`);
        const row = page.getByRole("row").filter({ hasText: product!.name });
        const [qty, amount] = [row.getByRole("cell").nth(1), row.getByRole("cell").nth(2)];
        await expect(amount).toBeVisible();
        const edge = (cell: typeof qty, side: "left" | "right") =>
          cell.evaluate((td, which) => {
            const range = document.createRange();
            range.selectNodeContents(td);
            return range.getBoundingClientRect()[which as "left" | "right"];
          }, side);
        const a = await edge(amount, "left");
        const qRight = await edge(qty, "right");
        // at least 8 px between the quantity's last digit and the amount's first character
        expect(a - qRight).toBeGreaterThanOrEqual(8);
      });

    if (width === 375) {
      test("the chat button steps aside while a form field has focus", async ({ page }) => {
        await page.goto("/contact");
        const chat = page.getByRole("button", { name: "Open chat" });
        await expect(chat).toBeVisible();
        const phone = page.getByRole("textbox", { name: /Phone/ }).first();
        await phone.click();
        await expect(phone).toBeFocused();
        await expect(chat).toBeHidden();
        await page.screenshot({ path: "test-results/chat-button-aside-375.png" });
        await page.getByRole("heading", { level: 1 }).click();
        await expect(chat).toBeVisible();
      });
    }
  });
}
