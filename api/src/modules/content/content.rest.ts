import { blogListQuery, blogSearchQuery, slugParams } from "../../contracts/content";
import { route } from "../../http/route";
import { readCache, sendCachedJson } from "../../lib/read-cache";
import { getPostBySlug, listPosts, searchKey, searchPublishedPosts } from "./blog.service";
import { listGallery } from "./gallery.service";

export const contentRoutes = [
  route({
    method: "GET",
    url: "/api/gallery",
    access: "public",
    summary: "Gallery items in display order",
    tags: ["content"],
    answer: "Array of gallery items",
    handler: ({ deps, reply }) => sendCachedJson(deps.db, reply, "gallery", () => listGallery(deps.db)),
  }),
  route({
    method: "GET",
    url: "/api/blog",
    access: "public",
    summary: "Published blog posts, newest first (published=true; drafts are never listed publicly)",
    tags: ["content"],
    query: blogListQuery,
    answer: "Array of posts",
    handler: ({ deps, query, reply }) =>
      sendCachedJson(
        deps.db,
        reply,
        `posts:${query.limit ?? ""}:${query.offset ?? ""}`,
        () => listPosts(deps.db, { published: true, limit: query.limit, offset: query.offset }),
        // a page size or offset is the caller's choice: kept apart, bounded (lib/read-cache.ts)
        { chosen: query.limit !== undefined || query.offset !== undefined },
      ),
  }),
  route({
    method: "GET",
    url: "/api/blog/search",
    access: "public",
    summary:
      "One page of published post summaries (no body), optionally searched (q: full text over title, excerpt and body, ranked) and filtered by category",
    tags: ["content"],
    query: blogSearchQuery,
    answer: "{ posts, total, page, pageSize, pageCount }",
    handler: async ({ deps, query, reply }) =>
      // kept as bytes (encoded and compressed once per entry), beside the value tRPC and pages use
      reply
        .type("application/json; charset=utf-8")
        .send(
          await readCache(deps.db).chosenValue(`blog:search:json:${searchKey(query)}`, async () =>
            Buffer.from(JSON.stringify(await searchPublishedPosts(deps.db, query))),
          ),
        ),
  }),
  route({
    method: "GET",
    url: "/api/blog/:slug",
    access: "public",
    summary: "One published post",
    tags: ["content"],
    params: slugParams,
    answer: "The post, or 404",
    handler: ({ deps, params, reply }) =>
      sendCachedJson(deps.db, reply, `post:${params.slug}`, () => getPostBySlug(deps.db, params.slug)),
  }),
];
