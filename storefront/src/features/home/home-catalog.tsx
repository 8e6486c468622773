// The home page's catalog sections: a card per category with its published figures, and the featured models.
import { PRODUCT_CATEGORIES, type ProductCategory } from "@ch/contracts/constants";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Skeleton } from "../../components/ui";
import { formatNumber, formatPrice } from "../../lib/format";
import { featuredProductsQuery, productsQuery } from "../../lib/queries";
import { ProductCardFrame } from "../products/product-card";
import { HomeSection, SectionHeading } from "./home-section";

/** What each category's card says; which cards show, and their figures, come from the published catalog. */
const CATEGORY_COPY: Record<ProductCategory, { title: string; description: string }> = {
  "20ft-homes": {
    title: "20ft Container Homes",
    description: "Compact studios with a full bath and kitchenette: ideal for guests, rentals or a first home.",
  },
  "40ft-homes": {
    title: "40ft Container Homes",
    description: "Layouts with room to live, work and host, built to Texas codes.",
  },
  "53ft-homes": {
    title: "53ft Container Homes",
    description: "Our longest single-container homes: more bedrooms, more living space, same steel frame.",
  },
  "multi-unit": {
    title: "Multi-Unit Builds",
    description: "Several containers joined into one larger home, duplex or rental set.",
  },
  "container-offices": {
    title: "Container Offices",
    description: "Site offices, studios and sales centers, insulated, wired and ready to open on delivery.",
  },
  "commercial-industrial": {
    title: "Commercial & Industrial",
    description: "Retail pop-ups, workshops and storage for your business.",
  },
};

interface CategoryFigures {
  models: number;
  /** The lowest price above zero (a price of 0 is "priced on request"), or null. */
  lowest: number | null;
  sqft: [number, number] | null;
}

/** Per category with published products: how many, from what price and what size, so a card never disagrees with the catalog. */
function figuresByCategory(
  products: { category: string; price: number; specs: { sqft?: number | undefined } }[] | undefined,
): Map<string, CategoryFigures> {
  const figures = new Map<string, CategoryFigures>();
  for (const product of products ?? []) {
    const f = figures.get(product.category) ?? { models: 0, lowest: null, sqft: null };
    f.models++;
    if (product.price > 0 && (f.lowest === null || product.price < f.lowest)) f.lowest = product.price;
    const sqft = product.specs.sqft;
    if (sqft !== undefined) f.sqft = f.sqft ? [Math.min(f.sqft[0], sqft), Math.max(f.sqft[1], sqft)] : [sqft, sqft];
    figures.set(product.category, f);
  }
  return figures;
}

export function Categories() {
  const products = useQuery(productsQuery());
  const figures = figuresByCategory(products.data);
  // every category with published products, in the catalog's order (all of them while loading)
  const shown = PRODUCT_CATEGORIES.filter((id) => products.isPending || figures.has(id));
  return (
    <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8" aria-labelledby="categories-title">
      <SectionHeading
        id="categories-title"
        title="Find Your Container Build"
        intro="Homes, offices and commercial units, all built in Texas."
      />
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((id) => {
          const card = CATEGORY_COPY[id];
          const f = figures.get(id);
          return (
            <Link
              key={id}
              to="/products/{-$category}"
              params={{ category: id }}
              className="group flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-lg"
            >
              <h3 className="text-lg font-bold text-slate-900 group-hover:text-amber-700">{card.title}</h3>
              <p className="mt-2 flex-1 text-sm text-slate-600">{card.description}</p>
              {f ? (
                <p className="mt-3 text-sm text-slate-600">
                  {f.models === 1 ? "1 model" : `${f.models} models`}
                  {f.sqft
                    ? ` · ${f.sqft[0] === f.sqft[1] ? formatNumber(f.sqft[0]) : `${formatNumber(f.sqft[0])}–${formatNumber(f.sqft[1])}`} sq ft`
                    : ""}
                </p>
              ) : null}
              <div className="mt-4 font-semibold text-amber-700">
                {f ? (
                  f.lowest !== null ? (
                    `From ${formatPrice(f.lowest)}`
                  ) : (
                    "Priced on request"
                  )
                ) : (
                  <Skeleton className="h-5 w-28" />
                )}
              </div>
            </Link>
          );
        })}
      </div>
    </section>
  );
}

export function Featured() {
  const featured = useQuery(featuredProductsQuery);
  return (
    <HomeSection
      className="bg-slate-50 py-16 sm:py-20"
      titleId="featured-title"
      title="Featured Builds"
      intro="Our most popular models, ready to order."
    >
      <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
        {featured.isPending
          ? Array.from({ length: 3 }, (_, i) => (
              <div key={i} className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
                <Skeleton className="aspect-[3/2] rounded-none" />
                <div className="space-y-3 p-5">
                  <Skeleton className="h-5 w-2/3" />
                  <Skeleton className="h-4 w-full" />
                </div>
              </div>
            ))
          : (featured.data ?? []).map((product) => (
              <ProductCardFrame
                key={product.id}
                product={product}
                sizes="(min-width: 1280px) 296px, (min-width: 640px) 46vw, 92vw"
              />
            ))}
      </div>
      {featured.isError ? (
        <p className="text-center text-slate-600">Featured builds are unavailable right now.</p>
      ) : null}
    </HomeSection>
  );
}
