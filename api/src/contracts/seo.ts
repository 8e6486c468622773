// Page metadata for every public storefront URL, in one place: the server puts it in the HTML it
// sends (so crawlers and link previews see it before any script runs) and the storefront's routes
// put the same values in their `head` (through `pageHead`), so nothing changes when the script loads.
// Pure functions, no imports from the server: the storefront bundles this file.

import { cancellationSummary, hoursSentence, schemaOrgHours, WEEKDAYS, yearsLabel } from "./business-facts";
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

// ---------------------------------------------------------------------------------------------
// The head itself: one description of every tag, serialized to HTML by the server and handed to
// TanStack Router's `head` by the storefront (features/seo/head.ts).

export type HeadMetaTag = { name: string; content: string } | { property: string; content: string };

export interface HeadTags {
  title: string;
  meta: HeadMetaTag[];
  links: { rel: string; href: string }[];
  jsonLd: Record<string, unknown>[];
}

const trimSlash = (url: string) => url.replace(/\/+$/, "");

/** An absolute URL on the site for a root-relative path (absolute URLs are kept). */
export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${trimSlash(siteUrl)}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** The business, on every page. */
export function businessJsonLd(site: SiteIdentity): Record<string, unknown> | null {
  const c = site.company;
  if (!c) return null;
  const sameAs = (site.social ?? []).map((s) => s.url);
  const hours = site.business?.openingHours ?? [];
  return {
    "@context": "https://schema.org",
    "@type": "HomeAndConstructionBusiness",
    "@id": `${absoluteUrl(site.siteUrl, "/")}#business`,
    name: c.name,
    url: absoluteUrl(site.siteUrl, "/"),
    logo: absoluteUrl(site.siteUrl, "/icons/icon-512.png"),
    image: absoluteUrl(site.siteUrl, DEFAULT_IMAGE),
    telephone: c.phone,
    email: c.email,
    priceRange: "$$$",
    address: {
      "@type": "PostalAddress",
      streetAddress: c.street,
      addressLocality: c.city,
      addressRegion: c.region,
      postalCode: c.postalCode,
      addressCountry: "US",
    },
    ...(typeof c.latitude === "number" && typeof c.longitude === "number"
      ? { geo: { "@type": "GeoCoordinates", latitude: c.latitude, longitude: c.longitude } }
      : {}),
    areaServed: { "@type": "State", name: "Texas" },
    ...(hours.length
      ? {
          openingHours: schemaOrgHours(hours),
          openingHoursSpecification: hours.map((row) => ({
            "@type": "OpeningHoursSpecification",
            dayOfWeek: [...row.days].sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b)),
            opens: row.opens,
            closes: row.closes,
          })),
        }
      : {}),
    ...(sameAs.length ? { sameAs } : {}),
  };
}

