import { expect, expectToast, fillNameAndEmail, holdRequests, procedureRefusal, test } from "./fixtures";

test.describe("home", () => {
  test("sections in order, anchors, counts, ROI defaults and save", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Containerized HOMES Built Different");
    const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
    const order = [
      "Find Your Container Build",
      "Featured Builds",
      "ROI Calculator",
      "How It Works",
      "Project Gallery",
      "Latest From the Blog",
      "Let's Build Together",
    ];
    expect(headings.filter((h) => order.includes(h))).toEqual(order);
    for (const id of ["calculator", "how-it-works", "gallery", "blog", "contact"]) {
      await expect(page.locator(`#${id}`)).toHaveCount(1);
    }
    // the category tiles and their "From" prices: catalog-walk.spec.ts
    await expect(page.locator("#gallery").getByTestId("gallery-tile")).toHaveCount(6);
    await expect(page.locator("#blog").getByTestId("blog-card")).toHaveCount(3);
    await expect(page.getByRole("heading", { name: /Design & Plan/ })).toBeVisible();

    // ROI defaults: 275 x 18 = 4,950 a month; (4,950 - 200) x 12 = 57,000 a year; 64,649 / 57,000 x 12 = 14 months
    await expect(page.getByTestId("roi-income")).toHaveText("$4,950");
    await expect(page.getByTestId("roi-payback")).toHaveText("Expected return: 14 months");
    const slider = page.getByLabel("Rent per Day");
    await expect(slider).toHaveAttribute("min", "50");
    await expect(slider).toHaveAttribute("max", "500");
    await expect(slider).toHaveAttribute("step", "25");
    await expect(page.getByLabel("Monthly Expenses")).toHaveValue("200");
    // the sliders are disabled until the page has hydrated: a key press before then would be lost
    await expect(slider).toBeEnabled();
    await slider.focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByTestId("roi-income")).toHaveText("$5,400");

    const request = page.waitForRequest("**/api/trpc/leads.saveRoi");
    await page.getByRole("button", { name: "Save Analysis" }).click();
    expect((await request).postDataJSON()).toMatchObject({
      investment: 64649,
      monthlyRent: 300,
      occupancy: 18,
      email: null,
    });
    await expectToast(page, "Analysis Saved", "Your ROI calculation has been saved successfully.");
    await page.getByLabel("Email (optional)").fill("investor@example.com");
    const second = page.waitForRequest("**/api/trpc/leads.saveRoi");
    await page.getByRole("button", { name: "Save Analysis" }).click();
    expect((await second).postDataJSON().email).toBe("investor@example.com");
  });

  test("ROI save failure says so under the form", async ({ page }) => {
    await page.route("**/api/trpc/leads.saveRoi", (route) => route.fulfill({ status: 500, body: "boom" }));
    await page.goto("/");
    await page.getByRole("button", { name: "Save Analysis" }).click();
    await expect(page.locator("#calculator").getByRole("alert")).toHaveText(
      "We couldn't save your calculation just now. Please try again.",
    );
  });

  test("How it Works and the hero button scroll to their anchors from any page", async ({ page }) => {
    await page.goto("/gallery");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "How it Works" }).click();
    await expect(page).toHaveURL(/\/#how-it-works$/);
    await expect(page.locator("#how-it-works")).toBeInViewport();
    await page.goto("/");
    await page.getByRole("link", { name: "Calculate Your ROI" }).click();
    await expect(page.locator("#calculator")).toBeInViewport();
  });

  test("home contact form: Sending... then success and reset", async ({ page }) => {
    await page.goto("/");
    const form = page.locator("#contact");
    await fillNameAndEmail(form, { firstName: "Hank", lastName: "Hill", email: "hank@example.com" });
    await form.getByLabel("Project Type").selectOption("40ft-home");
    await form.getByLabel("Budget").selectOption("100k-250k");
    const release = await holdRequests(page, "**/api/trpc/leads.contact");
    const request = page.waitForRequest("**/api/trpc/leads.contact");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("button", { name: "Sending..." })).toBeDisabled();
    expect((await request).postDataJSON()).toMatchObject({
      firstName: "Hank",
      projectType: "40ft-home",
      message: null,
    });
    release();
    await expectToast(page, "Message Sent!", "Thank you for your inquiry. We'll get back to you soon.");
    await expect(form.getByLabel("First Name")).toHaveValue("");
  });
});

test.describe("contact page", () => {
  test("message is optional (as on the home page), source contact-page, 24-hour text; failure keeps values", async ({
    page,
  }) => {
    await page.goto("/contact");
    await expect(page.getByText("Monday - Friday")).toBeVisible();
    await expect(page.getByText("8:00 AM - 6:00 PM")).toBeVisible();
    await expect(page.getByText("9:00 AM - 4:00 PM")).toBeVisible();
    await expect(page.getByRole("heading", { name: "What to Expect" })).toBeVisible();
    await expect(page.getByText("Over 9 years")).toBeVisible();
    await fillNameAndEmail(page, { firstName: "Peggy", lastName: "Hill", email: "peggy@example.com" });
    await expect(page.getByRole("textbox", { name: "Message" })).not.toHaveAttribute("required");

    await page.route("**/api/trpc/leads.contact", (route) => route.fulfill({ status: 500, body: "down" }), {
      times: 1,
    });
    await page.getByRole("textbox", { name: "Message" }).fill("A 40ft home near Arlen, please.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("form", { name: "Contact form" }).getByRole("alert")).toHaveText(
      "We couldn't send your message just now. Please try again.",
    );
    await expect(page.getByLabel("First Name")).toHaveValue("Peggy");

    const request = page.waitForRequest("**/api/trpc/leads.contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    expect((await request).postDataJSON()).toMatchObject({
      source: "contact-page",
      message: "A 40ft home near Arlen, please.",
    });
    await expectToast(page, "Message Sent!", "We'll get back to you within 24 hours.");
  });

  test("Schedule Call Instead opens the call dialog and sends a call request", async ({ page }) => {
    await page.goto("/contact");
    await page.getByRole("button", { name: "Schedule Call Instead" }).click();
    const dialog = page.getByRole("dialog", { name: "Schedule a Call" });
    await expect(dialog).toBeVisible();
    // showModal() moves focus into the dialog (its first focusable element)
    await expect(dialog.locator(":focus")).toHaveCount(1);
    await fillNameAndEmail(dialog, { firstName: "Dale", lastName: "Gribble", email: "dale@example.com" });
    await dialog.getByLabel("Phone").fill("210 555 0111");
    await dialog.getByLabel("Preferred Time").fill("Weekdays after 3 PM");
    const request = page.waitForRequest("**/api/trpc/leads.requestQuote");
    await dialog.getByRole("button", { name: "Request Call" }).click();
    expect((await request).postDataJSON()).toMatchObject({ kind: "call", preferredTime: "Weekdays after 3 PM" });
    await expectToast(page, "Call Requested");
    await expect(page.getByRole("button", { name: "Schedule Call Instead" })).toBeFocused();
  });
});

