import type { ChangeFilter } from "@ch/contracts/change-filters";
import type { GalleryItemDto, galleryItemInput } from "@ch/contracts/content";
import { type Executor, schema } from "@ch/db";
import { and, asc, eq, gt, ne, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { PositionKey } from "../../lib/cursor";
import type { Deps } from "../../lib/deps";
import { badRequest, notFound } from "../../lib/errors";
import { announceCatalogChange } from "../../lib/read-cache";
import { deleteShownRow, updateShownRow } from "../../lib/shown-rows";
import { changeClauses } from "../../lib/sorted-page";
import { type Actor, auditedChange, entityAudit } from "../audit";
import { getMediaSize } from "../media";

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
  return updateShownRow(
    db,
    "Gallery item not found",
    db
      .update(galleryItems)
      .set({ ...input, ...size, updatedAt: sql`now()` })
      .where(eq(galleryItems.id, id))
      .returning(columns),
  );
}

export function deleteGalleryItem(db: Executor, id: number): Promise<{ ok: true }> {
  return deleteShownRow(db, galleryItems, galleryItems.id, id, "Gallery item not found");
}

/** Sets the display order to the order of `ids`; ids not listed keep their relative order after them. */
export async function reorderGallery(db: Executor, ids: number[]): Promise<GalleryItemDto[]> {
  const existing = await db.select({ id: galleryItems.id }).from(galleryItems).orderBy(asc(galleryItems.sortOrder));
  const known = new Set(existing.map((r) => r.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) throw notFound(`Gallery items not found: ${unknown.join(", ")}`);
  const ordered = [...new Set(ids), ...existing.map((r) => r.id).filter((id) => !ids.includes(id))];
  for (const [index, id] of ordered.entries()) {
    await db
      .update(galleryItems)
      .set({ sortOrder: index, updatedAt: sql`now()` })
      .where(and(eq(galleryItems.id, id), ne(galleryItems.sortOrder, index)));
  }
  await announceCatalogChange(db);
  return listGallery(db);
}

/** The admin list in display order (position asc, id asc), `limit` after the cursor; `position` is the cursor's key. */
export async function listGalleryPage(
  db: Executor,
  page: { limit: number; cursor?: PositionKey | undefined } & ChangeFilter,
): Promise<(GalleryItemDto & { position: number; createdAt: string; updatedAt: string })[]> {
  const c = page.cursor;
  const rows = await db
    .select({
      ...columns,
      position: galleryItems.sortOrder,
      createdAt: galleryItems.createdAt,
      updatedAt: galleryItems.updatedAt,
    })
    .from(galleryItems)
    .where(
      and(
        c
          ? or(
              gt(galleryItems.sortOrder, c.position),
              and(eq(galleryItems.sortOrder, c.position), gt(galleryItems.id, c.id)),
            )
          : undefined,
        ...changeClauses(galleryItems, page),
      ),
    )
    .orderBy(asc(galleryItems.sortOrder), asc(galleryItems.id))
    .limit(page.limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() }));
}

export async function getGalleryItem(db: Executor, id: number): Promise<GalleryItemDto> {
  const [row] = await db.select(columns).from(galleryItems).where(eq(galleryItems.id, id)).limit(1);
  if (!row) throw notFound("Gallery item not found");
  return row;
}

// ---- staff changes: one transaction with the audit entry, for tRPC and REST alike ----------------------

type StaffDeps = Pick<Deps, "db">;

const galleryAudit = entityAudit("gallery", (item: GalleryItemDto) => ({ title: item.title }));

export function createGalleryItemAs(deps: StaffDeps, actor: Actor, input: GalleryInput): Promise<GalleryItemDto> {
  return auditedChange(deps.db, actor, (tx) => createGalleryItem(tx, input), galleryAudit("gallery.create"));
}

export function updateGalleryItemAs(
  deps: StaffDeps,
  actor: Actor,
  id: number,
  input: GalleryInput,
): Promise<GalleryItemDto> {
  return auditedChange(deps.db, actor, (tx) => updateGalleryItem(tx, id, input), galleryAudit("gallery.update"));
}

export function deleteGalleryItemAs(deps: StaffDeps, actor: Actor, id: number): Promise<{ ok: true }> {
  return auditedChange(deps.db, actor, (tx) => deleteGalleryItem(tx, id), ["gallery.delete", "gallery", id]);
}

export function reorderGalleryAs(deps: StaffDeps, actor: Actor, ids: number[]): Promise<GalleryItemDto[]> {
  return auditedChange(deps.db, actor, (tx) => reorderGallery(tx, ids), ["gallery.reorder", "gallery", null, { ids }]);
}
