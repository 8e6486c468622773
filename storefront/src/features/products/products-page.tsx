import { PRODUCT_CATEGORIES } from "@ch/contracts/constants";
import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { PageHeader } from "../../components/ui";
import { categoryLabel } from "../../lib/format";
import { type ProductDto, productsQuery } from "../../lib/queries";
import { CategoryLinks, isProductCategory } from "./category-links";
import { ProductCard, ProductCardSkeleton } from "./product-card";

/** The category chips: every category with published products, and the one asked for when it has none. */
function CategoryNav({
  category,
  catalog,
  unknown,
}: {
  category: string | undefined;
  catalog: ProductDto[] | undefined;
  unknown: boolean;
}) {
  const filters: { label: string; category: string | undefined }[] = [
    { label: "All Products", category: undefined },
    ...PRODUCT_CATEGORIES.filter((c) => catalog?.some((p) => p.category === c) ?? true).map((c) => ({
      label: categoryLabel(c),
      category: c,
    })),
  ];
  const inFilters = filters.some((f) => f.category === category);
  return (
    <nav aria-label="Product categories" className="mb-8 flex flex-wrap justify-center gap-2">
      {filters.map((f) => {
        const active = f.category === category;
        const className = `rounded-full px-4 py-2 text-sm font-medium transition-colors ${
          active ? "bg-slate-900 text-white" : "border border-slate-300 bg-white text-slate-700 hover:bg-slate-100"
        }`;
        return f.category ? (
          <Link
            key={f.label}
            to="/products/{-$category}"
            params={{ category: f.category }}
            className={className}
            aria-current={active ? "page" : undefined}
          >
            {f.label}
          </Link>
        ) : (
          <Link
            key={f.label}
            to="/products/{-$category}"
            params={{ category: undefined }}
            className={className}
            aria-current={active ? "page" : undefined}
          >
            {f.label}
          </Link>
        );
      })}
      {category && !inFilters && !unknown ? (
        <span className="rounded-full bg-slate-900 px-4 py-2 text-sm font-medium text-white" aria-current="page">
          {categoryLabel(category)}
        </span>
      ) : null}
    </nav>
  );
}

function ProductList({
  products,
  category,
  unknown,
}: {
  products: UseQueryResult<ProductDto[], unknown>;
  category: string | undefined;
  unknown: boolean;
}) {
  return products.isPending ? (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
      <span className="sr-only">Loading products</span>
      {Array.from({ length: 6 }, (_, i) => (
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  ) : products.isError ? (
    <div className="py-16 text-center" role="alert">
      <h2 className="text-xl font-semibold text-slate-900">We couldn't load the products</h2>
      <p className="mt-2 text-slate-600">Please check your connection and try again.</p>
      <button
        type="button"
        onClick={() => products.refetch()}
        className="mt-4 rounded-lg bg-slate-900 px-4 py-2 text-white"
      >
        Try Again
      </button>
    </div>
  ) : products.data.length === 0 ? (
    <div className="py-16 text-center" data-testid="products-empty">
      <h2 className="text-xl font-semibold text-slate-900">No products found</h2>
      <p className="mt-2 mb-6 text-slate-600">
        {unknown ? "This category does not exist. Our categories:" : "Try selecting a different category"}
      </p>
      {unknown ? <CategoryLinks label="All product categories" /> : null}
    </div>
  ) : (
    <section aria-labelledby="product-list-title">
      {/* keeps the heading outline h1 → h2 → card h3 for screen readers */}
      <h2 id="product-list-title" className="sr-only">
        {category ? categoryLabel(category) : "All Products"}
      </h2>
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {products.data.map((product, index) => (
          <ProductCard key={product.id} product={product} eager={index < 3} priority={index === 0} />
        ))}
      </div>
    </section>
  );
}

export function ProductsPage({ category }: { category?: string }) {
  const products = useQuery(productsQuery(category));
  // a chip for every category with published products (the loader fetched the whole catalog too)
  const catalog = useQuery(productsQuery());
  // an address such as /products/xyz: the server answers 404, the page shows the real categories
  const unknown = category !== undefined && !isProductCategory(category);
  return (
    <>
      <PageHeader
        title={unknown ? "Category Not Found" : category ? categoryLabel(category) : "Our Container Homes"}
        intro={
          unknown
            ? `We have no category called “${category}”. Choose one of ours below.`
            : "Move-in-ready shipping-container homes and buildings, built in San Antonio with a steel frame, R-13 insulation and mini-split HVAC."
        }
      />
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <CategoryNav category={category} catalog={catalog.data} unknown={unknown} />
        <ProductList products={products} category={category} unknown={unknown} />
      </div>
    </>
  );
}
