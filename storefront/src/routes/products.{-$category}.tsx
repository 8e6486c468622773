import { createFileRoute } from "@tanstack/react-router";
import { ProductsPage } from "../features/products/products-page";
import { lazyHead } from "../features/seo/lazy-head";
import { prefetchPageData, productsQuery } from "../lib/queries";

export const Route = createFileRoute("/products/{-$category}")({
  // the whole catalog too: its categories with published products are the page's chips
  loader: ({ context, params }) =>
    prefetchPageData(
      context.queryClient,
      params.category ? [productsQuery(params.category), productsQuery()] : [productsQuery()],
    ),
  // an unknown category is a not-found page (the server answers 404): not indexed
  head: ({ params }) =>
    lazyHead((seo) =>
      params.category
        ? (seo.staticPageMeta(`/products/${params.category}`) ?? seo.notFoundMeta)
        : seo.staticPageMeta("/products"),
    ),
  component: ProductsRoute,
});

function ProductsRoute() {
  const { category } = Route.useParams();
  return <ProductsPage category={category} />;
}
