import { staticPageMeta } from "@ch/api/contracts/seo";
import { createFileRoute } from "@tanstack/react-router";
import { HomePage } from "../features/home/home-page";
import { headFor } from "../features/seo/head";
import { featuredProductsQuery, galleryQuery, latestPostsQuery, prefetchPageData, productsQuery } from "../lib/queries";

export const Route = createFileRoute("/")({
  loader: ({ context }) =>
    prefetchPageData(context.queryClient, [featuredProductsQuery, productsQuery(), galleryQuery, latestPostsQuery(3)]),
  head: () => headFor(staticPageMeta("/")),
  component: HomePage,
});
