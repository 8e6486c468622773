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
import {
  createPostAs,
  deletePostAs,
  getPostById,
  getPostBySlug,
  listPosts,
  listPostsForAdmin,
  searchPublishedPosts,
  updatePostAs,
} from "./blog.service";
import {
  createGalleryItemAs,
  deleteGalleryItemAs,
  listGallery,
  reorderGalleryAs,
  updateGalleryItemAs,
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
  createGalleryItem: adminProcedure
    .input(galleryItemInput)
    .mutation(({ ctx, input }) => createGalleryItemAs(ctx.deps, ctx.admin, input)),
  updateGalleryItem: adminProcedure
    .input(z.strictObject({ id: id(), data: galleryItemInput }))
    .mutation(({ ctx, input }) => updateGalleryItemAs(ctx.deps, ctx.admin, input.id, input.data)),
  deleteGalleryItem: adminProcedure
    .input(byId)
    .mutation(({ ctx, input }) => deleteGalleryItemAs(ctx.deps, ctx.admin, input.id)),
  reorderGallery: adminProcedure
    .input(galleryReorderInput)
    .mutation(({ ctx, input }) => reorderGalleryAs(ctx.deps, ctx.admin, input.ids)),
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
  createPost: adminProcedure
    .input(blogPostInput)
    .mutation(({ ctx, input }) => createPostAs(ctx.deps, ctx.admin, input)),
  updatePost: adminProcedure
    .input(z.strictObject({ id: id(), data: blogPostInput }))
    .mutation(({ ctx, input }) => updatePostAs(ctx.deps, ctx.admin, input.id, input.data)),
  deletePost: adminProcedure.input(byId).mutation(({ ctx, input }) => deletePostAs(ctx.deps, ctx.admin, input.id)),
});
