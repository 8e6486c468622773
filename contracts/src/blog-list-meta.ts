// The head of a /blog page, built by the server that renders it and by the storefront after a
// client-side navigation. Apart from blog-list.ts, whose search parsing is in the storefront's first
// load: this needs the SEO contract (seo.ts), which the storefront loads only when it builds a head.
import { BLOG_CATEGORY_LABELS, type BlogListSearch, blogListHref, blogListNeighbours } from "./blog-list";
import { type PageMeta, SITE_NAME, staticPageMeta } from "./seo";

/**
 * The head of a /blog page: its own title, description and canonical address per category and page,
 * rel prev/next to the neighbouring pages; search results are not indexed (endless, thin pages).
 */
export function blogListMeta(search: BlogListSearch, pageCount: number): PageMeta {
  const base = staticPageMeta("/blog");
  if (!base) throw new Error("/blog has no static metadata");
  const category = search.category ? BLOG_CATEGORY_LABELS[search.category] : undefined;
  const page = search.page ?? 1;
  const parts = [
    search.q ? `Search: ${search.q}` : null,
    category ? `${category} Articles` : null,
    page > 1 ? `Page ${page}` : null,
  ].filter((p): p is string => p !== null);
  const { prev, next } = blogListNeighbours(search, pageCount);
  if (parts.length === 0) return { ...base, ...(next ? { next: blogListHref(next) } : {}) };
  const heading = base.heading ?? "Container Home Blog";
  return {
    ...base,
    title: `${heading}: ${parts.join(", ")} | ${SITE_NAME}`,
    description: `${base.description} ${parts.join(", ")}.`,
    path: blogListHref(search),
    ...(search.q ? { noindex: true } : {}),
    ...(prev ? { prev: blogListHref(prev) } : {}),
    ...(next ? { next: blogListHref(next) } : {}),
  };
}
