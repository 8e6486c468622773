// Turns an uploaded JPEG, PNG or WebP into a WebP of at most 1600 px on its longer side, plus its
// responsive variants (AVIF and WebP at the widths of contracts/media.ts), all stored in the media
// table so every API process serves them.
import type { Executor } from "@ch/db";
import type { OutputInfo, Sharp } from "sharp";
import { VARIANT_FORMATS, type VariantFormat, variantWidths } from "../../contracts/media";
import { AppError, badRequest } from "../../lib/errors";
import { type StoredMedia, storeMedia } from "./media.service";

export const MEDIA_MAX_BYTES = 8 * 1024 * 1024;
export const UPLOAD_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
/** What the bytes must decode as, whatever the request's content type said. */
const DECODED_FORMATS = new Set(["jpeg", "png", "webp"]);
const MAX_EDGE = 1600;
/** Refuse decompression bombs: 50 megapixels is far above any camera photo we expect. */
const MAX_INPUT_PIXELS = 50_000_000;

// sharp (libvips, about 27 MB) is loaded with the first image work, not by every API process at start
const loadSharp = async () => (await import("sharp")).default;

export interface Variant {
  width: number;
  format: VariantFormat;
  body: Buffer;
  actualWidth: number;
  actualHeight: number;
}

/** One variant of a decoded image: never enlarged, AVIF at a fast effort (uploads wait for it). */
export async function encodeVariant(image: Sharp, width: number, format: VariantFormat): Promise<Variant> {
  const resized = image.clone().resize({ width, withoutEnlargement: true });
  const out =
    format === "avif"
      ? await resized.avif({ quality: 50, effort: 2 }).toBuffer({ resolveWithObject: true })
      : await resized.webp({ quality: 75 }).toBuffer({ resolveWithObject: true });
  return { width, format, body: out.data, actualWidth: out.info.width, actualHeight: out.info.height };
}

export async function convertUpload(
  db: Executor,
  contentType: string | undefined,
  body: unknown,
): Promise<StoredMedia> {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (!(UPLOAD_TYPES as readonly string[]).includes(type)) {
    throw new AppError(415, "Unsupported image type: send image/jpeg, image/png or image/webp");
  }
  if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest("The image is empty");
  const sharp = await loadSharp();
  let output: { data: Buffer; info: OutputInfo };
  let variants: Variant[];
  try {
    const input = sharp(body, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
    const { format } = await input.metadata();
    // the declared type is only a claim: a GIF, SVG or TIFF sent as image/png is refused here
    if (!format || !DECODED_FORMATS.has(format)) throw new Error(`decoded as ${format}`);
    const image = input.rotate().resize({ width: MAX_EDGE, height: MAX_EDGE, fit: "inside", withoutEnlargement: true });
    output = await image.clone().webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
    const fitted = sharp(output.data);
    variants = [];
    for (const width of variantWidths(output.info.width)) {
      for (const fmt of VARIANT_FORMATS) variants.push(await encodeVariant(fitted, width, fmt));
    }
  } catch {
    throw badRequest("The file is not a readable JPEG, PNG or WebP image");
  }
  return storeMedia(db, {
    body: output.data,
    contentType: "image/webp",
    width: output.info.width,
    height: output.info.height,
    extension: "webp",
    variants,
  });
}

/**
 * Makes a missing variant of a stored original (an image stored before variants existed) so that
 * every URL of the convention resolves; the caller stores it.
 */
export async function makeVariant(original: Buffer, width: number, format: VariantFormat): Promise<Variant> {
  const sharp = await loadSharp();
  return encodeVariant(sharp(original, { limitInputPixels: MAX_INPUT_PIXELS }), width, format);
}
