import { type Executor, schema } from "@ch/db";
import { asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { GalleryItemDto, galleryItemInput } from "../../contracts/content";
import { badRequest, notFound } from "../../lib/errors";
import { announceCatalogChange } from "../../lib/read-cache";
import { getMediaSize } from "../media/media.service";

const { galleryItems } = schema;
type GalleryInput = z.infer<typeof galleryItemInput>;

const columns = {
  id: galleryItems.id,
  title: galleryItems.title,
  category: galleryItems.category,
  image: galleryItems.image,
  width: galleryItems.width,
  height: galleryItems.height,
};

export async function listGallery(db: Executor): Promise<GalleryItemDto[]> {
  return db.select(columns).from(galleryItems).orderBy(asc(galleryItems.sortOrder), asc(galleryItems.id));
}

async function sizeOf(db: Executor, url: string) {
  const size = await getMediaSize(db, url);
  if (!size)
    throw badRequest("Invalid body: image is not an uploaded image", [
      { path: ["image"], message: "is not an uploaded image" },
    ]);
  return size;
}

export async function createGalleryItem(db: Executor, input: GalleryInput): Promise<GalleryItemDto> {
  const size = await sizeOf(db, input.image);
  const [row] = await db
    .insert(galleryItems)
    .values({
      ...input,
      ...size,
      sortOrder: sql`(select coalesce(max(${galleryItems.sortOrder}), -1) + 1 from ${galleryItems})`,
    })
    .returning(columns);
  await announceCatalogChange(db);
  return row!;
}

export async function updateGalleryItem(db: Executor, id: number, input: GalleryInput): Promise<GalleryItemDto> {
  const size = await sizeOf(db, input.image);
  const [row] = await db
    .update(galleryItems)
    .set({ ...input, ...size })
    .where(eq(galleryItems.id, id))
    .returning(columns);
  if (!row) throw notFound("Gallery item not found");
  await announceCatalogChange(db);
  return row;
}

export async function deleteGalleryItem(db: Executor, id: number): Promise<void> {
  const rows = await db.delete(galleryItems).where(eq(galleryItems.id, id)).returning({ id: galleryItems.id });
  if (rows.length === 0) throw notFound("Gallery item not found");
  await announceCatalogChange(db);
}

/** Sets the display order to the order of `ids`; ids not listed keep their relative order after them. */
export async function reorderGallery(db: Executor, ids: number[]): Promise<GalleryItemDto[]> {
  const existing = await db.select({ id: galleryItems.id }).from(galleryItems).orderBy(asc(galleryItems.sortOrder));
  const known = new Set(existing.map((r) => r.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) throw notFound(`Gallery items not found: ${unknown.join(", ")}`);
  const ordered = [...new Set(ids), ...existing.map((r) => r.id).filter((id) => !ids.includes(id))];
  for (const [index, id] of ordered.entries()) {
    await db.update(galleryItems).set({ sortOrder: index }).where(eq(galleryItems.id, id));
  }
  await announceCatalogChange(db);
  return listGallery(db);
}
