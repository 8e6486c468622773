// Page metadata for every public storefront URL, in one place: the server puts it in the HTML it
// sends (so crawlers and link previews see it before any script runs) and the storefront's routes
// put the same values in their `head` (through `pageHead`), so nothing changes when the script loads.
// Pure functions, no imports from the server: the storefront bundles this file.

import {
  cancellationSummary,
  DEFAULT_BUSINESS_FACTS,
  hoursSentence,
  type SiteConfig,
  yearsLabel,
} from "./business-facts";
import type { BusinessSettings } from "./settings";

export interface Crumb {
  name: string;
  path: string;
}

export interface ProductFacts {
  id: number;
  name: string;
  description: string;
  price: number;
  images: string[];
  inStock?: boolean;
  category?: string;
}

export interface ArticleFacts {
  slug: string;
  title: string;
  excerpt: string;
  image: string;
  category?: string;
  createdAt?: string;
  updatedAt?: string;
}

export interface PageMeta {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/products". */
  path: string;
  /** Absolute or root-relative image for social previews. */
  image?: string;
  imageAlt?: string;
  type?: "website" | "article" | "product";
  noindex?: boolean;
  /** The page's main heading (defaults to the title without the site name). */
  heading?: string;
  /** Trail from the home page to this page; absent on the home page. */
  breadcrumbs?: Crumb[];
  product?: ProductFacts;
  article?: ArticleFacts;
  /** Paths of the previous and next page of a paged list (rel prev/next). */
  prev?: string;
  next?: string;
}

/** What the head needs to know about the site: its public address and the business. */
export interface SiteIdentity {
  siteUrl: string;
  company?: {
    name: string;
    phone: string;
    email: string;
    street: string;
    city: string;
    region: string;
    postalCode: string;
    latitude?: number;
    longitude?: number;
  } | null;
  social?: { name: string; url: string }[];
  /** The business settings the texts and structured data state (hours, warranty, lead times, deposit). */
  business?: BusinessFacts;
}

/** The site's identity from its configuration (the one every page embeds); the business only with all its facts. */
export function siteIdentityOf(config: Partial<SiteConfig> & { siteUrl: string }): SiteIdentity {
  const { openingHours, timeZone, warranty, production, delivery, depositPercent, cancellation } = config;
  const complete = openingHours && timeZone && warranty && production && delivery && cancellation;
  return {
    siteUrl: config.siteUrl,
    company: config.company ?? null,
    social: config.social ?? [],
    ...(complete
      ? {
          business: {
            openingHours,
            timeZone,
            warranty,
            production,
            delivery,
            cancellation,
            depositPercent: depositPercent ?? DEFAULT_BUSINESS_FACTS.depositPercent,
          },
        }
      : {}),
  };
}

export type BusinessFacts = Pick<
  BusinessSettings,
  "openingHours" | "timeZone" | "warranty" | "production" | "delivery" | "depositPercent" | "cancellation"
>;

/**
 * Descriptions that state a business fact: written from the settings whenever the site's settings are
 * known (always on the server, and in the browser from the embedded configuration). The static texts
 * in `staticPages` are what they say with the default settings.
 */
const FACT_DESCRIPTIONS: Record<string, (b: BusinessFacts) => string> = {
  "/contact": (b) =>
    `Talk to our San Antonio team about a container home, a quote or a site visit. ${hoursSentence(b, true)}.`,
  "/terms-of-service": (b) =>
    `Terms for orders: ${b.depositPercent}% deposit, balance on delivery, ${cancellationSummary(b.cancellation)}, arbitration, Texas law.`,
  "/return-policy": (b) =>
    `Cancellation: ${cancellationSummary(b.cancellation)}. 30-day inspection after delivery; ${yearsLabel(b.warranty.structuralYears)} structural warranty.`,
  "/services/warranty-support": (b) =>
    `${yearsLabel(b.warranty.structuralYears)} structural, ${yearsLabel(b.warranty.systemsYears)} systems and ${yearsLabel(b.warranty.finishYears)} finish warranties, a ${yearsLabel(b.warranty.installationYears)} installation warranty, support channels and yearly maintenance plans.`,
};

/** The page's description, with the business facts of `site` where the page states them. */
export function describePage(meta: PageMeta, site: SiteIdentity): string {
  const facts = FACT_DESCRIPTIONS[meta.path];
  return facts && site.business ? facts(site.business) : meta.description;
}

export const SITE_NAME = "Container Homes of Texas";
export const DEFAULT_IMAGE = "/og-image.jpg";
export const DEFAULT_IMAGE_SIZE = { width: 1200, height: 630 };

const HOME: Crumb = { name: "Home", path: "/" };
const PRODUCTS: Crumb = { name: "Products", path: "/products" };
const BLOG: Crumb = { name: "Blog", path: "/blog" };

type StaticPage = Omit<PageMeta, "path"> & { crumb?: string; parent?: Crumb };

