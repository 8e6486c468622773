// The storefront's /blog address: search words, category and page number in the query string, read
// the same way by the storefront's route (validateSearch) and by the server that renders the page
// and its head (canonical, rel prev/next). No zod here on purpose: the route's search parsing ships in
// the storefront's first-load script on every page, and zod would add ~10 KB gzip to it; the API
// still validates what it is sent with `blogSearchQuery` (contracts/content.ts). A page's head
// (blogListMeta) is in blog-list-meta.ts: it needs the SEO contract, which the storefront loads later.
import { BLOG_CATEGORIES, type BlogCategory } from "./constants";

/** Posts per page of the storefront's blog. */
export const BLOG_PAGE_SIZE = 6;
export const BLOG_SEARCH_MAX = 200;
/** The highest page number accepted (far beyond any real blog; keeps OFFSET bounded). */
export const BLOG_MAX_PAGE = 1_000;

/** Names of the blog's categories, in the order the storefront's filter shows them. */
export const BLOG_CATEGORY_LABELS: Record<BlogCategory, string> = {
  construction: "Construction",
  sustainability: "Sustainability",
  investment: "Investment",
  design: "Design",
};

/** /blog's search state; absent keys are the defaults (no search, every category, page 1). */
export interface BlogListSearch {
  q?: string;
  category?: BlogCategory;
  page?: number;
}

const isCategory = (value: unknown): value is BlogCategory => (BLOG_CATEGORIES as readonly unknown[]).includes(value);

/**
 * The search state of a /blog address. Forgiving, as an address bar must be: a value that is not
 * valid is dropped (page "abc" is page 1), words are trimmed, spaces collapsed and cut at
 * BLOG_SEARCH_MAX. Numbers come either as numbers (TanStack Router's parser) or as text.
 */
export function parseBlogListSearch(raw: Record<string, unknown>): BlogListSearch {
  const search: BlogListSearch = {};
  const q = typeof raw.q === "number" ? String(raw.q) : raw.q;
  if (typeof q === "string") {
    const words = q.trim().replace(/\s+/g, " ").slice(0, BLOG_SEARCH_MAX).trim();
    if (words) search.q = words;
  }
  if (isCategory(raw.category)) search.category = raw.category;
  const page = typeof raw.page === "string" && /^\d{1,4}$/.test(raw.page) ? Number(raw.page) : raw.page;
  if (typeof page === "number" && Number.isInteger(page) && page > 1 && page <= BLOG_MAX_PAGE) search.page = page;
  return search;
}

/** The address of a /blog state, its parameters in the order the storefront's links write them. */
export function blogListHref(search: BlogListSearch): string {
  const params = new URLSearchParams();
  if (search.q) params.set("q", search.q);
  if (search.category) params.set("category", search.category);
  if (search.page && search.page > 1) params.set("page", String(search.page));
  const query = params.toString();
  return query ? `/blog?${query}` : "/blog";
}

/** The neighbouring pages' states (undefined at either end). */
export function blogListNeighbours(
  search: BlogListSearch,
  pageCount: number,
): { prev?: BlogListSearch; next?: BlogListSearch } {
  const page = search.page ?? 1;
  const at = (n: number): BlogListSearch => ({ ...search, page: n > 1 ? n : undefined });
  return {
    ...(page > 1 ? { prev: at(page - 1) } : {}),
    ...(page < pageCount ? { next: at(page + 1) } : {}),
  };
}
