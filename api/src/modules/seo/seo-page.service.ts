// Builds the HTML the storefront origin sends for a path: the page's own head (looked up in the
// database per request, so products and posts created after the build are covered), the site
// configuration, a no-script fallback body and the status (404 for unknown paths and missing data).
import { BLOG_PAGE_SIZE, blogListHref, blogListNeighbours, parseBlogListSearch } from "@ch/contracts/blog-list";
import { blogListMeta } from "@ch/contracts/blog-list-meta";
import type { SiteConfig } from "@ch/contracts/business-facts";
import type { ProductDto } from "@ch/contracts/catalog";
import type { BlogPostDto } from "@ch/contracts/content";
import {
  articleMeta,
  CATEGORY_NAMES,
  describePage,
  formatUsd,
  headingOf,
  notFoundMeta,
  type PageMeta,
  PORTAL_PROJECT_PATH,
  PROPOSAL_PATH,
  pageHead,
  productMeta,
  proposalMeta,
  SITE_NAME,
  siteIdentityOf,
  staticPageMeta,
} from "@ch/contracts/seo";
import type { Deps } from "../../lib/deps";
import { AppError } from "../../lib/errors";
import { getProduct, listFeaturedProducts, listProducts } from "../catalog";
import { getPostBySlug, listPosts, searchPublishedPosts } from "../content";
import { getSiteConfig } from "../settings";
import { escapeHtml, injectPage, jsonForScript } from "./html";
import { isServerRendered, type StorefrontRenderer } from "./ssr";

export interface ResolvedPage {
  status: 200 | 404;
  meta: PageMeta;
  product?: ProductDto;
  post?: BlogPostDto;
  /** Links listed on the page (products of a listing, articles of the blog). */
  listing?: { href: string; label: string }[];
}

const MAX_ID = 2_147_483_647;

async function orNotFound<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}

