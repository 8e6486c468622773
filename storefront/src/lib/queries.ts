// Query options for the public REST reads (plain fetch, no tRPC round trip before first paint).
import type { ProductDto } from "@ch/api/contracts/catalog";
import type { BlogPostDto, GalleryItemDto } from "@ch/api/contracts/content";
import { type FetchQueryOptions, type QueryClient, queryOptions } from "@tanstack/react-query";
import { getJson } from "./api";

export type { BlogPostDto, GalleryItemDto, ProductDto };

export const BLOG_PAGE_SIZE = 6;

export const featuredProductsQuery = queryOptions({
  queryKey: ["/api/products/featured"],
  queryFn: () => getJson<ProductDto[]>("/api/products/featured"),
});

export const productsQuery = (category?: string) =>
  queryOptions({
    queryKey: ["/api/products", { category: category ?? null }],
    queryFn: () =>
      getJson<ProductDto[]>(category ? `/api/products?category=${encodeURIComponent(category)}` : "/api/products"),
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

export const publishedPostsQuery = queryOptions({
  queryKey: ["/api/blog", { published: true }],
  queryFn: () => getJson<BlogPostDto[]>("/api/blog?published=true"),
});

/** The newest published posts (the home page shows three). */
export const latestPostsQuery = (limit: number) =>
  queryOptions({
    queryKey: ["/api/blog", { published: true, limit }],
    queryFn: () => getJson<BlogPostDto[]>(`/api/blog?published=true&limit=${limit}`),
  });

/** One page of Load More Articles. */
export const fetchBlogPage = (offset: number) =>
  getJson<BlogPostDto[]>(`/api/blog?published=true&limit=${BLOG_PAGE_SIZE}&offset=${offset}`);

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
