// Turns an uploaded JPEG, PNG or WebP into a WebP of at most 1600 px on its longer side, plus its
// responsive variants (AVIF and WebP at the widths of contracts/media.ts), all stored in the media
// table so every API process serves them.
//
// Image work is the costliest thing the API does, so (issue 15, hole 8):
// 1. the declared content type is only a claim: the header of the bytes is read first (cheap, no
//    pixels decoded) and anything that is not JPEG, PNG or WebP is refused with 415;
// 2. an image over MAX_INPUT_PIXELS is refused from that header with 413, before any decoding
//    (limitInputPixels stays as the decoder's own backstop);
// 3. one conversion runs at a time per process (imageQueue), with libvips on one thread, so image work
//    never takes more than one core from the pages; a few more wait, and past that the answer is 503.
import { EventEmitter } from "node:events";
import { parseVariantId, VARIANT_FORMATS, type VariantFormat, variantWidths } from "@ch/contracts/media";
import type { Executor } from "@ch/db";
import type { OutputInfo, Sharp } from "sharp";
import { AppError, badRequest, serviceUnavailable } from "../../lib/errors";
import {
  bytesOf,
  findMedia,
  findOriginal,
  insertVariants,
  mediaKey,
  type StoredMedia,
  storeMedia,
  type Variant,
} from "./media.service";
import type { ObjectStore } from "./object-store";

export const MEDIA_MAX_BYTES = 8 * 1024 * 1024;
export const UPLOAD_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
/** What the bytes must decode as, whatever the request's content type said. */
const DECODED_FORMATS = new Set(["jpeg", "png", "webp"]);
const MAX_EDGE = 1600;
/**
 * Refuse decompression bombs and needless work: 32 megapixels takes a 24 MP camera photo (6000 × 4000)
 * and a 30 MP one; every stored image is at most 1600 px wide anyway.
 */
export const MAX_INPUT_PIXELS = 32_000_000;
/** Image jobs a process holds at once (the running one and those waiting); more are refused (503, retry). */
export const MAX_IMAGE_JOBS = 5;

// sharp (libvips, about 27 MB) is loaded with the first image work, not by every API process at start;
// one libvips thread and no operation cache: one conversion at a time uses one core and frees its memory
type SharpFactory = typeof import("sharp")["default"];
let sharpFactory: SharpFactory | null = null;
const loadSharp = async (): Promise<SharpFactory> => {
  if (!sharpFactory) {
    const loaded = (await import("sharp")).default;
    loaded.concurrency(1);
    loaded.cache(false);
    sharpFactory = loaded;
  }
  return sharpFactory;
};

/**
 * Runs image work one job at a time in this process, in arrival order. Emits "start" and "end" with
 * each job's number (the tests watch them).
 */
export const imageQueue = (() => {
  const events = new EventEmitter();
  let tail: Promise<unknown> = Promise.resolve();
  let pending = 0;
  let next = 0;
  return {
    events,
    /** Jobs accepted and not finished (the running one included). */
    get pending() {
      return pending;
    },
    run<T>(job: () => Promise<T>): Promise<T> {
      if (pending >= MAX_IMAGE_JOBS) {
        return Promise.reject(
          serviceUnavailable("Other images are being converted; please try again in a few seconds"),
        );
      }
      pending += 1;
      const id = ++next;
      const result = tail.then(async () => {
        events.emit("start", id);
        try {
          return await job();
        } finally {
          pending -= 1;
          events.emit("end", id);
        }
      });
      tail = result.catch(() => {});
      return result;
    },
  };
})();

/** "49 megapixels", "32.01 megapixels": rounded up, so a size just over the budget never reads as equal to it. */
const megapixels = (pixels: number) => `${Math.ceil(pixels / 10_000) / 100} megapixels`;

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
  store: ObjectStore,
  contentType: string | undefined,
  body: unknown,
): Promise<StoredMedia> {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (!(UPLOAD_TYPES as readonly string[]).includes(type)) {
    throw new AppError(415, "Unsupported image type: send image/jpeg, image/png or image/webp");
  }
  if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest("The image is empty");
  await checkHeader(body, type);
  const converted = await imageQueue.run(() => convert(body));
  return storeMedia(db, store, converted);
}

/** Refuses, from the header alone and outside the queue, what is not JPEG, PNG or WebP, or too large. */
async function checkHeader(body: Buffer, declared: string) {
  const sharp = await loadSharp();
  // the header only (no pixel decoded, hence no pixel limit here) until format and size are acceptable
  let header: Awaited<ReturnType<Sharp["metadata"]>>;
  try {
    header = await sharp(body, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest("The file is not a readable JPEG, PNG or WebP image");
  }
  // the declared type is only a claim: an SVG, GIF, TIFF or HEIF sent as image/png is refused here
  if (!header.format || !DECODED_FORMATS.has(header.format)) {
    throw new AppError(
      415,
      `The file is ${header.format ? header.format.toUpperCase() : "of an unknown type"}, not the ${declared} it was sent as: send a JPEG, PNG or WebP image`,
    );
  }
  const pixels = (header.width ?? 0) * (header.pageHeight ?? header.height ?? 0);
  if (pixels > MAX_INPUT_PIXELS) {
    throw new AppError(
      413,
      `The image is ${header.width} × ${header.height} pixels (${megapixels(pixels)}); the most we take is ${megapixels(MAX_INPUT_PIXELS)}: resize it and upload it again`,
    );
  }
}

async function convert(body: Buffer) {
  const sharp = await loadSharp();
  let output: { data: Buffer; info: OutputInfo };
  let variants: Variant[];
  try {
    const input = sharp(body, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
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
  return {
    body: output.data,
    contentType: "image/webp",
    width: output.info.width,
    height: output.info.height,
    extension: "webp",
    variants,
  };
}

/**
 * Makes a missing variant of a stored original (an image stored before variants existed) so that
 * every URL of the convention resolves; the caller stores it.
 */
export async function makeVariant(original: Buffer, width: number, format: VariantFormat): Promise<Variant> {
  return imageQueue.run(async () => {
    const sharp = await loadSharp();
    return encodeVariant(sharp(original, { limitInputPixels: MAX_INPUT_PIXELS }), width, format);
  });
}

/** A stored image: its bytes, or the CDN address it is served from (MEDIA_PUBLIC_URL). */
export type MediaAnswer = { contentType: string } & ({ body: Buffer } | { redirect: string });

/**
 * A stored file by name. A responsive variant (contracts/media.ts) that is missing although its
 * original exists (an image stored before variants were made) is made now and stored, once.
 */
export async function getMedia(db: Executor, store: ObjectStore, id: string): Promise<MediaAnswer | null> {
  const found = await findMedia(db, id);
  if (found) {
    const redirect = found.data === null ? store.publicUrl(mediaKey(id)) : null;
    if (redirect) return { contentType: found.contentType, redirect };
    const body = await bytesOf(store, found);
    return body ? { contentType: found.contentType, body } : null;
  }
  const variant = parseVariantId(id);
  if (!variant) return null;
  const original = await findOriginal(db, variant.stem);
  const originalBytes = original && (await bytesOf(store, original));
  if (!original || !originalBytes) return null;
  const made = await makeVariant(originalBytes, variant.width, variant.format);
  await insertVariants(db, store, original.id, [made]);
  return { contentType: `image/${variant.format}`, body: made.body };
}
