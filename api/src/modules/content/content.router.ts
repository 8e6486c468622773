// tRPC procedures of the gallery and the blog, made from the declared operations: the public reads
// (content.rest.ts, one read-cache entry each for both transports) and staff's (content-admin.rest.ts); by
// hand: staff's whole gallery and their Blog list.
import { blogListQuery } from "@ch/contracts/content";
import { readCache } from "../../lib/read-cache";
import { proceduresOf } from "../../trpc/operations";
import { adminProcedure, router } from "../../trpc/trpc";
import { listPostsForAdmin } from "./blog.service";
import { contentOperations } from "./content.rest";
import { adminContentOperations } from "./content-admin.rest";
import { listGallery } from "./gallery.service";

export const contentRouter = router(proceduresOf(contentOperations));

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
