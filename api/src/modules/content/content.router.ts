// tRPC procedures of the gallery and the blog. Public: the storefront's reads, from the read cache (the REST
// paths send cached bytes instead). Admin: the gallery and the Blog list, and those of the declared operations
// (content-admin.rest.ts).
import { blogListQuery, blogSearchQuery, slugParams } from "@ch/contracts/content";
import { readCache } from "../../lib/read-cache";
import { proceduresOf } from "../../trpc/operations";
import { adminProcedure, publicProcedure, router } from "../../trpc/trpc";
import { getPostBySlug, listPosts, listPostsForAdmin, searchPublishedPosts } from "./blog.service";
import { adminContentOperations } from "./content-admin.rest";
import { listGallery } from "./gallery.service";

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

export const adminContentRouter = router({
  // the whole gallery from the read cache; GET /api/admin/gallery pages it instead
  gallery: adminProcedure.query(({ ctx }) => readCache(ctx.deps.db).value("gallery", () => listGallery(ctx.deps.db))),
  /** One page of post summaries (no body), drafts too, by limit and offset: the Blog list (REST pages by cursor). */
  posts: adminProcedure
    .input(blogListQuery.pick({ limit: true, offset: true }).optional())
    .query(({ ctx, input }) =>
      readCache(ctx.deps.db).value(`admin:posts:${input?.limit ?? ""}:${input?.offset ?? ""}`, () =>
        listPostsForAdmin(ctx.deps.db, { limit: input?.limit, offset: input?.offset }),
      ),
    ),
  ...proceduresOf(adminContentOperations, {
    updateGalleryItem: { bodyAs: "data" },
    updatePost: { bodyAs: "data" },
  }),
});
