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
import { cachedRead, route, sent } from "../../http/route";
import { getPostBySlug, listPosts, publishedPostsSearch } from "./blog.service";
import { listGallery } from "./gallery.service";

/** The public gallery and blog reads: REST routes and, by their keys, the storefront's procedures. */
export const contentOperations = {
  gallery: route({
    method: "GET",
    url: "/api/gallery",
    access: "public",
    summary: "Gallery items in display order",
    operationId: "listGalleryItems",
    tags: ["content"],
    response: galleryList,
    answer: "Array of gallery items",
    handler: ({ deps }) => cachedRead("gallery", () => listGallery(deps.db)),
  }),
  posts: route({
    method: "GET",
    url: "/api/blog",
    access: "public",
    summary: "Published blog posts, newest first (published=true; drafts are never listed publicly)",
    operationId: "listBlogPosts",
    tags: ["content"],
    response: blogPostList,
    query: blogListQuery,
    answer: "Array of posts",
    handler: ({ deps, query }) =>
      cachedRead(
        `posts:${query.limit ?? ""}:${query.offset ?? ""}`,
        () => listPosts(deps.db, { published: true, limit: query.limit, offset: query.offset }),
        // a page size or offset is the caller's choice: kept apart, bounded (lib/read-cache.ts)
        { chosen: query.limit !== undefined || query.offset !== undefined },
      ),
  }),
  postSummaries: route({
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
    handler: ({ deps, query }) => sent<BlogSearchResult>(publishedPostsSearch(deps.db, query)),
  }),
  postBySlug: route({
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
    handler: ({ deps, params }) => cachedRead(`post:${params.slug}`, () => getPostBySlug(deps.db, params.slug)),
  }),
};
export const contentRoutes = Object.values(contentOperations);