const staticPages: Record<string, StaticPage> = {
  "/": {
    title: "Container Homes of Texas | Built in San Antonio, TX",
    description:
      "Custom shipping-container homes, offices and commercial buildings, designed and built in San Antonio, Texas. Browse 20ft and 40ft models and order online.",
    heading: "Containerized Homes Built Different",
  },
  "/products": {
    title: "Container Homes for Sale | Container Homes of Texas",
    description:
      "Browse move-in-ready shipping-container homes, from 160 sq ft 20ft studios to multi-unit buildings, with steel frames, R-13 insulation and mini-split HVAC.",
    heading: "Container Homes for Sale",
    crumb: "Products",
  },
  "/cart": {
    title: "Your Cart | Container Homes of Texas",
    description: "Review the container homes in your cart, change quantities and continue to a secure checkout.",
    noindex: true,
    crumb: "Cart",
  },
  "/checkout": {
    title: "Checkout | Container Homes of Texas",
    description: "Complete your container-home order and pay by USDT on the TRC20 network or by bank transfer.",
    noindex: true,
    crumb: "Checkout",
  },
  "/order-confirmation": {
    title: "Order Confirmation | Container Homes of Texas",
    description: "Your container-home order has been received. Here is your order number and what happens next.",
    noindex: true,
    crumb: "Order Confirmation",
  },
  "/order-status": {
    title: "Order Status | Container Homes of Texas",
    description: "Look up the status of your container-home order with its order number and your e-mail address.",
    noindex: true,
    crumb: "Order Status",
  },
  "/portal": {
    title: "Your Projects | Container Homes of Texas",
    description: "Sign in with your e-mail address to see your proposals, payments and build progress.",
    noindex: true,
    crumb: "Your Projects",
  },
  "/gallery": {
    title: "Project Gallery | Container Homes of Texas",
    description:
      "Exterior, interior and commercial container builds from across Texas: see what a shipping-container home can look like.",
    crumb: "Gallery",
  },
  "/blog": {
    title: "Container Home Blog | Container Homes of Texas",
    description:
      "Guides on permits, foundations, insulation, design and rental returns for shipping-container homes in Texas.",
    heading: "Container Home Blog",
    crumb: "Blog",
  },
  "/contact": {
    title: "Contact Us | Container Homes of Texas, San Antonio",
    description:
      "Talk to our San Antonio team about a container home, a quote or a site visit. Mon-Fri 8:00 AM-6:00 PM, Sat 9:00 AM-4:00 PM (Central Time).",
    crumb: "Contact",
  },
  "/about": {
    title: "About Us | Container Homes of Texas",
    description:
      "A San Antonio builder of shipping-container homes: our story, the values we build by, our five-step process and the team behind every home.",
    heading: "About Container Homes of Texas",
    crumb: "About",
  },
  "/privacy-policy": {
    title: "Privacy Policy | Container Homes of Texas",
    description:
      "How Container Homes of Texas collects, uses, shares and protects the personal information you give us, and the choices you have.",
    crumb: "Privacy Policy",
  },
  "/terms-of-service": {
    title: "Terms of Service | Container Homes of Texas",
    description:
      "Terms for orders: 50% deposit, balance on delivery, 72-hour full refund, $500 fee before production, 25% restocking fee in production, arbitration, Texas law.",
    crumb: "Terms of Service",
  },
  "/return-policy": {
    title: "Return Policy & Guarantee | Container Homes of Texas",
    description:
      "Cancellation: 72-hour full refund, $500 fee before production, 25% restocking fee in production. 30-day inspection after delivery; 10-year structural warranty.",
    crumb: "Return Policy",
  },
  "/services/custom-design": {
    title: "Custom Container Home Design | Container Homes of Texas",
    description:
      "Design a container home around your site and budget: consultation, site assessment, concept, refinement and permit-ready documents.",
    heading: "Custom Container Home Design",
    crumb: "Custom Design",
  },
  "/services/site-preparation": {
    title: "Site Preparation & Foundations | Container Homes of Texas",
    description:
      "Permits, clearing, grading, foundations (concrete slab, pier and beam, crawl space) and utilities, ready for your container home.",
    heading: "Site Preparation & Foundations",
    crumb: "Site Preparation",
  },
  "/services/installation": {
    title: "Delivery & Installation | Container Homes of Texas",
    description:
      "Inspection, delivery, crane set, utility connection and final testing: a single container installs in one day, a multi-container home in 2-3 days.",
    heading: "Container Home Delivery & Installation",
    crumb: "Installation",
  },
  "/services/warranty-support": {
    title: "Warranty & Support | Container Homes of Texas",
    description:
      "10-year structural, 5-year systems and 2-year finish warranties, a 1-year installation warranty, support channels and yearly maintenance plans.",
    heading: "Warranty & Support",
    crumb: "Warranty & Support",
  },
  "/seo-report": {
    title: "SEO Report | Container Homes of Texas",
    description:
      "Live checks of this site's technical, content, local and social-media search optimization, run against its own pages when you open the report.",
    heading: "SEO Report",
    // the owner's tool (the back office has it as /admin/seo): reachable by its address, never indexed
    noindex: true,
    crumb: "SEO Report",
  },
  "/seo-test": {
    title: "SEO Test & Audit | Container Homes of Texas",
    description:
      "Audit any page of this site for titles, descriptions, headings, structured data, social tags and sitemap coverage, with a weighted SEO score.",
    heading: "SEO Test & Audit",
    noindex: true,
    crumb: "SEO Test",
  },
};

