// Query options for the public reads: the public tRPC procedures (src/lib/trpc.ts). The first page's data
// comes with its HTML (entry-server.tsx), so no read waits before the first paint.

import { BLOG_PAGE_SIZE, type BlogListSearch } from "@ch/contracts/blog-list";
import type { ProductDto } from "@ch/contracts/catalog";
import { PRODUCT_CATEGORIES } from "@ch/contracts/constants";
import type { BlogPostDto, BlogPostSummary, BlogSearchResult, GalleryItemDto } from "@ch/contracts/content";
import { type FetchQueryOptions, type QueryClient, queryOptions } from "@tanstack/react-query";
import { trpc } from "./trpc";

export type { BlogPostDto, BlogPostSummary, BlogSearchResult, GalleryItemDto, ProductDto };

export const featuredProductsQuery = trpc.catalog.featured.queryOptions();

const isProductCategory = (value: string) => (PRODUCT_CATEGORIES as readonly string[]).includes(value);

export const productsQuery = (category?: string) => {
  const options = trpc.catalog.list.queryOptions(category ? { category } : {});
  if (category === undefined || isProductCategory(category)) return options;
  // a category the catalog does not have is a 404 from the API: its page shows no products and the
  // real categories (the server renders it so, with the 404 status), and asks the API nothing
  const none: typeof options = { ...options, queryFn: async () => [] };
  return none;
};

export const productQuery = (id: number) => trpc.catalog.byId.queryOptions({ id });

export const galleryQuery = trpc.content.gallery.queryOptions();

/** Parameters of content.postSummaries: the /blog address's search state plus page size and a post to leave out. */
export interface PostSummariesParams extends BlogListSearch {
  pageSize?: number;
  exclude?: string;
}

/** One page of published post summaries (no bodies), searched and filtered by the server. */
export const postSummariesQuery = (params: PostSummariesParams) =>
  // defaults left out, so that one read has one cache entry (and one address)
  trpc.content.postSummaries.queryOptions({
    ...(params.q ? { q: params.q } : {}),
    ...(params.category ? { category: params.category } : {}),
    ...(params.page && params.page > 1 ? { page: params.page } : {}),
    ...(params.pageSize && params.pageSize !== BLOG_PAGE_SIZE ? { pageSize: params.pageSize } : {}),
    ...(params.exclude ? { exclude: params.exclude } : {}),
  });

/** The newest published posts (the home page shows three). */
export const latestPostsQuery = (limit: number) =>
  queryOptions({ ...postSummariesQuery({ pageSize: limit }), select: (result: BlogSearchResult) => result.posts });

/** Up to three other posts, newest first, for an article's Related Articles. */
export const relatedPostsQuery = (slug: string) =>
  queryOptions({
    ...postSummariesQuery({ pageSize: 3, exclude: slug }),
    select: (result: BlogSearchResult) => result.posts,
  });

export const postQuery = (slug: string) => trpc.content.postBySlug.queryOptions({ slug });

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
