import type { ChangeFilter } from "@ch/contracts/change-filters";
import type {
  BlogPostDto,
  BlogPostInput,
  BlogPostSummary,
  BlogSearchParams,
  BlogSearchResult,
} from "@ch/contracts/content";
import { type Database, type Executor, schema } from "@ch/db";
import { and, desc, eq, ne, type SQL, sql } from "drizzle-orm";
import type { CreatedKey } from "../../lib/cursor";
import type { Deps } from "../../lib/deps";
import { conflict, notFound } from "../../lib/errors";
import { announceCatalogChange, CachedRead, readCache } from "../../lib/read-cache";
import { deleteShownRow, updateShownRow } from "../../lib/shown-rows";
import { createdPageWhere } from "../../lib/sorted-page";
import { type Actor, auditedChange, entityAudit } from "../audit";

const { blogPosts } = schema;
type BlogRow = Omit<typeof blogPosts.$inferSelect, "searchVector">;

/** Every column a client may see (not the search document). */
const postColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  content: blogPosts.content,
  image: blogPosts.image,
  category: blogPosts.category,
  published: blogPosts.published,
  createdAt: blogPosts.createdAt,
  updatedAt: blogPosts.updatedAt,
};
const summaryColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  image: blogPosts.image,
  category: blogPosts.category,
  createdAt: blogPosts.createdAt,
};

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

/** The published posts' addresses and last changes, newest first: what the sitemap lists, without their bodies. */
export async function publishedPostDates(db: Executor): Promise<{ slug: string; updatedAt: Date }[]> {
  return db
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(eq(blogPosts.published, true))
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id));
}

export async function listPosts(
  db: Executor,
  options: { published?: boolean | undefined; limit?: number | undefined; offset?: number | undefined } = {},
): Promise<BlogPostDto[]> {
  const query = db
    .select(postColumns)
    .from(blogPosts)
    .where(options.published === undefined ? undefined : eq(blogPosts.published, options.published))
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
    .$dynamic();
  if (options.limit !== undefined) query.limit(options.limit);
  if (options.offset !== undefined) query.offset(options.offset);
  return (await query).map(toBlogDto);
}

/**
 * One page of the published posts matching a search and a category. With words to search, the
 * posts are ranked by PostgreSQL full-text search over the generated `search_vector` (title words
 * weigh most, then the excerpt, then the body; GIN index), newest first among equals; without, newest
 * first. The total comes with the page (a window count), so one statement answers both.
 */