/** Lower-cases nothing and decodes nothing: the path must match a real route exactly. */
export function normalizePath(rawUrl: string): string {
  const path = rawUrl.split(/[?#]/)[0] || "/";
  return path.length > 1 ? path.replace(/\/+$/, "") || "/" : path;
}

const productLink = (p: ProductDto) => ({ href: `/product/${p.id}`, label: `${p.name} – ${formatUsd(p.price)}` });
const postLink = (p: { slug: string; title: string }) => ({ href: `/blog/${p.slug}`, label: p.title });

/** The catalog and published posts, loaded once when many pages are rendered in one request. */
export interface SiteData {
  products: ProductDto[];
  /** Published posts, newest first. */
  posts: BlogPostDto[];
}

export async function resolvePage(deps: Deps, rawPath: string, data?: SiteData): Promise<ResolvedPage> {
  const path = normalizePath(rawPath);
  const notFound: ResolvedPage = { status: 404, meta: notFoundMeta };
  const productId = /^\/product\/([^/]+)$/.exec(path)?.[1];
  if (productId !== undefined) {
    if (!/^[1-9]\d{0,9}$/.test(productId) || Number(productId) > MAX_ID) return notFound;
    const id = Number(productId);
    const product = data ? (data.products.find((p) => p.id === id) ?? null) : await orNotFound(getProduct(deps.db, id));
    return product ? { status: 200, meta: productMeta(product), product } : notFound;
  }
  const slug = /^\/blog\/([^/]+)$/.exec(path)?.[1];
  if (slug !== undefined) {
    if (!/^[a-z0-9-]{1,200}$/.test(slug)) return notFound;
    const post = data
      ? (data.posts.find((p) => p.slug === slug) ?? null)
      : await orNotFound(getPostBySlug(deps.db, slug));
    return post ? { status: 200, meta: articleMeta(post), post } : notFound;
  }
  if (PROPOSAL_PATH.test(path)) return { status: 200, meta: proposalMeta(path) };
  // the page asks the API for the project with the portal's cookie: the same shell for any number
  if (PORTAL_PROJECT_PATH.test(path)) return { status: 200, meta: { ...staticPageMeta("/portal")!, path } };
  const meta = staticPageMeta(path);
  if (!meta) return notFound;
  const page: ResolvedPage = { status: 200, meta };
  if (path === "/products" || path.startsWith("/products/")) {
    const category = path.startsWith("/products/") ? path.slice("/products/".length) : undefined;
    const list = data
      ? data.products.filter((p) => category === undefined || p.category === category)
      : await listProducts(deps.db, { category });
    const products = list.map(productLink);
    const categories = Object.entries(CATEGORY_NAMES)
      .filter(([id]) => `/products/${id}` !== path)
      .map(([id, label]) => ({ href: `/products/${id}`, label }));
    page.listing = [...products, ...categories];
  } else if (path === "/blog") {
    // one page of the blog, with its search state from the query string (see contracts/blog-list.ts)
    const query = new URLSearchParams(/\?([^#]*)/.exec(rawPath)?.[1] ?? "");
    const search = parseBlogListSearch(Object.fromEntries(query));
    const result = await searchPublishedPosts(deps.db, {
      q: search.q,
      category: search.category,
      page: search.page ?? 1,
      pageSize: BLOG_PAGE_SIZE,
    });
    if ((search.page ?? 1) > result.pageCount) return notFound;
    page.meta = blogListMeta(search, result.pageCount);
    const { prev, next } = blogListNeighbours(search, result.pageCount);
    page.listing = [
      ...result.posts.map(postLink),
      ...(prev ? [{ href: blogListHref(prev), label: "Newer articles" }] : []),
      ...(next ? [{ href: blogListHref(next), label: "Older articles" }] : []),
    ];
  } else if (path === "/") {
    const [featured, posts] = data
      ? [
          data.products.filter((p) => p.featured).sort((a, b) => a.price - b.price || a.id - b.id),
          data.posts.slice(0, 3),
        ]
      : await Promise.all([listFeaturedProducts(deps.db), listPosts(deps.db, { published: true, limit: 3 })]);
    page.listing = [...featured.map(productLink), ...posts.map(postLink)];
  }
  return page;
}

const NAV = [
  { href: "/products", label: "Products" },
  { href: "/about", label: "About" },
  { href: "/gallery", label: "Gallery" },
  { href: "/blog", label: "Blog" },
  { href: "/contact", label: "Contact" },
];
const FOOTER_LINKS = [
  { href: "/services/custom-design", label: "Custom Design" },
  { href: "/services/site-preparation", label: "Site Preparation" },
  { href: "/services/installation", label: "Installation" },
  { href: "/services/warranty-support", label: "Warranty & Support" },
  { href: "/privacy-policy", label: "Privacy Policy" },
  { href: "/terms-of-service", label: "Terms of Service" },
  { href: "/return-policy", label: "Return Policy" },
];

const links = (items: { href: string; label: string }[]) =>
  items.map((l) => `<li><a href="${escapeHtml(l.href)}">${escapeHtml(l.label)}</a></li>`).join("");

/**
 * The markup a reader without JavaScript (and any crawler that does not run scripts) gets: a
 * semantic outline of the page with its one h1, images with alt text and the site's links. Inside
 * <noscript>, so browsers that run the app never display it and nothing changes when it loads.
 */
export function fallbackBody(page: ResolvedPage, config: SiteConfig): string {
  const company = config.company;
  const parts: string[] = [];
  parts.push(
    `<header><a href="/">${escapeHtml(company.name || SITE_NAME)}</a><nav aria-label="Main"><ul>${links(NAV)}</ul></nav></header>`,
  );
  const main: string[] = [`<h1>${escapeHtml(headingOf(page.meta))}</h1>`];
  if (page.status === 404) {
    main.push("<p>Did you forget to add the page to the router?</p>", '<p><a href="/">Go to the home page</a></p>');
  } else {
    main.push(`<p>${escapeHtml(describePage(page.meta, siteIdentityOf(config)))}</p>`);
  }
  if (page.product) {
    const p = page.product;
    const img = p.imageDetails[0];
    if (img) {
      main.push(
        `<img src="${escapeHtml(img.url)}" alt="${escapeHtml(p.name)}" width="${img.width}" height="${img.height}">`,
      );
    }
    main.push(`<p>Price: ${escapeHtml(formatUsd(p.price))}. ${p.inStock ? "In stock" : "Out of stock"}.</p>`);
    main.push('<p><a href="/products">Back to all products</a></p>');
  }
  if (page.post) {
    const post = page.post;
    main.push(`<img src="${escapeHtml(post.image)}" alt="${escapeHtml(post.title)}">`);
    main.push(`<p>Published <time datetime="${escapeHtml(post.createdAt)}">${post.createdAt.slice(0, 10)}</time></p>`);
    main.push(...post.content.split(/\n{2,}/).map((para) => `<p>${escapeHtml(para.trim())}</p>`));
    main.push('<p><a href="/blog">Back to the blog</a></p>');
  }
  if (page.listing?.length) main.push(`<ul>${links(page.listing)}</ul>`);
  main.push("<p>Turn on JavaScript to use the cart, checkout, calculator and chat.</p>");
  // a <div>, not <main>: the HTML spec allows <main> only under html, body, div or form (never inside
  // <noscript>), and the app renders the page's one <main> in #root
  parts.push(`<div>${main.join("")}</div>`);
  parts.push(
    `<footer><p>${escapeHtml(company.name)}, ${escapeHtml(company.street)}, ${escapeHtml(company.city)}, ${escapeHtml(company.region)} ${escapeHtml(company.postalCode)}. ` +
      `<a href="tel:${escapeHtml(company.phone.replace(/[^\d+]/g, ""))}">${escapeHtml(company.phone).replace(/ /g, "&nbsp;")}</a>, ` +
      `<a href="mailto:${escapeHtml(company.email)}">${escapeHtml(company.email)}</a></p>` +
      `<nav aria-label="Services and policies"><ul>${links(FOOTER_LINKS)}</ul></nav></footer>`,
  );
  return parts.join("");
}

export interface RenderedPage {
  status: 200 | 404;
  html: string;
  meta: PageMeta;
  path: string;
}

/**
 * The storefront's HTML for a path, exactly as the server sends it. With a renderer (the
 * storefront's server-side render), a found page carries the app's own markup inside #root and the
 * data it was rendered from; that markup then replaces the no-script fallback body.
 */
export async function renderStorefrontPage(
  deps: Deps,
  rawPath: string,
  template: string,
  data?: SiteData,
  renderer?: StorefrontRenderer | null,
): Promise<RenderedPage> {
  const [page, config] = await Promise.all([resolvePage(deps, rawPath, data), getSiteConfig(deps)]);
  const path = normalizePath(rawPath);
  // not-found pages too: the app's own screen (with links onward), sent with the 404 status
  const rendered = renderer && isServerRendered(path) ? await renderer.render(rawPath) : null;
  const html = injectPage(template, {
    head: pageHead(page.meta, siteIdentityOf(config)),
    siteConfig: config,
    fallbackBody: rendered ? "" : fallbackBody(page, config),
  });
  if (!rendered) return { status: page.status, html, meta: page.meta, path };
  const state = `<script id="query-state" type="application/json">${jsonForScript(rendered.queries)}</script>`;
  // React puts preloads for the page's first images before the markup; at the top of <head>, the
  // browser asks for the largest image before the app's script and stylesheet
  const preloads = /^(?:<link rel="preload" as="image"[^>]*>)+/.exec(rendered.html)?.[0] ?? "";
  const markup = rendered.html.slice(preloads.length);
  const withApp = html
    .replace(/\s*<noscript><\/noscript>/, "")
    .replace(/<meta name="viewport"[^>]*>/, (viewport) => `${viewport}${preloads ? `\n    ${preloads}` : ""}`)
    .replace(/<div id="root"><\/div>/, () => `<div id="root">${markup}</div>\n    ${state}`);
  return { status: page.status, html: withApp, meta: page.meta, path };
}
