// Image upload (raw body → WebP with its size) and the CSV exports (escaping, formula injection, filters).
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "../src/modules/admin/exports.service";
import { orderBody, type TestApps, useSignedInApps } from "./harness";
import { solidImage } from "./images";
import { uploadMedia } from "./staff-requests";

let apps: TestApps;
let cookie: string;
useSignedInApps((signedIn) => {
  ({ apps, cookie } = signedIn);
});

const png = (width: number, height: number) => solidImage(width, height, "png", { r: 40, g: 90, b: 140 });

const upload = (body: Buffer, type: string) => uploadMedia(apps, cookie, body, type);

describe("POST /api/admin/media", () => {
  it("converts a PNG to WebP, keeps its size and serves it on both origins", async () => {
    const res = await upload(await png(640, 480), "image/png");
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ width: 640, height: 480 });
    expect(body.url).toMatch(/^\/media\/upload-[A-Za-z0-9_-]+\.webp$/);
    for (const app of [apps.storefront, apps.backoffice]) {
      const image = await app.inject({ method: "GET", url: body.url });
      expect(image.statusCode).toBe(200);
      expect(image.headers["content-type"]).toBe("image/webp");
      const meta = await sharp(image.rawPayload).metadata();
      expect(meta.format).toBe("webp");
      expect([meta.width, meta.height]).toEqual([640, 480]);
    }
  });

  it("scales a large image down to 1600 px on its longer side", async () => {
    const res = await upload(
      await sharp(await png(3200, 2000))
        .jpeg()
        .toBuffer(),
      "image/jpeg",
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ width: 1600, height: 1000 });
  });

  it("refuses other types, broken images and bodies over 8 MB", async () => {
    const gif = await upload(Buffer.from("GIF89a"), "image/gif");
    expect(gif.statusCode).toBe(415);
    const broken = await upload(Buffer.from("not really a png"), "image/png");
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toContain("not a readable");
    const huge = await upload(Buffer.alloc(8 * 1024 * 1024 + 10), "image/png");
    expect(huge.statusCode).toBe(413);
  });

  it("keeps the JSON-only rule and 64 KB limit everywhere else", async () => {
    const res = await apps.backoffice.inject({
      method: "PUT",
      url: "/api/admin/orders/1/status",
      headers: { cookie, "content-type": "image/png" },
      payload: await png(10, 10),
    });
    expect(res.statusCode).toBe(415);
  });

  it("records the upload, the setup and sign-ins in the audit log", async () => {
    const res = await apps.backoffice.inject({ method: "GET", url: "/api/trpc/admin.audit", headers: { cookie } });
    const entries = res.json().result.data as { action: string; adminName: string }[];
    expect(entries.some((e) => e.action === "media.upload" && e.adminName === "owner")).toBe(true);
    // the account's creation and every sign-in are in the same log
    expect(entries.filter((e) => e.action === "admin.setup")).toHaveLength(1);
    expect(entries.some((e) => e.action === "admin.login" && e.adminName === "owner")).toBe(true);
  });
});

describe("CSV", () => {
  it("quotes commas, quotes and line breaks, and defuses formulas", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi", ok')).toBe('"say ""hi"", ok"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+1 555")).toBe("'+1 555");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(null)).toBe("");
    expect(toCsv(["a", "b"], [[1, "x"]])).toBe("\uFEFFa,b\r\n1,x\r\n");
  });

  it("exports orders with the list's filters", async () => {
    const [product] = (await apps.storefront.inject({ method: "GET", url: "/api/products" })).json() as {
      id: number;
      price: number;
    }[];
    const place = (overrides: Record<string, unknown>) =>
      apps.storefront.inject({
        method: "POST",
        url: "/api/orders",
        payload: orderBody([{ id: product!.id, quantity: 1, price: product!.price }], overrides),
      });
    expect((await place({ firstName: "=cmd|'/C calc'!A0", email: "evil@example.com" })).statusCode).toBe(201);
    expect((await place({ firstName: 'Ana, "Jr"', email: "ana@example.com" })).statusCode).toBe(201);

    const res = await apps.backoffice.inject({ method: "GET", url: "/api/admin/orders.csv", headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(
      "Order Number,Date,Customer,Email,Product,Amount (USD),Order Status,Payment Status,Payment Method",
    );
    expect(res.body).toContain("'=cmd|'/C calc'!A0 Gonzalez");
    expect(res.body).toContain('"Ana, ""Jr"" Gonzalez"');

    const filtered = await apps.backoffice.inject({
      method: "GET",
      url: "/api/admin/orders.csv?q=ana%40example",
      headers: { cookie },
    });
    const rows = filtered.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain("ana@example.com");
    const none = await apps.backoffice.inject({
      method: "GET",
      url: "/api/admin/orders.csv?status=delivered",
      headers: { cookie },
    });
    expect(
      none.body
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n"),
    ).toHaveLength(1);
  });

  it("exports every lead with its source", async () => {
    const sent = await apps.storefront.inject({
      method: "POST",
      url: "/api/contact",
      payload: {
        firstName: "@Lee",
        lastName: "Chan",
        email: "lee@example.com",
        message: 'Line one\nline two, "quoted"',
      },
    });
    expect(sent.statusCode).toBeLessThan(300);
    const res = await apps.backoffice.inject({
      method: "GET",
      url: "/api/admin/contacts.csv?q=lee%40example",
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    const body = res.body.replace(/^\uFEFF/, "");
    expect(
      body.startsWith(
        "Date,Source,First Name,Last Name,Email,Phone,Project Type,Budget,Preferred Time,Status,Message,Delivery ZIP,Delivery State\r\n",
      ),
    ).toBe(true);
    expect(body).toContain(",contact-form,'@Lee,Chan,lee@example.com,");
    expect(body).toContain('"Line one\nline two, ""quoted"""');
  });
});
