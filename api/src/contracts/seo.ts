// Page metadata for every public storefront URL, in one place: the server puts it in the HTML it
// sends (so crawlers and link previews see it before any script runs) and the storefront's routes
// put the same values in their `head`, so nothing changes when the script loads.
// Pure functions, no imports from the server: the storefront bundles this file.

export interface PageMeta {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/products". */
  path: string;
  /** Absolute or root-relative image for social previews. */
  image?: string;
  type?: "website" | "article" | "product";
  noindex?: boolean;
}

export const SITE_NAME = "Container Homes of Texas";
const DEFAULT_IMAGE = "/og-image.webp";

const staticPages: Record<string, Omit<PageMeta, "path">> = {
  "/": {
    title: "Container Homes of Texas | Shipping Container Homes Built in San Antonio",
    description:
      "Custom shipping-container homes, offices and commercial buildings, designed and built in San Antonio, Texas. Browse 20ft and 40ft models, calculate rental returns and order online.",
  },
  "/products": {
    title: "Container Homes for Sale | 20ft, 40ft, 53ft & Multi-Unit | Container Homes of Texas",
    description:
      "Browse move-in-ready shipping-container homes, from 160 sq ft 20ft studios to multi-unit buildings. Steel frame, R-13 insulation, mini-split HVAC and full specifications.",
  },
  "/cart": {
    title: "Your Cart | Container Homes of Texas",
    description: "Review the container homes in your cart before checkout.",
    noindex: true,
  },
  "/checkout": {
    title: "Checkout | Container Homes of Texas",
    description: "Complete your container-home order by USDT (TRC20) or bank transfer.",
    noindex: true,
  },
  "/order-confirmation": {
    title: "Order Confirmation | Container Homes of Texas",
    description: "Your container-home order has been received.",
    noindex: true,
  },
  "/order-status": {
    title: "Order Status | Container Homes of Texas",
    description: "Look up the status of your container-home order with its order number and e-mail address.",
    noindex: true,
  },
  "/gallery": {
    title: "Project Gallery | Container Homes of Texas",
    description:
      "Exterior, interior and commercial container builds from across Texas: see what a shipping-container home can look like.",
  },
  "/blog": {
    title: "Container Home Blog | Building, Design & Investment Guides",
    description:
      "Guides on permits, foundations, insulation, design and rental returns for shipping-container homes in Texas.",
  },
  "/contact": {
    title: "Contact Us | Container Homes of Texas, San Antonio",
    description:
      "Talk to our San Antonio team about a container home, a quote or a site visit. Monday to Friday 8 AM-6 PM, Saturday 9 AM-4 PM.",
  },
  "/about": {
    title: "About Us | Container Homes of Texas",
    description: "A San Antonio builder of shipping-container homes: our story, values, five-step process and team.",
  },
  "/privacy-policy": {
    title: "Privacy Policy | Container Homes of Texas",
    description: "How Container Homes of Texas collects, uses and protects your personal information.",
  },
  "/terms-of-service": {
    title: "Terms of Service | Container Homes of Texas",
    description:
      "Terms for orders: 50% deposit, balance on delivery, 72-hour cancellation, restocking fee and arbitration.",
  },
  "/return-policy": {
    title: "Return Policy & Quality Guarantee | Container Homes of Texas",
    description:
      "14-day pre-construction cancellation, a 30-day post-delivery inspection period and a 1-year quality guarantee on every container home.",
  },
  "/services/custom-design": {
    title: "Custom Container Home Design | Container Homes of Texas",
    description:
      "Design a container home around your site and budget: consultation, site assessment, concept, refinement and permit-ready documents.",
  },
  "/services/site-preparation": {
    title: "Site Preparation & Foundations | Container Homes of Texas",
    description:
      "Permits, clearing, grading, foundations (slab, pier and beam, crawl space) and utilities, ready for your container home.",
  },
  "/services/installation": {
    title: "Container Home Delivery & Installation | Container Homes of Texas",
    description:
      "Inspection, delivery, crane set, utility connection and final testing: a single container installs in a day.",
  },
  "/services/warranty-support": {
    title: "Warranty & Support | Container Homes of Texas",
    description:
      "10-year structural, 5-year systems and 2-year finish warranties, support channels and yearly maintenance plans.",
  },
  "/seo-report": {
    title: "SEO Report | Container Homes of Texas",
    description: "Live checks of this site's technical, content, local and social search optimization.",
  },
  "/seo-test": { title: "SEO Test | Container Homes of Texas", description: "SEO audit test page.", noindex: true },
};

const categoryNames: Record<string, string> = {
  "20ft-homes": "20ft Container Homes",
  "40ft-homes": "40ft Container Homes",
  "53ft-homes": "53ft Container Homes",
  "multi-unit": "Multi-Unit Container Buildings",
  "container-offices": "Container Offices",
  "commercial-industrial": "Commercial & Industrial Containers",
};

/** Metadata of a page that needs no data, or null for an unknown path. */
export function staticPageMeta(path: string): PageMeta | null {
  const page = staticPages[path];
  if (page) return { image: DEFAULT_IMAGE, type: "website", ...page, path };
  const category = /^\/products\/([a-z0-9-]+)$/.exec(path)?.[1];
  if (category && categoryNames[category]) {
    return {
      title: `${categoryNames[category]} for Sale | Container Homes of Texas`,
      description: `Browse our ${categoryNames[category].toLowerCase()}, built in San Antonio, Texas, with full specifications and prices.`,
      path,
      image: DEFAULT_IMAGE,
      type: "website",
    };
  }
  return null;
}

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

export function productMeta(product: {
  id: number;
  name: string;
  description: string;
  price: number;
  images: string[];
}): PageMeta {
  const price = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 }).format(
    product.price,
  );
  return {
    title: clip(`${product.name} – ${price} | Container Homes of Texas`, 70),
    description: clip(product.description, 160),
    path: `/product/${product.id}`,
    image: product.images[0] ?? DEFAULT_IMAGE,
    type: "product",
  };
}

export function articleMeta(post: { slug: string; title: string; excerpt: string; image: string }): PageMeta {
  return {
    title: clip(`${post.title} | Container Homes of Texas`, 70),
    description: clip(post.excerpt, 160),
    path: `/blog/${post.slug}`,
    image: post.image,
    type: "article",
  };
}

export const notFoundMeta: PageMeta = {
  title: "404 Page Not Found | Container Homes of Texas",
  description: "The page you are looking for does not exist.",
  path: "/404",
  noindex: true,
};
