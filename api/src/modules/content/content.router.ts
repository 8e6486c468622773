import { z } from "zod";
import {
  blogListQuery,
  blogPostInput,
  blogSearchQuery,
  galleryItemInput,
  galleryReorderInput,
  slugParams,
} from "../../contracts/content";
import { id } from "../../contracts/fields";
import { readCache } from "../../lib/read-cache";
import { adminProcedure, publicProcedure, router } from "../../trpc/trpc";
import { recordAudit } from "../audit/audit.service";
import {
  createPost,
  deletePost,
  getPostById,
  getPostBySlug,
  listPosts,
  listPostsForAdmin,
  searchPublishedPosts,
  updatePost,
} from "./blog.service";
import {
  createGalleryItem,
  deleteGalleryItem,
  listGallery,
  reorderGallery,
  updateGalleryItem,
} from "./gallery.service";

export const contentRouter = router({
  gallery: publicProcedure.query(({ ctx }) => readCache(ctx.deps.db).value("gallery", () => listGallery(ctx.deps.db))),
  posts: publicProcedure
    .input(blogListQuery.optional())
    .query(({ ctx, input }) =>
      readCache(ctx.deps.db).value(
        `posts:${input?.limit ?? ""}:${input?.offset ?? ""}`,
        () => listPosts(ctx.deps.db, { published: true, limit: input?.limit, offset: input?.offset }),
        { chosen: input?.limit !== undefined || input?.offset !== undefined },
      ),
    ),
  /** Summaries (no body) of one page of published posts, searched and filtered: see GET /api/blog/search. */
  postSummaries: publicProcedure
    .input(blogSearchQuery)
    .query(({ ctx, input }) => searchPublishedPosts(ctx.deps.db, input)),
  postBySlug: publicProcedure
    .input(slugParams)
    .query(({ ctx, input }) =>
      readCache(ctx.deps.db).value(`post:${input.slug}`, () => getPostBySlug(ctx.deps.db, input.slug)),
    ),
});

const byId = z.strictObject({ id: id() });

export const adminContentRouter = router({
  gallery: adminProcedure.query(({ ctx }) => readCache(ctx.deps.db).value("gallery", () => listGallery(ctx.deps.db))),
  createGalleryItem: adminProcedure.input(galleryItemInput).mutation(({ ctx, input }) =>
    ctx.deps.db.transaction(async (tx) => {
      const item = await createGalleryItem(tx, input);
      await recordAudit(tx, ctx.admin, "gallery.create", "gallery", item.id, { title: item.title });
      return item;
    }),
  ),
  updateGalleryItem: adminProcedure
    .input(z.strictObject({ id: id(), data: galleryItemInput }))
    .mutation(({ ctx, input }) =>
      ctx.deps.db.transaction(async (tx) => {
        const item = await updateGalleryItem(tx, input.id, input.data);
        await recordAudit(tx, ctx.admin, "gallery.update", "gallery", item.id, { title: item.title });
        return item;
      }),
    ),
  deleteGalleryItem: adminProcedure.input(byId).mutation(({ ctx, input }) =>
    ctx.deps.db.transaction(async (tx) => {
      await deleteGalleryItem(tx, input.id);
      await recordAudit(tx, ctx.admin, "gallery.delete", "gallery", input.id);
      return { ok: true };
    }),
  ),
  reorderGallery: adminProcedure.input(galleryReorderInput).mutation(({ ctx, input }) =>
    ctx.deps.db.transaction(async (tx) => {
      const items = await reorderGallery(tx, input.ids);
      await recordAudit(tx, ctx.admin, "gallery.reorder", "gallery", null, { ids: input.ids });
      return items;
    }),
  ),
  /** One page of post summaries (no body), drafts too: the Blog list. */
  posts: adminProcedure
    .input(blogListQuery.pick({ limit: true, offset: true }).optional())
    .query(({ ctx, input }) =>
      readCache(ctx.deps.db).value(`admin:posts:${input?.limit ?? ""}:${input?.offset ?? ""}`, () =>
        listPostsForAdmin(ctx.deps.db, { limit: input?.limit, offset: input?.offset }),
      ),
    ),
  /** One post with its body, drafts too: what the editor opens. */
  post: adminProcedure.input(byId).query(({ ctx, input }) => getPostById(ctx.deps.db, input.id)),
  createPost: adminProcedure.input(blogPostInput).mutation(({ ctx, input }) =>
    ctx.deps.db.transaction(async (tx) => {
      const post = await createPost(tx, input, ctx.deps.clock.now());
      await recordAudit(tx, ctx.admin, "post.create", "post", post.id, { slug: post.slug, published: post.published });
      return post;
    }),
  ),
  updatePost: adminProcedure.input(z.strictObject({ id: id(), data: blogPostInput })).mutation(({ ctx, input }) =>
    ctx.deps.db.transaction(async (tx) => {
      const post = await updatePost(tx, input.id, input.data, ctx.deps.clock.now());
      await recordAudit(tx, ctx.admin, "post.update", "post", post.id, { slug: post.slug, published: post.published });
      return post;
    }),
  ),
  deletePost: adminProcedure.input(byId).mutation(({ ctx, input }) =>
    ctx.deps.db.transaction(async (tx) => {
      await deletePost(tx, input.id);
      await recordAudit(tx, ctx.admin, "post.delete", "post", input.id);
      return { ok: true };
    }),
  ),
});