export async function searchPosts(db: Executor, params: BlogSearchParams): Promise<BlogSearchResult> {
  const { page, pageSize } = params;
  const query = params.q ? sql`websearch_to_tsquery('english'::regconfig, ${params.q})` : null;
  const where = and(
    eq(blogPosts.published, true),
    params.category ? eq(blogPosts.category, params.category) : undefined,
    params.exclude ? ne(blogPosts.slug, params.exclude) : undefined,
    query ? sql`${blogPosts.searchVector} @@ ${query}` : undefined,
  );
  const order: SQL[] = [desc(blogPosts.createdAt), desc(blogPosts.id)];
  if (query) order.unshift(desc(sql`ts_rank(${blogPosts.searchVector}, ${query})`));
  const rows = await db
    .select({ ...summaryColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(blogPosts)
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  let total = rows[0]?.total;
  if (total === undefined) {
    // past the last page (or nothing matches): the count alone
    total =
      page === 1
        ? 0
        : ((
            await db
              .select({ n: sql<number>`count(*)`.mapWith(Number) })
              .from(blogPosts)
              .where(where)
          )[0]?.n ?? 0);
  }
  return {
    posts: rows.map(
      ({ total: _total, ...row }): BlogPostSummary => ({ ...row, createdAt: row.createdAt.toISOString() }),
    ),
    total,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}

/**
 * `searchPosts` as a read of the public read cache, keyed by the normalised parameters (the text search
 * ignores case): one entry for GET /api/blog/search, its procedure, the pages and the server render.
 * Among the visitor-chosen entries: many different searches never push out the catalog's reads.
 */
export function publishedPostsSearch(db: Database, params: BlogSearchParams): CachedRead<BlogSearchResult> {
  return new CachedRead(`blog:search:${searchKey(params)}`, () => searchPosts(db, params), { chosen: true });
}

/** The value of `publishedPostsSearch`. */
export function searchPublishedPosts(db: Database, params: BlogSearchParams): Promise<BlogSearchResult> {
  return readCache(db).valueOf(publishedPostsSearch(db, params));
}

/** The same parameters in any spelling give the same key (the text search ignores case). */
export function searchKey(params: BlogSearchParams): string {
  return JSON.stringify([
    params.q?.toLowerCase() ?? "",
    params.category ?? "",
    params.page,
    params.pageSize,
    params.exclude ?? "",
  ]);
}

export async function getPostBySlug(db: Executor, slug: string, { includeDrafts = false } = {}): Promise<BlogPostDto> {
  const [row] = await db.select(postColumns).from(blogPosts).where(eq(blogPosts.slug, slug)).limit(1);
  if (!row || (!row.published && !includeDrafts)) throw notFound("Article not found");
  return toBlogDto(row);
}

/** One post as the back office's editor opens it (drafts too), by id. */
export async function getPostById(db: Executor, id: number): Promise<BlogPostDto> {
  const [row] = await db.select(postColumns).from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  if (!row) throw notFound("Post not found");
  return toBlogDto(row);
}

/** A row of the back office's post list: no body (the editor loads it with getPostById). */
export interface AdminPostSummary {
  id: number;
  slug: string;
  title: string;
  category: string;
  published: boolean;
  updatedAt: string;
}

export const ADMIN_POSTS_PAGE = 50;

/** A post's summary in the back office's lists (no body). */
const adminSummaryColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  category: blogPosts.category,
  published: blogPosts.published,
};

/** One page of every post (drafts too), newest first, with the total: the back office's Blog list. */
export async function listPostsForAdmin(
  db: Executor,
  options: { limit?: number | undefined; offset?: number | undefined } = {},
): Promise<{ posts: AdminPostSummary[]; total: number; limit: number; offset: number }> {
  const limit = options.limit ?? ADMIN_POSTS_PAGE;
  const offset = options.offset ?? 0;
  const rows = await db
    .select({ ...adminSummaryColumns, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
    .limit(limit)
    .offset(offset);
  const total =
    rows.length > 0 && rows.length < limit
      ? offset + rows.length
      : Number((await db.select({ n: sql<number>`count(*)::int` }).from(blogPosts))[0]?.n ?? 0);
  return { posts: rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })), total, limit, offset };
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
    .returning(postColumns);
  await announceCatalogChange(db);
  return toBlogDto(row!);
}

/** Writes a post's changed columns (404 with `missing` when there is none) and announces the change. */
const changePost = async (db: Executor, id: number, changes: Partial<typeof blogPosts.$inferInsert>, missing: string) =>
  toBlogDto(
    await updateShownRow(
      db,
      missing,
      db.update(blogPosts).set(changes).where(eq(blogPosts.id, id)).returning(postColumns),
    ),
  );

export async function updatePost(db: Executor, id: number, input: BlogPostInput, now: Date): Promise<BlogPostDto> {
  await assertSlugFree(db, input.slug, id);
  return changePost(db, id, { ...input, updatedAt: now }, "Article not found");
}

export function deletePost(db: Executor, id: number): Promise<{ ok: true }> {
  return deleteShownRow(db, blogPosts, blogPosts.id, id, "Article not found");
}

/** The admin list: summaries (no body) of every post, drafts too, newest first, `limit` after the cursor. */
export async function listPostsPage(
  db: Executor,
  page: { limit: number; cursor?: CreatedKey | undefined } & ChangeFilter,
): Promise<(AdminPostSummary & { createdAt: string })[]> {
  const rows = await db
    .select({ ...adminSummaryColumns, createdAt: blogPosts.createdAt, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(createdPageWhere(blogPosts, page))
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
    .limit(page.limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() }));
}

// ---- staff changes: one transaction with the audit entry, for tRPC and REST alike ----------------------

type StaffDeps = Pick<Deps, "db" | "clock">;

const postAudit = entityAudit("post", (post: BlogPostDto) => ({ slug: post.slug, published: post.published }));

export function createPostAs(deps: StaffDeps, actor: Actor, input: BlogPostInput): Promise<BlogPostDto> {
  return auditedChange(deps.db, actor, (tx) => createPost(tx, input, deps.clock.now()), postAudit("post.create"));
}

export function updatePostAs(deps: StaffDeps, actor: Actor, id: number, input: BlogPostInput): Promise<BlogPostDto> {
  return auditedChange(deps.db, actor, (tx) => updatePost(tx, id, input, deps.clock.now()), postAudit("post.update"));
}

/** Publishes or withdraws a post (the storefront's blog shows published posts only); the rest is unchanged. */
export function setPostPublishedAs(
  deps: StaffDeps,
  actor: Actor,
  id: number,
  published: boolean,
): Promise<BlogPostDto> {
  return auditedChange(
    deps.db,
    actor,
    (tx) => changePost(tx, id, { published, updatedAt: deps.clock.now() }, "Post not found"),
    (post) => [published ? "post.publish" : "post.unpublish", "post", id, { slug: post.slug }],
  );
}

export function deletePostAs(deps: StaffDeps, actor: Actor, id: number): Promise<{ ok: true }> {
  return auditedChange(deps.db, actor, (tx) => deletePost(tx, id), ["post.delete", "post", id]);
}
