import { z } from "zod";
import { pageOf } from "./admin";
import { BLOG_MAX_PAGE, BLOG_PAGE_SIZE, BLOG_SEARCH_MAX } from "./blog-list";
import { BLOG_CATEGORIES, GALLERY_CATEGORIES } from "./constants";
import { id, requiredText } from "./fields";
import { changeTimes, instant, int } from "./responses";

export const blogListQuery = z.strictObject({
  published: z.enum(["true", "false"]).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  offset: z.coerce.number().int().min(0).max(100_000).optional(),
});
export const slugParams = z.strictObject({
  slug: z
    .string()
    .min(1)
    .max(160)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a lower-case slug"),
});

const imageUrl = z
  .string()
  .max(300)
  .regex(/^\/media\/[A-Za-z0-9._-]+$/, "must be an image uploaded to /media");

export const galleryItemInput = z.strictObject({
  title: requiredText(160, "title"),
  category: z.enum(GALLERY_CATEGORIES),
  image: imageUrl,
});
export const galleryReorderInput = z.strictObject({ ids: z.array(id()).min(1).max(1000) });

/** Slugs taken by fixed paths under /api/blog. */
const RESERVED_SLUGS = new Set(["search"]);

export const blogPostInput = z.strictObject({
  slug: slugParams.shape.slug.refine((slug) => !RESERVED_SLUGS.has(slug), "is reserved: choose another slug"),
  title: requiredText(200, "title"),
  excerpt: requiredText(600, "excerpt"),
  content: requiredText(60_000, "content"),
  category: z.enum(BLOG_CATEGORIES),
  image: imageUrl,
  published: z.boolean(),
});
export type BlogPostInput = z.infer<typeof blogPostInput>;

/**
 * A search over every published post (GET /api/blog/search, content.postSummaries, the storefront's
 * /blog URL). `q` is free text (PostgreSQL `websearch_to_tsquery`: words, "a phrase", -not, or),
 * spaces collapsed; empty means no search.
 */
export const blogSearchQuery = z.strictObject({
  q: z
    .string()
    .max(BLOG_SEARCH_MAX, `must be at most ${BLOG_SEARCH_MAX} characters`)
    .optional()
    .transform((v) => v?.trim().replace(/\s+/g, " ") || undefined),
  category: z.enum(BLOG_CATEGORIES).optional(),
  page: z.coerce.number().int().min(1).max(BLOG_MAX_PAGE).default(1),
  pageSize: z.coerce.number().int().min(1).max(24).default(BLOG_PAGE_SIZE),
  /** Leave this post out (an article's related posts). */
  exclude: slugParams.shape.slug.optional(),
});
export type BlogSearchInput = z.input<typeof blogSearchQuery>;
export type BlogSearchParams = z.output<typeof blogSearchQuery>;

export const blogPostDto = z.object({
  id: int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  image: z.string(),
  category: z.string(),
  published: z.boolean(),
  createdAt: instant(),
  updatedAt: instant(),
});
export type BlogPostDto = z.infer<typeof blogPostDto>;
export const blogPostList = z.array(blogPostDto);

/** A post without its body: what lists, cards and related posts show. */
export const blogPostSummary = blogPostDto.omit({ content: true, published: true, updatedAt: true });
export type BlogPostSummary = z.infer<typeof blogPostSummary>;

export const blogSearchResult = z.object({
  posts: z.array(blogPostSummary),
  /** Published posts matching the search and category, on every page. */
  total: int(),
  page: int(),
  pageSize: int(),
  /** At least 1, so that page 1 of an empty result exists. */
  pageCount: int().describe("At least 1, so that page 1 of an empty result exists"),
});
export type BlogSearchResult = z.infer<typeof blogSearchResult>;

export const galleryItemDto = z.object({
  id: int(),
  title: z.string(),
  category: z.string(),
  image: z.string(),
  width: int(),
  height: int(),
});
export type GalleryItemDto = z.infer<typeof galleryItemDto>;
export const galleryList = z.array(galleryItemDto);

// ---- admin REST (content-admin.rest.ts) ----------------------------------------------------------------

export const galleryPage = pageOf(galleryItemDto.extend(changeTimes()));
/** A post without its body, drafts too: the admin list. */
export const adminPostSummary = blogPostDto.omit({ excerpt: true, content: true, image: true });
export const adminPostPage = pageOf(adminPostSummary);
