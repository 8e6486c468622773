// Turns an uploaded JPEG, PNG or WebP into a WebP of at most 1600 px on its longer side.
import type { Executor } from "@ch/db";
import type { OutputInfo } from "sharp";
import { AppError, badRequest } from "../../lib/errors";
import { type StoredMedia, storeMedia } from "./media.service";

export const MEDIA_MAX_BYTES = 8 * 1024 * 1024;
export const UPLOAD_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
const MAX_EDGE = 1600;
/** Refuse decompression bombs: 50 megapixels is far above any camera photo we expect. */
const MAX_INPUT_PIXELS = 50_000_000;

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
  let output: { data: Buffer; info: OutputInfo };
  try {
    // sharp (libvips, about 27 MB) is loaded with the first upload, not by every API process at start
    const { default: sharp } = await import("sharp");
    output = await sharp(body, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw badRequest("The file is not a readable JPEG, PNG or WebP image");
  }
  return storeMedia(db, {
    body: output.data,
    contentType: "image/webp",
    width: output.info.width,
    height: output.info.height,
    extension: "webp",
  });
}
