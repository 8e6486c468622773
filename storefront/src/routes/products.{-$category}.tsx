import { notFoundMeta, staticPageMeta } from "@ch/api/contracts/seo";
import { createFileRoute } from "@tanstack/react-router";
import { ProductsPage } from "../features/products/products-page";
import { headFor } from "../features/seo/head";
import { prefetchPageData, productsQuery } from "../lib/queries";

export const Route = createFileRoute("/products/{-$category}")({
  loader: ({ context, params }) => prefetchPageData(context.queryClient, [productsQuery(params.category)]),
  // an unknown category is a not-found page (the server answers 404): not indexed
  head: ({ params }) =>
    headFor(
      params.category ? (staticPageMeta(`/products/${params.category}`) ?? notFoundMeta) : staticPageMeta("/products"),
    ),
  component: ProductsRoute,
});

function ProductsRoute() {
  const { category } = Route.useParams();
  return <ProductsPage category={category} />;
}
