import { type Executor, schema } from "@ch/db";
import { desc, eq } from "drizzle-orm";
import type { BlogPostDto, BlogPostInput } from "../../contracts/content";
import { conflict, notFound } from "../../lib/errors";
import { announceCatalogChange } from "../../lib/read-cache";

const { blogPosts } = schema;
type BlogRow = typeof blogPosts.$inferSelect;

export function toBlogDto(row: BlogRow): BlogPostDto {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    image: row.image,
    category: row.category,
    published: row.published,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listPosts(
  db: Executor,
  options: { published?: boolean | undefined; limit?: number | undefined; offset?: number | undefined } = {},
): Promise<BlogPostDto[]> {
  const query = db
    .select()
    .from(blogPosts)
    .where(options.published === undefined ? undefined : eq(blogPosts.published, options.published))
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
    .$dynamic();
  if (options.limit !== undefined) query.limit(options.limit);
  if (options.offset !== undefined) query.offset(options.offset);
  return (await query).map(toBlogDto);
}

export async function getPostBySlug(db: Executor, slug: string, { includeDrafts = false } = {}): Promise<BlogPostDto> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.slug, slug)).limit(1);
  if (!row || (!row.published && !includeDrafts)) throw notFound("Article not found");
  return toBlogDto(row);
}

async function assertSlugFree(db: Executor, slug: string, exceptId?: number) {
  const [row] = await db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, slug)).limit(1);
  if (row && row.id !== exceptId) throw conflict(`The slug "${slug}" is already used by another post`);
}

export async function createPost(db: Executor, input: BlogPostInput, now: Date): Promise<BlogPostDto> {
  await assertSlugFree(db, input.slug);
  const [row] = await db
    .insert(blogPosts)
    .values({ ...input, createdAt: now, updatedAt: now })
    .returning();
  await announceCatalogChange(db);
  return toBlogDto(row!);
}

export async function updatePost(db: Executor, id: number, input: BlogPostInput, now: Date): Promise<BlogPostDto> {
  await assertSlugFree(db, input.slug, id);
  const [row] = await db
    .update(blogPosts)
    .set({ ...input, updatedAt: now })
    .where(eq(blogPosts.id, id))
    .returning();
  if (!row) throw notFound("Article not found");
  await announceCatalogChange(db);
  return toBlogDto(row);
}

export async function deletePost(db: Executor, id: number): Promise<void> {
  const rows = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
  if (rows.length === 0) throw notFound("Article not found");
  await announceCatalogChange(db);
}
