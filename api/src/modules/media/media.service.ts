import { randomBytes } from "node:crypto";
import { type VariantFormat, variantId } from "@ch/contracts/media";
import { type Executor, schema } from "@ch/db";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { ObjectStore } from "./object-store";

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

/** Bytes kept inline (base64, before object storage) or, once moved, the object of the media storage. */
export interface StoredBytes {
  data: string | null;
  objectKey: string | null;
}

/** A row's bytes, wherever they are; null when its object is gone. */
export async function bytesOf(store: ObjectStore, row: StoredBytes): Promise<Buffer | null> {
  if (row.data !== null) return Buffer.from(row.data, "base64");
  return row.objectKey ? store.get(row.objectKey) : null;
}

/**
 * Puts every object, and only then lets `record` write the rows that name them: a store that fails
 * leaves no row (503), and a record that fails takes the objects back out.
 */
export async function putThenRecord<T>(
  store: ObjectStore,
  objects: readonly { key: string; body: Uint8Array; contentType: string }[],
  record: () => Promise<T>,
): Promise<T> {
  const keys = objects.map((o) => o.key);
  try {
    await Promise.all(objects.map((o) => store.put(o.key, o.body, o.contentType)));
    return await record();
  } catch (error) {
    await store.delete(keys).catch(() => {});
    throw error;
  }
}

export const mediaKey = (id: string) => `media/${id}`;

export async function findMedia(db: Executor, id: string) {
  const [row] = await db
    .select({ contentType: media.contentType, data: media.data, objectKey: media.objectKey })
    .from(media)
    .where(eq(media.id, id))
    .limit(1);
  return row ?? null;
}

/** The uploaded original of a responsive variant's stem (contracts/media.ts), whatever its format. */
export async function findOriginal(db: Executor, stem: string) {
  const originals = ["webp", "jpg", "jpeg", "png"].map((ext) => `${stem}.${ext}`);
  const [original] = await db
    .select({ id: media.id, data: media.data, objectKey: media.objectKey })
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

const variantObject = (originalId: string, v: Variant) => ({
  id: variantId(originalId, v.width, v.format),
  contentType: `image/${v.format}`,
  width: v.actualWidth,
  height: v.actualHeight,
  body: v.body,
});

type MediaObject = ReturnType<typeof variantObject>;

async function storeObjects(db: Executor, store: ObjectStore, files: MediaObject[]) {
  if (files.length === 0) return;
  await putThenRecord(
    store,
    files.map((f) => ({ key: mediaKey(f.id), body: f.body, contentType: f.contentType })),
    () =>
      db
        .insert(media)
        .values(
          files.map((f) => ({
            id: f.id,
            contentType: f.contentType,
            width: f.width,
            height: f.height,
            bytes: f.body.length,
            objectKey: mediaKey(f.id),
          })),
        )
        .onConflictDoNothing(),
  );
}

export async function insertVariants(db: Executor, store: ObjectStore, originalId: string, variants: Variant[]) {
  await storeObjects(
    db,
    store,
    variants.map((v) => variantObject(originalId, v)),
  );
}

export async function storeMedia(
  db: Executor,
  store: ObjectStore,
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
  await storeObjects(db, store, [
    { id, contentType: file.contentType, width: file.width, height: file.height, body: file.body },
    ...(file.variants ?? []).map((v) => variantObject(id, v)),
  ]);
  return { url: `/media/${id}`, width: file.width, height: file.height };
}

const { projectDocuments } = schema;
const MOVE_BATCH = 50;

/**
 * Moves bytes still kept inline (base64 rows from before object storage, and fresh seed images) into the
 * media storage, a batch at a time, while the site runs: each object is stored before its row stops
 * holding the bytes, so a reader always finds them in one place or the other. Safe to run twice, and in
 * several processes at once (the same key gets the same bytes; a row already moved is left alone).
 * Answers how many files it moved.
 */
export async function moveInlineBytes(db: Executor, store: ObjectStore): Promise<number> {
  let moved = 0;
  for (;;) {
    const images = await db
      .select({ id: media.id, contentType: media.contentType, data: media.data })
      .from(media)
      .where(isNotNull(media.data))
      .limit(MOVE_BATCH);
    for (const row of images) {
      await store.put(mediaKey(row.id), Buffer.from(row.data!, "base64"), row.contentType);
      await db
        .update(media)
        .set({ data: null, objectKey: mediaKey(row.id) })
        .where(and(eq(media.id, row.id), isNotNull(media.data)));
    }
    const documents = await db
      .select({
        id: projectDocuments.id,
        orderId: projectDocuments.orderId,
        fileName: projectDocuments.fileName,
        contentType: projectDocuments.contentType,
        data: projectDocuments.data,
      })
      .from(projectDocuments)
      .where(isNotNull(projectDocuments.data))
      .limit(MOVE_BATCH);
    for (const row of documents) {
      const key = documentKey(row.orderId, row.fileName, `moved-${row.id}`);
      await store.put(key, Buffer.from(row.data!, "base64"), row.contentType);
      await db
        .update(projectDocuments)
        .set({ data: null, objectKey: key })
        .where(and(eq(projectDocuments.id, row.id), isNotNull(projectDocuments.data)));
    }
    moved += images.length + documents.length;
    if (images.length < MOVE_BATCH && documents.length < MOVE_BATCH) return moved;
  }
}

/** A project file's object key: under its order, with a random part nobody can guess or enumerate. */
export const documentKey = (orderId: number, fileName: string, unique = randomBytes(12).toString("base64url")) =>
  `documents/${orderId}/${unique}-${fileName.replace(/[^A-Za-z0-9._-]/g, "-").slice(0, 80)}`;
