import { PRODUCT_CATEGORIES } from "@ch/contracts/constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderBody, startTestApps, type TestApps } from "./harness";

let apps: TestApps;
beforeAll(async () => {
  apps = await startTestApps();
});
afterAll(async () => {
  await apps?.close();
});

const get = (url: string) => apps.storefront.inject({ method: "GET", url });
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  apps.storefront.inject({ method: "POST", url, payload: payload as object, headers });
/** A body sent as written, not serialised: to /api/contact with the given content type. */
const postRawContact = (payload: string, contentType: string) =>
  apps.storefront.inject({ method: "POST", url: "/api/contact", payload, headers: { "content-type": contentType } });

async function products() {
  return (await get("/api/products")).json() as {
    id: number;
    name: string;
    price: number;
    inStock: boolean;
    category: string;
  }[];
}

describe("catalog", () => {
  it("lists the seed products in every category, with the chat's models and prices", async () => {
    const list = await products();
    const categories = new Set(list.map((p) => p.category));
    for (const c of PRODUCT_CATEGORIES) {
      expect(categories.has(c)).toBe(true);
    }
    const byName = (fragment: string) => list.find((p) => p.name.includes(fragment));
    expect(byName("Cleveland")?.price).toBe(43116);
    expect(byName("Abilene")?.price).toBe(43116);
    expect(byName("Dallas")?.price).toBe(86232);
    expect(byName("Austin")?.price).toBe(129348);
    expect(list.some((p) => !p.inStock)).toBe(true);
  });

  it("filters by category and returns featured products", async () => {
    const res = await get("/api/products?category=20ft-homes");
    expect(res.statusCode).toBe(200);
    const list = res.json() as { category: string }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((p) => p.category === "20ft-homes")).toBe(true);
    const featured = (await get("/api/products/featured")).json() as { featured: boolean }[];
    expect(featured.length).toBeGreaterThan(0);
    expect(featured.every((p) => p.featured)).toBe(true);
  });

  it("returns one product, 404 for a missing one and 400 for a bad id", async () => {
    const [first] = await products();
    const res = await get(`/api/products/${first!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: first!.id, name: first!.name });
    expect((await get("/api/products/999999")).statusCode).toBe(404);
    for (const bad of ["abc", "0", "-1", "1.5", "2147483648", "1e309"]) {
      const r = await get(`/api/products/${bad}`);
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().issues[0].path).toEqual(["id"]);
    }
  });

  it("serves product images from the API with their size", async () => {
    const [first] = (await get("/api/products")).json() as { images: string[]; imageDetails: { width: number }[] }[];
    expect(first!.imageDetails[0]!.width).toBeGreaterThan(0);
    const image = await get(first!.images[0]!);
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/webp");
  });
});

describe("content", () => {
  it("lists gallery items and published posts only", async () => {
    const gallery = (await get("/api/gallery")).json() as { category: string }[];
    expect(gallery.length).toBeGreaterThanOrEqual(12);
    expect(new Set(gallery.map((g) => g.category))).toEqual(new Set(["exterior", "interior", "commercial"]));
    const posts = (await get("/api/blog?published=true")).json() as {
      slug: string;
      published: boolean;
      category: string;
    }[];
    expect(posts.length).toBeGreaterThanOrEqual(7);
    expect(posts.every((p) => p.published)).toBe(true);
    expect(new Set(posts.map((p) => p.category)).size).toBe(4);
    const one = await get(`/api/blog/${posts[0]!.slug}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().content.length).toBeGreaterThan(500);
    expect((await get("/api/blog/no-such-article")).statusCode).toBe(404);
    expect((await get("/api/blog/Not_A_Slug")).statusCode).toBe(400);
  });
});

