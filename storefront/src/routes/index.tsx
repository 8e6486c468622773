import { createFileRoute } from "@tanstack/react-router";
import { HomePage } from "../features/home/home-page";
import { lazyHead } from "../features/seo/lazy-head";
import { featuredProductsQuery, galleryQuery, latestPostsQuery, prefetchPageData, productsQuery } from "../lib/queries";

export const Route = createFileRoute("/")({
  loader: ({ context }) =>
    prefetchPageData(context.queryClient, [featuredProductsQuery, productsQuery(), galleryQuery, latestPostsQuery(3)]),
  head: () => lazyHead((seo) => seo.staticPageMeta("/")),
  component: HomePage,
});
