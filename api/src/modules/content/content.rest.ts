import {
  type BlogSearchResult,
  blogListQuery,
  blogPostDto,
  blogPostList,
  blogSearchQuery,
  blogSearchResult,
  galleryList,
  slugParams,
} from "@ch/contracts/content";
import { cachedJson, route, sent } from "../../http/route";
import { readCache } from "../../lib/read-cache";
import { getPostBySlug, listPosts, searchKey, searchPublishedPosts } from "./blog.service";
import { listGallery } from "./gallery.service";

export const contentRoutes = [
  route({
    method: "GET",
    url: "/api/gallery",
    access: "public",
    summary: "Gallery items in display order",
    operationId: "listGalleryItems",
    tags: ["content"],
    response: galleryList,
    answer: "Array of gallery items",
    handler: ({ deps, reply }) => cachedJson(deps, reply, "gallery", () => listGallery(deps.db)),
  }),
  route({
    method: "GET",
    url: "/api/blog",
    access: "public",
    summary: "Published blog posts, newest first (published=true; drafts are never listed publicly)",
    operationId: "listBlogPosts",
    tags: ["content"],
    response: blogPostList,
    query: blogListQuery,
    answer: "Array of posts",
    handler: ({ deps, query, reply }) =>
      cachedJson(
        deps,
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
    operationId: "searchBlogPosts",
    tags: ["content"],
    response: blogSearchResult,
    query: blogSearchQuery,
    answer: "{ posts, total, page, pageSize, pageCount }",
    handler: async ({ deps, query, reply }) =>
      // kept as bytes (encoded and compressed once per entry), beside the value tRPC and pages use
      sent<BlogSearchResult>(
        reply
          .type("application/json; charset=utf-8")
          .send(
            await readCache(deps.db).chosenValue(`blog:search:json:${searchKey(query)}`, async () =>
              Buffer.from(JSON.stringify(await searchPublishedPosts(deps.db, query))),
            ),
          ),
      ),
  }),
  route({
    method: "GET",
    url: "/api/blog/:slug",
    access: "public",
    summary: "One published post",
    operationId: "getBlogPost",
    tags: ["content"],
    response: blogPostDto,
    errors: [404],
    params: slugParams,
    answer: "The post, or 404",
    handler: ({ deps, params, reply }) =>
      cachedJson(deps, reply, `post:${params.slug}`, () => getPostBySlug(deps.db, params.slug)),
  }),
];
