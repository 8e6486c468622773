import { notFoundMeta } from "@ch/contracts/seo";
import { createFileRoute, Link, notFound } from "@tanstack/react-router";
import { buttonClass } from "../components/ui";
import { NotFoundScreen } from "../features/layout/not-found";
import { CategoryLinks } from "../features/products/category-links";
import { ProductPage } from "../features/products/product-page";
import { lazyHead } from "../features/seo/lazy-head";
import { productQuery } from "../lib/queries";

export const Route = createFileRoute("/product/$id")({
  loader: async ({ params, context }) => {
    const id = Number(params.id);
    if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw notFound();
    try {
      return await context.queryClient.ensureQueryData(productQuery(id));
    } catch {
      // the spec shows one screen for a failed load and a missing product
      throw notFound();
    }
  },
  head: ({ loaderData }) => lazyHead((seo) => (loaderData ? seo.productMeta(loaderData) : seo.notFoundMeta)),
  component: ProductRoute,
  notFoundComponent: () => (
    <NotFoundScreen
      title="Product Not Found"
      text="The product you're looking for doesn't exist."
      documentTitle={notFoundMeta.title}
    >
      <div className="flex flex-col items-center gap-6">
        <Link to="/products/{-$category}" params={{ category: undefined }} className={buttonClass.primary}>
          Browse Products
        </Link>
        <CategoryLinks label="Product categories" />
      </div>
    </NotFoundScreen>
  ),
});

function ProductRoute() {
  const product = Route.useLoaderData();
  return <ProductPage product={product} />;
}
