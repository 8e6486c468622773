import { expect, expectToast, pngBytes, STOREFRONT, signIn, test } from "./helpers";

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

const image = (name: string, rgb: [number, number, number]) => ({
  name,
  mimeType: "image/png",
  buffer: pngBytes(300, 200, rgb),
});

test("products: create with an uploaded image, edit, delete; the storefront follows at once", async ({ page }) => {
  await page.goto("/admin?tab=products");
  await page.getByRole("button", { name: "Add Product" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Product" });
  await dialog.getByLabel("Name").fill("The Llano Test Home");
  await dialog.getByLabel("Description").fill("A 40 ft home with a covered deck, built for the Hill Country.");
  await dialog.getByLabel("Category").selectOption("40ft-homes");
  await dialog.getByLabel("Price (USD)").fill("91234.5");
  await dialog.getByLabel("Bedrooms").fill("2");
  await dialog.getByLabel("Square feet").fill("640");
  await dialog.getByLabel("Featured on the home page").check();
  await dialog.locator("input[type=file]").setInputFiles(image("deck.png", [200, 120, 40]));
  await expect(dialog.getByRole("img", { name: "Product 1" })).toBeVisible();
  await dialog.getByRole("button", { name: "Create Product" }).click();
  await expectToast(page, "Product Created");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("row", { name: /The Llano Test Home/ })).toContainText("$91,234.50");

  const list = (await (await page.request.get(`${STOREFRONT}/api/products`)).json()) as { id: number; name: string }[];
  const created = list.find((p) => p.name === "The Llano Test Home");
  expect(created).toBeTruthy();
  const product = await (await page.request.get(`${STOREFRONT}/api/products/${created!.id}`)).json();
  expect(product).toMatchObject({
    price: 91234.5,
    category: "40ft-homes",
    featured: true,
    inStock: true,
    specs: { bedrooms: 2, sqft: 640 },
  });
  expect(product.imageDetails[0]).toMatchObject({ width: 300, height: 200 });
  const img = await page.request.get(`${STOREFRONT}${product.images[0]}`);
  expect(img.status()).toBe(200);
  expect(img.headers()["content-type"]).toBe("image/webp");

  await page.goto("/admin?tab=products");
  await page.getByRole("button", { name: "Edit The Llano Test Home" }).click();
  const edit = page.getByRole("dialog", { name: "Edit The Llano Test Home" });
  await expect(edit.getByLabel("Name")).toHaveValue("The Llano Test Home");
  await edit.getByLabel("Name").fill("The Llano Deck Home");
  await edit.getByLabel("Price (USD)").fill("95000");
  await edit.getByLabel("In stock").uncheck();
  await edit.locator("input[type=file]").setInputFiles(image("second.png", [20, 120, 200]));
  await expect(edit.getByRole("img", { name: "Product 2" })).toBeVisible();
  await edit.getByRole("button", { name: "Move image 2 earlier" }).click();
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Product Updated");
  const updated = await (await page.request.get(`${STOREFRONT}/api/products/${created!.id}`)).json();
  expect(updated).toMatchObject({ name: "The Llano Deck Home", price: 95000, inStock: false });
  expect(updated.images).toHaveLength(2);
  expect(updated.images[1]).toBe(product.images[0]);

  // unchecking Published makes it a draft: a badge in the list, 404 on the storefront
  await page.getByRole("button", { name: "Edit The Llano Deck Home" }).click();
  await page.getByRole("dialog", { name: "Edit The Llano Deck Home" }).getByLabel("Published").uncheck();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Product Updated");
  await expect(page.getByRole("row", { name: /The Llano Deck Home/ })).toContainText("Draft");
  expect((await page.request.get(`${STOREFRONT}/api/products/${created!.id}`)).status()).toBe(404);

  await page.getByRole("button", { name: "Delete The Llano Deck Home" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete product?" });
  await expect(confirm).toContainText("cannot be undone");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("row", { name: /The Llano Deck Home/ })).toBeVisible();
  await page.getByRole("button", { name: "Delete The Llano Deck Home" }).click();
  await page.getByRole("dialog", { name: "Delete product?" }).getByRole("button", { name: "Delete Product" }).click();
  await expectToast(page, "Product Deleted");
  await expect(page.getByRole("row", { name: /The Llano Deck Home/ })).toHaveCount(0);
  expect((await page.request.get(`${STOREFRONT}/api/products/${created!.id}`)).status()).toBe(404);
});

test("gallery: add, edit, reorder and remove", async ({ page }) => {
  await page.goto("/admin?tab=products");
  await page.getByRole("link", { name: "Manage Gallery" }).click();
  await expect(page).toHaveURL(/\/admin\/gallery$/);
  const before = (await (await page.request.get(`${STOREFRONT}/api/gallery`)).json()) as {
    id: number;
    title: string;
  }[];

  await page.getByRole("button", { name: "Add Gallery Item" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Gallery Item" });
  await dialog.getByLabel("Title").fill("Test Deck at Sunset");
  await dialog.getByLabel("Category").selectOption("exterior");
  await dialog.locator("input[type=file]").setInputFiles(image("sunset.png", [220, 100, 60]));
  await expect(dialog.getByRole("img", { name: "Selected" })).toBeVisible();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Gallery Item Added");
  let gallery = (await (await page.request.get(`${STOREFRONT}/api/gallery`)).json()) as { id: number; title: string }[];
  expect(gallery).toHaveLength(before.length + 1);
  expect(gallery.at(-1)?.title).toBe("Test Deck at Sunset");

  await page.getByRole("button", { name: "Edit Test Deck at Sunset" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Gallery Item" });
  await edit.getByLabel("Title").fill("Test Deck at Dusk");
  await edit.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Gallery Item Updated");

  await page.getByRole("button", { name: "Move Test Deck at Dusk up" }).click();
  await expectToast(page, "Gallery Reordered");
  gallery = (await (await page.request.get(`${STOREFRONT}/api/gallery`)).json()) as { id: number; title: string }[];
  expect(gallery.at(-2)?.title).toBe("Test Deck at Dusk");
  expect(gallery.at(-1)?.title).toBe(before.at(-1)?.title);

  await page.getByRole("button", { name: "Delete Test Deck at Dusk" }).click();
  await page.getByRole("dialog", { name: "Delete gallery item?" }).getByRole("button", { name: "Delete Item" }).click();
  await expectToast(page, "Gallery Item Deleted");
  gallery = (await (await page.request.get(`${STOREFRONT}/api/gallery`)).json()) as { id: number; title: string }[];
  expect(gallery.map((g) => g.title)).toEqual(before.map((g) => g.title));
});

test("blog: write, publish, unpublish, edit and delete a post", async ({ page }) => {
  await page.goto("/admin/blog");
  await page.getByRole("button", { name: "New Post" }).click();
  const dialog = page.getByRole("dialog", { name: "New Post" });
  await dialog.getByLabel("Title").fill("Permits for Container Homes in Bexar County");
  await expect(dialog.getByLabel("Slug")).toHaveValue("permits-for-container-homes-in-bexar-county");
  await dialog.getByLabel("Category").selectOption("construction");
  await dialog.getByLabel("Excerpt").fill("What the county asks for before a container home goes in.");
  await dialog.getByLabel("Content").fill("Start with the site plan.\n\nThen the foundation drawings.");
  await dialog.locator("input[type=file]").setInputFiles(image("cover.png", [60, 140, 90]));
  await expect(dialog.getByRole("img", { name: "Cover" })).toBeVisible();
  await dialog.getByLabel("Published (visible on the storefront)").check();
  await dialog.getByRole("button", { name: "Save Post" }).click();
  await expectToast(page, "Post Created");
  const slug = "permits-for-container-homes-in-bexar-county";
  const live = await page.request.get(`${STOREFRONT}/api/blog/${slug}`);
  expect(live.status()).toBe(200);
  expect((await live.json()).title).toBe("Permits for Container Homes in Bexar County");

  const row = page.getByRole("row", { name: /Permits for Container Homes/ });
  await expect(row).toContainText("Published");
  await row.getByRole("button", { name: /^Unpublish/ }).click();
  await expectToast(page, "Post Unpublished");
  await expect(row).toContainText("Draft");
  expect((await page.request.get(`${STOREFRONT}/api/blog/${slug}`)).status()).toBe(404);
  await row.getByRole("button", { name: /^Publish/ }).click();
  await expectToast(page, "Post Published");
  expect((await page.request.get(`${STOREFRONT}/api/blog/${slug}`)).status()).toBe(200);

  await row.getByRole("button", { name: /^Edit/ }).click();
  const edit = page.getByRole("dialog", { name: "Edit Post" });
  await edit.getByLabel("Title").fill("Permits for Container Homes in Bexar County (2026)");
  await expect(edit.getByLabel("Slug")).toHaveValue(slug);
  await edit.getByRole("button", { name: "Save Post" }).click();
  await expectToast(page, "Post Updated");
  expect((await (await page.request.get(`${STOREFRONT}/api/blog/${slug}`)).json()).title).toBe(
    "Permits for Container Homes in Bexar County (2026)",
  );

  await page
    .getByRole("row", { name: /Bexar County \(2026\)/ })
    .getByRole("button", { name: /^Delete/ })
    .click();
  await page.getByRole("dialog", { name: "Delete post?" }).getByRole("button", { name: "Delete Post" }).click();
  await expectToast(page, "Post Deleted");
  expect((await page.request.get(`${STOREFRONT}/api/blog/${slug}`)).status()).toBe(404);
});
