// The head itself: one description of every tag, serialized to HTML by the server and handed to
// TanStack Router's `head` by the storefront (features/seo/head.ts). Pure, no imports from the server.

import { schemaOrgHours, WEEKDAYS } from "./business-facts";
import {
  type ArticleFacts,
  CATEGORY_NAMES,
  type Crumb,
  DEFAULT_IMAGE,
  DEFAULT_IMAGE_SIZE,
  describePage,
  notFoundMeta,
  type PageMeta,
  type ProductFacts,
  SITE_NAME,
  type SiteIdentity,
} from "./seo-pages";

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
