import { blogListQuery, slugParams } from "../../contracts/content";
import { route } from "../../http/route";
import { sendCachedJson } from "../../lib/read-cache";
import { getPostBySlug, listPosts } from "./blog.service";
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
      sendCachedJson(deps.db, reply, `posts:${query.limit ?? ""}:${query.offset ?? ""}`, () =>
        listPosts(deps.db, { published: true, limit: query.limit, offset: query.offset }),
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