describe("orders", () => {
  it("prices the order on the server and answers 201 with an order number", async () => {
    const list = await products();
    const a = list.find((p) => p.inStock)!;
    const res = await post("/api/orders", orderBody([{ id: a.id, quantity: 2, price: a.price }]));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.orderNumber).toMatch(/^CH-\d{4}-\d{6}$/);
    // priced by the pricing engine: San Antonio is within 100 miles of the yard, Texas rates
    expect(body.subtotal).toBe(a.price * 2);
    expect(body.shipping).toBe(1500);
    expect(body.deliveryLabel).toBe("Up to 100 miles");
    expect(body.taxLines.map((t: { label: string }) => t.label)).toEqual([
      expect.stringMatching(/^TX sales tax \(6\.25 ?%\)$/),
      expect.stringMatching(/^TX sales tax on delivery \(6\.25 ?%\)$/),
    ]);
    expect(Math.round(body.tax * 100)).toBe(Math.round((a.price * 2 + 1500) * 625) / 100);
    expect(body.totalAmount).toBe(orderBody([{ id: a.id, quantity: 2, price: a.price }]).totalAmount);
    expect(body.lines).toEqual([expect.objectContaining({ productId: a.id, quantity: 2, unitPrice: a.price })]);
  });

  it("refuses a total that differs from the server's by more than a cent, with the server's figures", async () => {
    const a = (await products()).find((p) => p.inStock)!;
    const body = orderBody([{ id: a.id, quantity: 1, price: a.price }]);
    const res = await post("/api/orders", { ...body, totalAmount: body.totalAmount - 1000 });
    expect(res.statusCode).toBe(409);
    expect(res.json().totalAmount).toBe(body.totalAmount);
    const withinCent = await post("/api/orders", { ...body, totalAmount: body.totalAmount + 0.01 });
    expect(withinCent.statusCode).toBe(201);
  });

  it("refuses unknown and out-of-stock products with 409 naming them", async () => {
    const list = await products();
    const out = list.find((p) => !p.inStock)!;
    const res = await post("/api/orders", orderBody([{ id: out.id, quantity: 1, price: out.price }]));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(out.name);
    const unknown = await post("/api/orders", orderBody([{ id: 987654, quantity: 1, price: 10 }]));
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().unknownProductIds).toEqual([987654]);
  });

  it("validates fields with 400 naming the field", async () => {
    const a = (await products()).find((p) => p.inStock)!;
    const good = orderBody([{ id: a.id, quantity: 1, price: a.price }]);
    const cases: [Record<string, unknown>, string][] = [
      [{ email: "not-an-email" }, "email"],
      [{ zipCode: "7820" }, "zipCode"],
      [{ state: "Narnia" }, "state"],
      [{ paymentMethod: "cash" }, "paymentMethod"],
      [{ firstName: "" }, "firstName"],
      [{ cartItems: [] }, "cartItems"],
      [{ status: "paid" }, ""],
    ];
    for (const [change, field] of cases) {
      const res = await post("/api/orders", { ...good, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      if (field) expect(res.json().issues[0].path[0]).toBe(field);
    }
    const tooMany = await post("/api/orders", {
      ...good,
      cartItems: [{ id: a.id, quantity: 11 }],
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it("replays an Idempotency-Key and refuses it with another body", async () => {
    const a = (await products()).find((p) => p.inStock)!;
    const body = orderBody([{ id: a.id, quantity: 1, price: a.price }]);
    const key = "checkout-key-0001-abcdef";
    const first = await post("/api/orders", body, { "idempotency-key": key });
    const again = await post("/api/orders", body, { "idempotency-key": key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json().orderNumber).toBe(first.json().orderNumber);
    const other = await post("/api/orders", { ...body, city: "Austin" }, { "idempotency-key": key });
    expect(other.statusCode).toBe(422);
    const shortKey = await post("/api/orders", body, { "idempotency-key": "short" });
    expect(shortKey.statusCode).toBe(400);
  });

  it("lets a customer look up an order by number and e-mail, with one answer for any mismatch", async () => {
    const a = (await products()).find((p) => p.inStock)!;
    const placed = (await post("/api/orders", orderBody([{ id: a.id, quantity: 1, price: a.price }]))).json();
    const found = await post("/api/orders/lookup", { orderNumber: placed.orderNumber, email: "MARIA@example.com" });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({
      orderNumber: placed.orderNumber,
      status: "pending",
      paymentStatus: "pending",
    });
    const wrongEmail = await post("/api/orders/lookup", { orderNumber: placed.orderNumber, email: "x@example.com" });
    const wrongNumber = await post("/api/orders/lookup", { orderNumber: "CH-2020-000001", email: "maria@example.com" });
    expect(wrongEmail.statusCode).toBe(404);
    expect(wrongNumber.json()).toEqual(wrongEmail.json());
  });
});

describe("leads, ROI, chat and visits", () => {
  it("accepts a contact enquiry, with or without a message on either form", async () => {
    const ann = { firstName: "Ann", lastName: "Lee", email: "ann@example.com" };
    const ok = await post("/api/contact", {
      ...ann,
      phone: "",
      projectType: "40ft-home",
      budget: "100k-250k",
      message: "",
    });
    expect(ok.statusCode).toBe(201);
    const missing = await post("/api/contact", { ...ann, source: "contact-page" });
    // one rule for the home page's form and /contact: the message is optional (issue 23, item 7)
    expect(missing.statusCode).toBe(201);
    const badType = await post("/api/contact", { ...ann, projectType: "castle" });
    expect(badType.statusCode).toBe(400);
  });

  it("takes quote and call requests, about a product", async () => {
    const [p] = await products();
    const quote = await post("/api/quote-requests", {
      kind: "quote",
      firstName: "Bo",
      lastName: "Ray",
      email: "bo@example.com",
      productId: p!.id,
    });
    expect(quote.statusCode).toBe(201);
    expect(quote.json().source).toBe("quote-request");
    const call = await post("/api/quote-requests", {
      kind: "call",
      firstName: "Bo",
      lastName: "Ray",
      email: "bo@example.com",
      phone: "210-555-0199",
      preferredTime: "Weekday mornings",
    });
    expect(call.json().source).toBe("call-request");
  });

  it("recomputes ROI figures on the server", async () => {
    const res = await post("/api/roi", {
      investment: 64649,
      monthlyRent: 275,
      occupancy: 18,
      monthlyExpenses: 200,
      roi: 1,
      paybackPeriod: 1,
      email: null,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ monthlyIncome: 4950, paybackMonths: 14 });
    expect(res.json().roiPercent).toBeCloseTo(88.17, 2);
    const outOfRange = await post("/api/roi", {
      investment: 10,
      monthlyRent: 275,
      occupancy: 18,
      monthlyExpenses: 200,
      email: null,
    });
    expect(outOfRange.statusCode).toBe(400);
  });

  it("stores a chat forward and answers at once", async () => {
    const res = await post("/api/telegram/chat", {
      message: "Can you call me about a quote?",
      userInfo: { currentPage: "/products", device: "Desktop", browser: "Chrome" },
    });
    expect(res.statusCode).toBe(202);
    const bad = await post("/api/telegram/chat", {
      message: "hi",
      userInfo: { currentPage: "/", device: "Fridge", browser: "Chrome" },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("records page views and skips bots", async () => {
    const human = await post(
      "/api/visits",
      { path: "/products", referrer: "https://www.google.com/" },
      {
        "user-agent":
          "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1",
      },
    );
    expect(human.statusCode).toBe(202);
    expect(human.json()).toEqual({ recorded: true, newVisitor: true });
    const bot = await post(
      "/api/visits",
      { path: "/" },
      { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
    );
    expect(bot.json()).toEqual({ recorded: false, newVisitor: false });
  });
});

describe("errors", () => {
  it("answers malformed JSON, wrong content types, oversized bodies and unknown paths clearly", async () => {
    const malformed = await postRawContact("{bad json", "application/json");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe("Malformed JSON body");
    const form = await postRawContact("a=b", "application/x-www-form-urlencoded");
    expect(form.statusCode).toBe(415);
    const huge = await post("/api/contact", {
      firstName: "a",
      lastName: "b",
      email: "a@b.co",
      message: "x".repeat(70_000),
    });
    expect(huge.statusCode).toBe(413);
    const unknown = await get("/api/nothing-here");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain("No route");
    const proto = await postRawContact('{"__proto__":{"x":1},"firstName":"a"}', "application/json");
    expect(proto.statusCode).toBe(400);
  });

  it("does not serve admin paths on the storefront origin", async () => {
    expect((await get("/api/admin/session")).statusCode).toBe(404);
    expect((await post("/api/admin/login", { username: "a", password: "b" })).statusCode).toBe(404);
  });

  it("publishes an OpenAPI 3.1 document of every REST path and a reference page", async () => {
    const doc = (await get("/api/openapi.json")).json();
    expect(doc.openapi).toBe("3.1.0");
    for (const path of [
      "/api/products",
      "/api/products/{id}",
      "/api/orders",
      "/api/admin/orders/{id}/status",
      "/api/admin/visitor-stats",
      "/api/admin/media",
      "/api/admin/orders.csv",
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    const page = await get("/api/docs");
    expect(page.headers["content-type"]).toContain("text/html");
  });

  it("reports health and readiness", async () => {
    expect((await get("/healthz")).json()).toEqual({ status: "ok" });
    expect((await get("/readyz")).json()).toEqual({ status: "ready" });
  });
});
