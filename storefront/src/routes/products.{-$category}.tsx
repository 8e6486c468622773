import { staticPageMeta } from "@ch/api/contracts/seo";
import { createFileRoute } from "@tanstack/react-router";
import { ProductsPage } from "../features/products/products-page";
import { headFor } from "../features/seo/head";
import { prefetchPageData, productsQuery } from "../lib/queries";

export const Route = createFileRoute("/products/{-$category}")({
  loader: ({ context, params }) => prefetchPageData(context.queryClient, [productsQuery(params.category)]),
  head: ({ params }) =>
    headFor((params.category ? staticPageMeta(`/products/${params.category}`) : null) ?? staticPageMeta("/products")),
  component: ProductsRoute,
});

function ProductsRoute() {
  const { category } = Route.useParams();
  return <ProductsPage category={category} />;
}