test.describe("quote requests", () => {
  test("product page Request Quote sends the product id; Escape closes the dialog", async ({ page }) => {
    await page.goto("/product/4");
    await page.getByRole("button", { name: "Schedule Consultation" }).click();
    await expect(page.getByRole("dialog", { name: "Schedule a Consultation" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Schedule Consultation" })).toBeFocused();

    await page.getByRole("button", { name: "Request Quote" }).click();
    const dialog = page.getByRole("dialog", { name: "Request a Quote" });
    await expect(dialog).toContainText("About: The Dallas");
    await fillNameAndEmail(dialog, { firstName: "Bobby", lastName: "Hill", email: "bobby@example.com" });
    await dialog.getByLabel("Message").fill("Two units, please.");
    const response = page.waitForResponse("**/api/trpc/leads.requestQuote");
    await dialog.getByRole("button", { name: "Request Quote" }).click();
    const answer = await response;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toMatchObject({ kind: "quote", productId: 4 });
    await expectToast(page, "Quote Requested");
  });
});

test.describe("gallery", () => {
  test("filter and the lightbox with keyboard, wrap-around and focus return", async ({ page }) => {
    await page.goto("/gallery");
    await expect(page.getByTestId("gallery-tile")).toHaveCount(15);
    await page.getByRole("button", { name: "Interior", exact: true }).click();
    await expect(page.getByTestId("gallery-tile")).toHaveCount(5);
    await page.getByRole("button", { name: "All", exact: true }).click();
    await expect(page.getByTestId("gallery-tile")).toHaveCount(15);

    const first = page.getByTestId("gallery-tile").first();
    await first.click();
    const box = page.getByTestId("lightbox");
    await expect(box).toBeVisible();
    await expect(page.getByTestId("lightbox-counter")).toContainText("1 of 15");
    await expect(box.getByRole("heading")).toHaveText("Hill Country Retreat, Wimberley");
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByTestId("lightbox-counter")).toContainText("15 of 15");
    await page.keyboard.press("ArrowRight");
    await expect(page.getByTestId("lightbox-counter")).toContainText("1 of 15");
    await box.getByRole("button", { name: "Next image" }).click();
    await expect(page.getByTestId("lightbox-counter")).toContainText("2 of 15");
    await box.getByRole("button", { name: "Previous image" }).click();
    await box.getByRole("button", { name: "Previous image" }).click();
    await expect(page.getByTestId("lightbox-counter")).toContainText("15 of 15");
    // focus stays inside the open lightbox
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog")))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(box).toHaveCount(0);
    await expect(first).toBeFocused();
    await page.getByTestId("gallery-tile").nth(2).click();
    await page.getByTestId("lightbox").getByRole("button", { name: "Close" }).click();
    await expect(page.getByTestId("lightbox")).toHaveCount(0);
  });
});

test.describe("navigation", () => {
  test("unknown route shows the 404 screen", async ({ page }) => {
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByRole("button", { name: "Open chat" })).toBeVisible();
  });

  test("mobile menu: links, View Cart count, closes on choice and on Escape", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/product/1");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu.getByRole("link", { name: "View Cart (2 items)" })).toBeVisible();
    for (const name of ["Products", "How it Works", "About", "Gallery", "Blog", "Contact", "Go to Cart"]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole("button", { name: "Schedule Call" })).toBeVisible();
    await menu.getByRole("link", { name: "Gallery" }).click();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(menu).toHaveCount(0);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("navigation", { name: "Mobile" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("each page view is reported to /api/visits", async ({ page }) => {
    const visits: unknown[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/visits")) visits.push(r.postDataJSON());
    });
    await page.goto("/");
    await expect.poll(() => visits.length).toBe(1);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Gallery" }).click();
    await expect.poll(() => visits.length).toBe(2);
    expect(visits).toEqual([
      { path: "/", referrer: null },
      { path: "/gallery", referrer: null },
    ]);
  });

  test("order look-up rate limit is explained", async ({ page }) => {
    await page.route("**/api/trpc/orders.lookup", (route) => route.fulfill(procedureRefusal(429, "Too many requests")));
    await page.goto("/order-status");
    await page.getByLabel("Order Number").fill("CH-2026-000001");
    await page.getByLabel("Email").fill("a@example.com");
    await page.getByRole("button", { name: "Look Up Order" }).click();
    await expect(page.getByRole("alert")).toContainText("Too many look-ups");
  });
});
