import { randomBytes } from "node:crypto";
import { type Executor, schema } from "@ch/db";
import { eq } from "drizzle-orm";

const { media } = schema;

export interface StoredMedia {
  url: string;
  width: number;
  height: number;
}

export async function getMedia(db: Executor, id: string) {
  const [row] = await db
    .select({ contentType: media.contentType, data: media.data })
    .from(media)
    .where(eq(media.id, id))
    .limit(1);
  return row ? { contentType: row.contentType, body: Buffer.from(row.data, "base64") } : null;
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

export async function storeMedia(
  db: Executor,
  file: { body: Buffer; contentType: string; width: number; height: number; extension: string },
): Promise<StoredMedia> {
  const id = `upload-${randomBytes(9).toString("base64url")}.${file.extension}`;
  await db.insert(media).values({
    id,
    contentType: file.contentType,
    width: file.width,
    height: file.height,
    bytes: file.body.length,
    data: file.body.toString("base64"),
  });
  return { url: `/media/${id}`, width: file.width, height: file.height };
}
