import { randomBytes } from "node:crypto";
import { type VariantFormat, variantId } from "@ch/contracts/media";
import { type Executor, schema } from "@ch/db";
import { eq, inArray } from "drizzle-orm";

const { media } = schema;

/** One encoded size and format of an image (upload.service.ts makes them). */
export interface Variant {
  width: number;
  format: VariantFormat;
  body: Buffer;
  actualWidth: number;
  actualHeight: number;
}

export interface StoredMedia {
  url: string;
  width: number;
  height: number;
}

export async function readMedia(db: Executor, id: string) {
  const [row] = await db
    .select({ contentType: media.contentType, data: media.data })
    .from(media)
    .where(eq(media.id, id))
    .limit(1);
  return row ? { contentType: row.contentType, body: Buffer.from(row.data, "base64") } : null;
}

/** The uploaded original of a responsive variant's stem (contracts/media.ts), whatever its format. */
export async function readOriginal(db: Executor, stem: string) {
  const originals = ["webp", "jpg", "jpeg", "png"].map((ext) => `${stem}.${ext}`);
  const [original] = await db
    .select({ id: media.id, data: media.data })
    .from(media)
    .where(inArray(media.id, originals))
    .limit(1);
  return original ?? null;
}

export async function getMediaSize(db: Executor, url: string) {
  const id = url.replace(/^\/media\//, "");
  const [row] = await db
    .select({ width: media.width, height: media.height })
    .from(media)
    .where(eq(media.id, id))
    .limit(1);
  return row ?? null;
}

export async function insertVariants(db: Executor, originalId: string, variants: Variant[]) {
  if (variants.length === 0) return;
  await db
    .insert(media)
    .values(
      variants.map((v) => ({
        id: variantId(originalId, v.width, v.format),
        contentType: `image/${v.format}`,
        width: v.actualWidth,
        height: v.actualHeight,
        bytes: v.body.length,
        data: v.body.toString("base64"),
      })),
    )
    .onConflictDoNothing();
}

export async function storeMedia(
  db: Executor,
  file: {
    body: Buffer;
    contentType: string;
    width: number;
    height: number;
    extension: string;
    variants?: Variant[];
  },
): Promise<StoredMedia> {
  const id = `upload-${randomBytes(9).toString("base64url")}.${file.extension}`;
  await db.transaction(async (tx) => {
    await tx.insert(media).values({
      id,
      contentType: file.contentType,
      width: file.width,
      height: file.height,
      bytes: file.body.length,
      data: file.body.toString("base64"),
    });
    await insertVariants(tx, id, file.variants ?? []);
  });
  return { url: `/media/${id}`, width: file.width, height: file.height };
}