function productJsonLd(meta: PageMeta, product: ProductFacts, site: SiteIdentity): Record<string, unknown> {
  const url = absoluteUrl(site.siteUrl, meta.path);
  const seller = site.company ? { "@type": "Organization", name: site.company.name } : undefined;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    sku: `CH-${product.id}`,
    url,
    image: (product.images.length ? product.images : [DEFAULT_IMAGE]).map((i) => absoluteUrl(site.siteUrl, i)),
    ...(product.category ? { category: CATEGORY_NAMES[product.category] ?? product.category } : {}),
    brand: { "@type": "Brand", name: site.company?.name ?? SITE_NAME },
    offers: {
      "@type": "Offer",
      url,
      price: product.price.toFixed(2),
      priceCurrency: "USD",
      ...(product.inStock === undefined
        ? {}
        : { availability: product.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock" }),
      itemCondition: "https://schema.org/NewCondition",
      priceValidUntil: `${new Date().getUTCFullYear() + 1}-12-31`,
      ...(seller ? { seller } : {}),
      shippingDetails: shippingJsonLd(site),
      hasMerchantReturnPolicy: {
        "@type": "MerchantReturnPolicy",
        applicableCountry: "US",
        // homes are built to order: cancellation and the quality guarantee are on the return-policy page
        returnPolicyCategory: "https://schema.org/MerchantReturnNotPermitted",
        merchantReturnLink: absoluteUrl(site.siteUrl, "/return-policy"),
      },
    },
  };
}

/**
 * Where we deliver and, with the settings, production (handling) and transport (transit) times. No
 * shippingRate: the fee depends on the delivery ZIP's distance from the yard (priced at checkout).
 */
function shippingJsonLd(site: SiteIdentity): Record<string, unknown> {
  const days = (weeks: number) => Math.max(0, Math.round(weeks * 7));
  const b = site.business;
  const deliveryTime = b
    ? (() => {
        const transitMin = days(b.delivery.minWeeks - b.production.minWeeks);
        const transitMax = Math.max(transitMin, days(b.delivery.maxWeeks - b.production.maxWeeks));
        return {
          deliveryTime: {
            "@type": "ShippingDeliveryTime",
            handlingTime: {
              "@type": "QuantitativeValue",
              minValue: days(b.production.minWeeks),
              maxValue: days(b.production.maxWeeks),
              unitCode: "DAY",
            },
            transitTime: { "@type": "QuantitativeValue", minValue: transitMin, maxValue: transitMax, unitCode: "DAY" },
          },
        };
      })()
    : {};
  return {
    "@type": "OfferShippingDetails",
    shippingDestination: { "@type": "DefinedRegion", addressCountry: "US" },
    ...deliveryTime,
  };
}

function articleJsonLd(meta: PageMeta, post: ArticleFacts, site: SiteIdentity): Record<string, unknown> {
  const publisher = {
    "@type": "Organization",
    name: site.company?.name ?? SITE_NAME,
    logo: { "@type": "ImageObject", url: absoluteUrl(site.siteUrl, "/icons/icon-512.png") },
  };
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.excerpt,
    image: [absoluteUrl(site.siteUrl, post.image)],
    url: absoluteUrl(site.siteUrl, meta.path),
    mainEntityOfPage: { "@type": "WebPage", "@id": absoluteUrl(site.siteUrl, meta.path) },
    ...(post.createdAt ? { datePublished: post.createdAt } : {}),
    ...((post.updatedAt ?? post.createdAt) ? { dateModified: post.updatedAt ?? post.createdAt } : {}),
    ...(post.category ? { articleSection: post.category } : {}),
    author: { "@type": "Organization", name: publisher.name, url: absoluteUrl(site.siteUrl, "/about") },
    publisher: { ...publisher, url: absoluteUrl(site.siteUrl, "/") },
  };
}

function breadcrumbJsonLd(crumbs: Crumb[], site: SiteIdentity): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: c.name,
      item: absoluteUrl(site.siteUrl, c.path),
    })),
  };
}

/** Every head tag of a page: title, description, robots, canonical, Open Graph, Twitter and JSON-LD. */
export function pageHead(meta: PageMeta, site: SiteIdentity): HeadTags {
  const url = absoluteUrl(site.siteUrl, meta.path);
  const image = absoluteUrl(site.siteUrl, meta.image ?? DEFAULT_IMAGE);
  const imageAlt = meta.imageAlt ?? SITE_NAME;
  const isNotFound = meta.path === notFoundMeta.path;
  const description = describePage(meta, site);
  const tags: HeadMetaTag[] = [{ name: "description", content: description }];
  if (meta.noindex) tags.push({ name: "robots", content: "noindex, nofollow" });
  tags.push(
    { property: "og:site_name", content: site.company?.name ?? SITE_NAME },
    { property: "og:locale", content: "en_US" },
    {
      property: "og:type",
      content: meta.type === "article" ? "article" : meta.type === "product" ? "product" : "website",
    },
    { property: "og:title", content: meta.title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: imageAlt },
  );
  if (!meta.image || meta.image === DEFAULT_IMAGE) {
    tags.push(
      { property: "og:image:width", content: String(DEFAULT_IMAGE_SIZE.width) },
      { property: "og:image:height", content: String(DEFAULT_IMAGE_SIZE.height) },
    );
  }
  if (meta.product) {
    tags.push(
      { property: "product:price:amount", content: meta.product.price.toFixed(2) },
      { property: "product:price:currency", content: "USD" },
    );
  }
  if (meta.article?.createdAt) tags.push({ property: "article:published_time", content: meta.article.createdAt });
  if (meta.article?.updatedAt) tags.push({ property: "article:modified_time", content: meta.article.updatedAt });
  tags.push(
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: meta.title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
  );
  const jsonLd: Record<string, unknown>[] = [];
  const business = businessJsonLd(site);
  if (business) jsonLd.push(business);
  if (meta.product) jsonLd.push(productJsonLd(meta, meta.product, site));
  if (meta.article) jsonLd.push(articleJsonLd(meta, meta.article, site));
  if (meta.breadcrumbs && meta.breadcrumbs.length > 1) jsonLd.push(breadcrumbJsonLd(meta.breadcrumbs, site));
  return {
    title: meta.title,
    meta: tags,
    // a not-found answer has no canonical address of its own
    links: isNotFound
      ? []
      : [
          { rel: "canonical", href: url },
          ...(meta.prev ? [{ rel: "prev", href: absoluteUrl(site.siteUrl, meta.prev) }] : []),
          ...(meta.next ? [{ rel: "next", href: absoluteUrl(site.siteUrl, meta.next) }] : []),
        ],
    jsonLd,
  };
}

