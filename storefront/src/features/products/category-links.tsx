// The catalog's real categories as links: shown where a visitor asked for a category or a product
// that does not exist, so the not-found answer leads on into the catalog.
import { PRODUCT_CATEGORIES } from "@ch/contracts/constants";
import { Link } from "@tanstack/react-router";
import { categoryLabel } from "../../lib/format";

export function CategoryLinks({ label }: { label: string }) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap justify-center gap-2">
        {PRODUCT_CATEGORIES.map((category) => (
          <li key={category}>
            <Link
              to="/products/{-$category}"
              params={{ category }}
              className="inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-100"
            >
              {categoryLabel(category)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export const isProductCategory = (category: string): boolean =>
  (PRODUCT_CATEGORIES as readonly string[]).includes(category);
