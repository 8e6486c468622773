// Query options for the public REST reads (plain fetch, no tRPC round trip before first paint).

import { BLOG_PAGE_SIZE, type BlogListSearch } from "@ch/contracts/blog-list";
import type { ProductDto } from "@ch/contracts/catalog";
import { PRODUCT_CATEGORIES } from "@ch/contracts/constants";
import type { BlogPostDto, BlogPostSummary, BlogSearchResult, GalleryItemDto } from "@ch/contracts/content";
import { type FetchQueryOptions, type QueryClient, queryOptions } from "@tanstack/react-query";
import { getJson } from "./api";

export type { BlogPostDto, BlogPostSummary, BlogSearchResult, GalleryItemDto, ProductDto };

export const featuredProductsQuery = queryOptions({
  queryKey: ["/api/products/featured"],
  queryFn: () => getJson<ProductDto[]>("/api/products/featured"),
});

export const productsQuery = (category?: string) =>
  queryOptions({
    queryKey: ["/api/products", { category: category ?? null }],
    // a category the catalog does not have is a 404 from the API: its page shows no products and the
    // real categories (the server renders it so, with the 404 status), and asks the API nothing
    queryFn: () =>
      category !== undefined && !(PRODUCT_CATEGORIES as readonly string[]).includes(category)
        ? Promise.resolve<ProductDto[]>([])
        : getJson<ProductDto[]>(category ? `/api/products?category=${encodeURIComponent(category)}` : "/api/products"),
  });

export const productQuery = (id: number) =>
  queryOptions({
    queryKey: ["/api/products", id],
    queryFn: () => getJson<ProductDto>(`/api/products/${id}`),
  });

export const galleryQuery = queryOptions({
  queryKey: ["/api/gallery"],
  queryFn: () => getJson<GalleryItemDto[]>("/api/gallery"),
});

/** Parameters of GET /api/blog/search: the /blog address's search state plus page size and a post to leave out. */
export interface PostSummariesParams extends BlogListSearch {
  pageSize?: number;
  exclude?: string;
}

/** The path of GET /api/blog/search, defaults left out, so that one read has one cache entry. */
function postSummariesPath(params: PostSummariesParams): string {
  const query = new URLSearchParams();
  if (params.q) query.set("q", params.q);
  if (params.category) query.set("category", params.category);
  if (params.page && params.page > 1) query.set("page", String(params.page));
  if (params.pageSize && params.pageSize !== BLOG_PAGE_SIZE) query.set("pageSize", String(params.pageSize));
  if (params.exclude) query.set("exclude", params.exclude);
  const text = query.toString();
  return text ? `/api/blog/search?${text}` : "/api/blog/search";
}

/** One page of published post summaries (no bodies), searched and filtered by the server. */
export const postSummariesQuery = (params: PostSummariesParams) => {
  const path = postSummariesPath(params);
  return queryOptions({
    queryKey: ["/api/blog/search", path],
    queryFn: () => getJson<BlogSearchResult>(path),
  });
};

/** The newest published posts (the home page shows three). */
export const latestPostsQuery = (limit: number) =>
  queryOptions({ ...postSummariesQuery({ pageSize: limit }), select: (result: BlogSearchResult) => result.posts });

/** Up to three other posts, newest first, for an article's Related Articles. */
export const relatedPostsQuery = (slug: string) =>
  queryOptions({
    ...postSummariesQuery({ pageSize: 3, exclude: slug }),
    select: (result: BlogSearchResult) => result.posts,
  });

export const postQuery = (slug: string) =>
  queryOptions({
    queryKey: ["/api/blog", slug],
    queryFn: () => getJson<BlogPostDto>(`/api/blog/${encodeURIComponent(slug)}`),
  });

type Prefetchable = { queryKey: readonly unknown[] };

/**
 * For a route loader: starts the reads a page shows. In the browser it does not wait for them (the
 * page shows its skeletons meanwhile, as before); on the server it waits, so that the first HTML
 * already carries the data (see entry-server.tsx).
 */
export function prefetchPageData(queryClient: QueryClient, queries: Prefetchable[]): Promise<void> | undefined {
  const all = Promise.all(queries.map((q) => queryClient.prefetchQuery(q as FetchQueryOptions)));
  return typeof window === "undefined" ? all.then(() => undefined) : undefined;
}
