// Pictures: responsive variants (AVIF/WebP srcset, sizes, width and height) on every list, lazy
// below the fold, the largest paint fetched first and preloaded with the same candidates, a
// product's pictures all drawn from its one building model, and the home page's hero.
import { expect, test } from "./fixtures";

const variantSrcset = /^\/media\/[a-z0-9-]+\.400w\.(avif|webp) 400w, \/media\/[a-z0-9-]+\.800w\.\1 800w, /;

test.describe("responsive images", () => {
  test("product cards carry AVIF and WebP srcsets, sizes, width and height; those below the fold load lazily", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/products");
    const cards = page.getByTestId("product-card");
    await expect(cards).toHaveCount(13);
    const images = await cards.evaluateAll((els) =>
      els.map((card) => {
        const img = card.querySelector("picture img") as HTMLImageElement;
        const source = card.querySelector('picture source[type="image/avif"]') as HTMLSourceElement;
        return {
          src: img.getAttribute("src"),
          srcset: img.getAttribute("srcset"),
          sizes: img.getAttribute("sizes"),
          width: img.getAttribute("width"),
          height: img.getAttribute("height"),
          loading: img.getAttribute("loading"),
          fetchpriority: img.getAttribute("fetchpriority"),
          avif: source?.getAttribute("srcset"),
          avifSizes: source?.getAttribute("sizes"),
          top: img.getBoundingClientRect().top,
        };
      }),
    );
    for (const image of images) {
      expect(image.src).toMatch(/^\/media\/product-[a-z-]+-1\.webp$/);
      expect(image.srcset).toMatch(variantSrcset);
      expect(image.srcset).toContain(".1200w.webp 1200w");
      expect(image.avif).toMatch(variantSrcset);
      expect(image.sizes).toBeTruthy();
      expect(image.avifSizes).toBe(image.sizes);
      expect([image.width, image.height]).toEqual(["1200", "800"]);
      // below the first screenful: lazy
      if (image.top > 900) expect(image.loading).toBe("lazy");
    }
    expect(images[0]!.fetchpriority).toBe("high");
    expect(images.filter((i) => i.fetchpriority === "high")).toHaveLength(1);
    // the browser picked a small variant for a card about 395 px wide, not the 1200 px original
    const current = await page
      .locator('[data-testid="product-card"] picture img')
      .first()
      .evaluate((img) => (img as HTMLImageElement).currentSrc);
    expect(current).toMatch(/\.(400|800)w\.avif$/);
  });

  test("the LCP image's preload names the same AVIF candidates as its <picture>", async ({ page }) => {
    for (const path of ["/product/1", "/"]) {
      const html = await (await page.request.get(path)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      const preload =
        /<link rel="preload" as="image" type="image\/avif" fetchPriority="high" imageSrcSet="([^"]+)" imageSizes="([^"]+)" href="([^"]+)"\/>/.exec(
          head,
        );
      expect(preload, path).not.toBeNull();
      // the href (every <link> needs one) is one of the candidates
      const candidates = preload![1]!.split(", ").map((c) => c.split(" ")[0]);
      expect(candidates, path).toContain(preload![3]);
      await page.goto(path);
      const picture = page.locator('picture:has(img[fetchpriority="high"])').first();
      await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute("srcset", preload![1]!);
      await expect(picture.locator("img")).toHaveAttribute("sizes", preload![2]!);
    }
  });

  test("a product's three pictures are views of its one building model", async ({ page, request }) => {
    const products = (await (await request.get("/api/products")).json()) as {
      id: number;
      name: string;
      images: string[];
    }[];
    for (const product of products) {
      expect(product.images, product.name).toHaveLength(3);
      const model = /^\/media\/product-([a-z-]+)-1\.webp$/.exec(product.images[0]!)?.[1];
      expect(model, product.name).toBeTruthy();
      expect(product.images).toEqual([1, 2, 3].map((n) => `/media/product-${model}-${n}.webp`));
    }
    await page.goto("/product/1");
    const gallery = page.getByRole("list").filter({ has: page.getByRole("button", { name: "Show image 1" }) });
    const thumbs = await gallery.locator("img").evaluateAll((els) => els.map((e) => e.getAttribute("src")));
    expect(thumbs).toEqual([1, 2, 3].map((n) => `/media/product-cleveland-${n}.webp`));
    // every thumbnail loads (its variants exist), and choosing one shows it large
    await expect
      .poll(() =>
        gallery.locator("img").evaluateAll((els) => els.every((e) => (e as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true);
    await page.getByRole("button", { name: "Show image 3" }).click();
    await expect(page.getByRole("img", { name: "The Cleveland, image 3 of 3" })).toHaveAttribute(
      "src",
      "/media/product-cleveland-3.webp",
    );
  });

  test("the home page has a hero picture, fetched first, and its variants are served", async ({ page }) => {
    await page.goto("/");
    const hero = page.locator("section").first().locator("picture img");
    await expect(hero).toHaveAttribute("src", "/media/hero-container-home.webp");
    await expect(hero).toHaveAttribute("fetchpriority", "high");
    await expect(hero).toHaveAttribute("width", "1600");
    await expect(hero).toHaveAttribute("height", "1000");
    await expect.poll(() => hero.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const avif = await page.request.get("/media/hero-container-home.1600w.avif");
    expect(avif.status()).toBe(200);
    expect(avif.headers()["content-type"]).toBe("image/avif");
    // the featured cards and the gallery below the fold wait until they are scrolled near
    const lazy = await page
      .locator("#gallery picture img, #featured-title ~ * picture img")
      .evaluateAll((els) => els.map((e) => e.getAttribute("loading")));
    expect(lazy.length).toBeGreaterThan(0);
    expect(new Set(lazy)).toEqual(new Set(["lazy"]));
  });

  test("gallery tiles and blog cards use the same responsive picture", async ({ page }) => {
    await page.goto("/gallery");
    const tile = page.getByTestId("gallery-tile").first().locator("picture");
    await expect(tile.locator('source[type="image/avif"]')).toHaveAttribute("srcset", variantSrcset);
    await expect(tile.locator("img")).toHaveAttribute("width", "1200");
    await page.goto("/blog");
    const card = page.getByTestId("blog-card").first().locator("picture");
    await expect(card.locator('source[type="image/avif"]')).toHaveAttribute("srcset", variantSrcset);
    await expect(card.locator("img")).toHaveAttribute("height", "800");
  });
});
