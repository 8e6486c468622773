// Responsive image variants (docs/decisions/0008-responsive-images.md): made at upload and at seed
// time, served from the media table with their own content type and a long cache, unknown ones 404.

import { srcSet, VARIANT_WIDTHS, variantUrl } from "@ch/contracts/media";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { solidImage } from "./images";
import { useMediaUploads } from "./staff-requests";

const staff = useMediaUploads();
const { upload } = staff;

const picture = (width: number, height: number) => solidImage(width, height, "jpeg", { r: 150, g: 90, b: 40 });

describe("variants made at upload", () => {
  it("stores AVIF and WebP at 400/800/1200 (never enlarged) and serves them with a year-long cache", async () => {
    const res = await upload(await picture(1000, 500), "image/jpeg");
    expect(res.statusCode).toBe(201);
    const { url } = res.json() as { url: string };
    for (const width of VARIANT_WIDTHS) {
      for (const format of ["avif", "webp"] as const) {
        const variant = await staff.apps.storefront.inject({ method: "GET", url: variantUrl(url, width, format) });
        expect(variant.statusCode, `${width} ${format}`).toBe(200);
        expect(variant.headers["content-type"]).toBe(`image/${format}`);
        expect(variant.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
        const meta = await sharp(variant.rawPayload).metadata();
        expect(meta.format).toBe(format === "avif" ? "heif" : "webp");
        expect(meta.width).toBe(Math.min(width, 1000));
        expect(meta.height).toBe(Math.min(width, 1000) / 2);
      }
    }
    // the srcset names each candidate with the width it really has, once
    expect(srcSet(url, "webp", 1000)).toBe(
      `${variantUrl(url, 400, "webp")} 400w, ${variantUrl(url, 800, "webp")} 800w, ${variantUrl(url, 1200, "webp")} 1000w`,
    );
  });

  it("adds a 1600 variant for a wide original", async () => {
    const res = await upload(await picture(2400, 1200), "image/jpeg");
    const { url, width } = res.json() as { url: string; width: number };
    expect(width).toBe(1600);
    const wide = await staff.apps.storefront.inject({ method: "GET", url: variantUrl(url, 1600, "avif") });
    expect(wide.statusCode).toBe(200);
    expect((await sharp(wide.rawPayload).metadata()).width).toBe(1600);
  });

  it("checks what the bytes decode as, not the declared type", async () => {
    const gif = await solidImage(20, 20, "gif");
    const res = await upload(gif, "image/png");
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      message: "The file is GIF, not the image/png it was sent as: send a JPEG, PNG or WebP image",
      issues: [],
    });
    const svg = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'),
      "image/webp",
    );
    expect(svg.statusCode).toBe(415);
  });
});

describe("seeded variants", () => {
  it("every product image has its variants in the media table, and the hero exists", async () => {
    const products = (await staff.apps.storefront.inject({ method: "GET", url: "/api/products" })).json() as {
      images: string[];
    }[];
    const image = products[0]!.images[0]!;
    for (const url of [image, "/media/hero-container-home.webp", variantUrl(image, 400, "avif")]) {
      const res = await staff.apps.storefront.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
    }
    const hero = await staff.apps.storefront.inject({ method: "GET", url: "/media/hero-container-home.1600w.avif" });
    expect(hero.headers["content-type"]).toBe("image/avif");
  });
});

describe("unknown variants", () => {
  it("404 for a width or format outside the convention, or a variant of no image", async () => {
    const [product] = (await staff.apps.storefront.inject({ method: "GET", url: "/api/products" })).json() as {
      images: string[];
    }[];
    const stem = product!.images[0]!.replace(/\.webp$/, "");
    for (const url of [
      `${stem}.500w.webp`,
      `${stem}.400w.png`,
      `${stem}.400w.gif`,
      "/media/no-such-image.400w.avif",
      "/media/no-such-image.webp",
    ]) {
      const res = await staff.apps.storefront.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ message: "Not found", issues: [] });
      expect(res.headers["cache-control"] ?? "").not.toContain("immutable");
    }
  });

  it("makes a missing variant of an image stored before variants existed, once", async () => {
    const { schema } = await import("@ch/db");
    const original = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#345" } })
      .webp()
      .toBuffer();
    await staff.apps.db.handle.db.insert(schema.media).values({
      id: "legacy-upload.webp",
      contentType: "image/webp",
      width: 900,
      height: 600,
      bytes: original.length,
      data: original.toString("base64"),
    });
    const res = await staff.apps.storefront.inject({ method: "GET", url: "/media/legacy-upload.800w.avif" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/avif");
    expect((await sharp(res.rawPayload).metadata()).width).toBe(800);
    const again = await staff.apps.storefront.inject({ method: "GET", url: "/media/legacy-upload.800w.avif" });
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
  });
});