/** The page's main heading: the given one, or the title without the site name. */
export function headingOf(meta: PageMeta): string {
  return meta.heading ?? meta.title.split(" | ")[0] ?? meta.title;
}

// ---------------------------------------------------------------------------------------------
// The SEO tools' answers (report, audit, score widget) and their arithmetic, shared by the API,
// the storefront's /seo-report and /seo-test and the back office's /admin/seo.

export type CheckStatus = "pass" | "warning" | "fail";
export type Impact = "high" | "medium" | "low";

export interface AuditCheck {
  name: string;
  status: CheckStatus;
  description: string;
  impact: Impact;
}

export interface AuditResult {
  url: string;
  path: string;
  httpStatus: number;
  score: number;
  checks: AuditCheck[];
  checkedAt: string;
}

export type ReportCategoryName = "Technical" | "Content" | "Local" | "Social Media";

export interface ReportItem {
  name: string;
  status: CheckStatus;
  detail: string;
  /** What to do about it, for the next-steps list (absent when it passes). */
  fix?: string;
  /** How to do it in this installation (configuration, Settings, build): back-office report only. */
  hint?: string;
}

export interface SeoReport {
  categories: { name: ReportCategoryName; items: ReportItem[] }[];
  score: number;
  counts: { optimized: number; needsAttention: number; issues: number; total: number };
  nextSteps: string[];
  pagesChecked: number;
  checkedAt: string;
}

export type ScoreStatus = "excellent" | "good" | "needs-work";

export interface ScoreItem {
  key: string;
  name: string;
  status: ScoreStatus;
  score: number;
  weight: number;
  description: string;
}

export interface SeoScore {
  items: ScoreItem[];
  score: number;
  checkedAt: string;
}

/** The widget's twelve items and their weights. */
export const SCORE_WEIGHTS = {
  titleTags: 15,
  metaDescriptions: 10,
  structuredData: 12,
  sitemap: 8,
  robots: 5,
  mobile: 15,
  pageSpeed: 12,
  ssl: 8,
  urlStructure: 6,
  imageOptimization: 7,
  localSeo: 10,
  internalLinking: 6,
} as const;

/** Audit score: (passes + 0.5 x warnings) / total, as a rounded percent. */
export function auditScore(checks: { status: CheckStatus }[]): number {
  if (checks.length === 0) return 0;
  const passes = checks.filter((c) => c.status === "pass").length;
  const warnings = checks.filter((c) => c.status === "warning").length;
  return Math.round(((passes + 0.5 * warnings) / checks.length) * 100);
}

/** Report score: passed / total, as a rounded percent. */
export function reportScore(items: { status: CheckStatus }[]): number {
  if (items.length === 0) return 0;
  return Math.round((items.filter((i) => i.status === "pass").length / items.length) * 100);
}

/** The widget's score: the rounded weighted average of its items. */
export function weightedScore(items: { score: number; weight: number }[]): number {
  const weight = items.reduce((s, i) => s + i.weight, 0);
  if (weight === 0) return 0;
  return Math.round(items.reduce((s, i) => s + i.score * i.weight, 0) / weight);
}

export function scoreItemStatus(score: number): ScoreStatus {
  return score >= 95 ? "excellent" : score >= 85 ? "good" : "needs-work";
}

/** Colour of one widget item: green at 95+, yellow at 85+, otherwise red. */
export function itemTone(score: number): "green" | "yellow" | "red" {
  return score >= 95 ? "green" : score >= 85 ? "yellow" : "red";
}

/** Colour of the overall score: green at 90+, yellow at 80+, otherwise red. */
export function scoreTone(score: number): "green" | "yellow" | "red" {
  return score >= 90 ? "green" : score >= 80 ? "yellow" : "red";
}

export function scoreLabel(score: number): string {
  if (score >= 95) return "Outstanding";
  if (score >= 90) return "Excellent";
  if (score >= 80) return "Good";
  if (score >= 70) return "Fair";
  return "Needs Work";
}