export const CATEGORY_NAMES: Record<string, string> = {
  "20ft-homes": "20ft Container Homes",
  "40ft-homes": "40ft Container Homes",
  "53ft-homes": "53ft Container Homes",
  "multi-unit": "Multi-Unit Container Buildings",
  "container-offices": "Container Offices",
  "commercial-industrial": "Commercial & Industrial Containers",
};

/** Every static path the storefront serves (with the category pages), for the sitemap and the checks. */
export function staticPaths(): string[] {
  return [...Object.keys(staticPages), ...Object.keys(CATEGORY_NAMES).map((c) => `/products/${c}`)];
}

/** Metadata of a page that needs no data, or null for an unknown path. */
export function staticPageMeta(path: string): PageMeta | null {
  const page = staticPages[path];
  if (page) {
    const { crumb, parent, ...rest } = page;
    return {
      image: DEFAULT_IMAGE,
      imageAlt: `${SITE_NAME}: a shipping-container home`,
      type: "website",
      ...rest,
      path,
      ...(crumb ? { breadcrumbs: [HOME, ...(parent ? [parent] : []), { name: crumb, path }] } : {}),
    };
  }
  const category = /^\/products\/([a-z0-9-]+)$/.exec(path)?.[1];
  const name = category ? CATEGORY_NAMES[category] : undefined;
  if (name) {
    return {
      title: clip(`${name} for Sale | ${SITE_NAME}`, 60),
      description: `Browse our ${name.toLowerCase()}, designed and built in San Antonio, Texas, with full specifications, floor areas and prices.`,
      path,
      heading: name,
      image: DEFAULT_IMAGE,
      imageAlt: `${SITE_NAME}: ${name}`,
      type: "website",
      breadcrumbs: [HOME, PRODUCTS, { name, path }],
    };
  }
  return null;
}

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

let usd: Intl.NumberFormat | undefined;
export function formatUsd(amount: number): string {
  usd ??= new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
  return usd.format(amount);
}

export function productMeta(product: ProductFacts): PageMeta {
  const categoryName = product.category ? CATEGORY_NAMES[product.category] : undefined;
  const full = `${product.name} – ${formatUsd(product.price)} | ${SITE_NAME}`;
  return {
    title: full.length <= 60 ? full : clip(`${product.name} – ${formatUsd(product.price)}`, 60),
    description: clip(product.description, 160),
    path: `/product/${product.id}`,
    image: product.images[0] ?? DEFAULT_IMAGE,
    imageAlt: product.name,
    type: "product",
    heading: product.name,
    breadcrumbs: [
      HOME,
      PRODUCTS,
      ...(categoryName && product.category ? [{ name: categoryName, path: `/products/${product.category}` }] : []),
      { name: product.name, path: `/product/${product.id}` },
    ],
    product,
  };
}

export function articleMeta(post: ArticleFacts): PageMeta {
  const full = `${post.title} | ${SITE_NAME}`;
  return {
    title: full.length <= 60 ? full : clip(post.title, 60),
    description: clip(post.excerpt, 160),
    path: `/blog/${post.slug}`,
    image: post.image,
    imageAlt: post.title,
    type: "article",
    heading: post.title,
    breadcrumbs: [HOME, BLOG, { name: post.title, path: `/blog/${post.slug}` }],
    article: post,
  };
}

/** A project of the customer's portal (/portal/{orderNumber}): shown only to its signed-in customer, never indexed. */
export const PORTAL_PROJECT_PATH = /^\/portal\/[A-Z0-9-]{4,40}$/;

/** A customer's proposal (/proposal/{token}): private to whoever holds the link, never indexed. */
export const PROPOSAL_PATH = /^\/proposal\/[A-Za-z0-9_-]{20,64}$/;
export function proposalMeta(path: string): PageMeta {
  return {
    title: "Your Proposal | Container Homes of Texas",
    description: "Your container-home proposal: lines, totals, terms and validity; accept it or ask for changes.",
    path,
    heading: "Your Proposal",
    noindex: true,
  };
}

export const notFoundMeta: PageMeta = {
  title: "404 Page Not Found | Container Homes of Texas",
  description: "The page you are looking for does not exist.",
  path: "/404",
  heading: "404 Page Not Found",
  noindex: true,
};
