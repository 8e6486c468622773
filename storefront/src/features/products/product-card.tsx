import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { ResponsiveImage, type ResponsiveImageProps } from "../../components/responsive-image";
import { Skeleton } from "../../components/ui";
import { categoryLabel, formatNumber, formatPrice } from "../../lib/format";
import type { ProductDto } from "../../lib/queries";

/**
 * A product's card: a link to its page with its first picture (and `badges` over it), the category, the
 * name (the card's heading), the start of the description, `children` and the price at the foot.
 */
export function ProductCardFrame({
  product,
  sizes,
  loading,
  badges,
  children,
  "data-testid": testId,
}: {
  product: ProductDto;
  /** The picture's rendered width by viewport. */
  sizes: string;
  loading?: ResponsiveImageProps["loading"];
  badges?: ReactNode;
  children?: ReactNode;
  "data-testid"?: string;
}) {
  const image = product.imageDetails[0];
  return (
    <Link
      to="/product/$id"
      params={{ id: String(product.id) }}
      className="group flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-lg"
      data-testid={testId}
    >
      <div className={`${badges ? "relative " : ""}aspect-[3/2] overflow-hidden bg-slate-100`}>
        {image ? (
          <ResponsiveImage
            image={image}
            alt={product.name}
            sizes={sizes}
            loading={loading}
            className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
          />
        ) : null}
        {badges}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs font-semibold tracking-wide text-amber-700 uppercase">
          {categoryLabel(product.category)}
        </p>
        <h3 className="mt-1 text-lg font-bold text-slate-900 group-hover:text-amber-700">{product.name}</h3>
        <p className="mt-2 line-clamp-2 text-sm text-slate-600">{product.description}</p>
        {children}
        <p className="mt-auto pt-4 text-xl font-bold text-slate-900">{formatPrice(product.price)}</p>
      </div>
    </Link>
  );
}

/**
 * The catalog's card: featured and out-of-stock badges, and the bedrooms, bathrooms and size. `eager`: in
 * the first screenful; `priority`: the first card, the page's largest paint on a phone.
 */
export function ProductCard({
  product,
  eager = false,
  priority = false,
}: {
  product: ProductDto;
  eager?: boolean;
  priority?: boolean;
}) {
  const { bathrooms, sqft } = product.specs;
  // an office or workshop has no bedrooms: no "0 Bed" badge
  const bedrooms = product.specs.bedrooms || undefined;
  return (
    <ProductCardFrame
      product={product}
      sizes="(min-width: 1280px) 395px, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, 92vw"
      loading={priority ? "priority" : eager ? "eager" : "lazy"}
      data-testid="product-card"
      badges={
        <div className="absolute top-3 left-3 flex gap-2">
          {product.featured ? (
            <span className="rounded-full bg-amber-500 px-2.5 py-1 text-xs font-semibold text-slate-950">Featured</span>
          ) : null}
          {!product.inStock ? (
            <span className="rounded-full bg-red-700 px-2.5 py-1 text-xs font-semibold text-white">Out of Stock</span>
          ) : null}
        </div>
      }
    >
      {bedrooms !== undefined || bathrooms !== undefined || sqft !== undefined ? (
        <ul className="mt-3 flex flex-wrap gap-2 text-xs text-slate-700">
          {bedrooms !== undefined ? <li className="rounded-md bg-slate-100 px-2 py-1">{bedrooms} Bed</li> : null}
          {bathrooms !== undefined ? <li className="rounded-md bg-slate-100 px-2 py-1">{bathrooms} Bath</li> : null}
          {sqft !== undefined ? (
            <li className="rounded-md bg-slate-100 px-2 py-1">{formatNumber(sqft)} sq ft</li>
          ) : null}
        </ul>
      ) : null}
    </ProductCardFrame>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white" data-testid="product-skeleton">
      <Skeleton className="aspect-[3/2] rounded-none" />
      <div className="space-y-3 p-5">
        <Skeleton className="h-3 w-24" />
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-6 w-28" />
      </div>
    </div>
  );
}
