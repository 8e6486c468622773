// Turns a page's head description into HTML and puts it, the site configuration and a no-script
// fallback body into the storefront's built index.html. String work only: no DOM, no network.
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { HeadTags } from "@ch/contracts/seo";
import type { Env } from "../../env";
import { escapeHtml } from "../../lib/html";

export { escapeHtml };

/** JSON for a <script> data block: `<` escaped so the text can never close the element. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

const MARK = "data-server-head";

/** The page's own head tags, each marked so the storefront can replace them with its own identical ones. */
export function headHtml(head: HeadTags): string {
  const lines = [`<title ${MARK}>${escapeHtml(head.title)}</title>`];
  for (const tag of head.meta) {
    const [key, value] = "name" in tag ? ["name", tag.name] : ["property", tag.property];
    lines.push(`<meta ${MARK} ${key}="${escapeHtml(value)}" content="${escapeHtml(tag.content)}">`);
  }
  for (const link of head.links)
    lines.push(`<link ${MARK} rel="${escapeHtml(link.rel)}" href="${escapeHtml(link.href)}">`);
  for (const data of head.jsonLd)
    lines.push(`<script ${MARK} type="application/ld+json">${jsonForScript(data)}</script>`);
  return lines.join("\n    ");
}

/** Site-wide tags (icons, manifest, theme colour) added when the built index.html lacks them. */
export const THEME_COLOR = "#0f172a";
function siteWideTags(template: string): string {
  const tags: string[] = [];
  if (!/rel="icon"/.test(template)) {
    tags.push(
      '<link rel="icon" href="/favicon.ico" sizes="32x32">',
      '<link rel="icon" href="/icon.svg" type="image/svg+xml">',
    );
  }
  if (!/rel="apple-touch-icon"/.test(template)) tags.push('<link rel="apple-touch-icon" href="/apple-touch-icon.png">');
  if (!/rel="manifest"/.test(template)) tags.push('<link rel="manifest" href="/manifest.json">');
  if (!/name="theme-color"/.test(template)) tags.push(`<meta name="theme-color" content="${THEME_COLOR}">`);
  return tags.join("\n    ");
}

/** The whole HTML answer for one page. */
export function injectPage(
  template: string,
  parts: { head: HeadTags; siteConfig: unknown; fallbackBody: string },
): string {
  const withoutTitle = template.replace(/<title>[\s\S]*?<\/title>\s*/i, "");
  const headTags = `${headHtml(parts.head)}\n    ${siteWideTags(template)}\n  </head>`;
  const bodyStart = [
    `<script id="site-config" type="application/json">${jsonForScript(parts.siteConfig)}</script>`,
    `<noscript>${parts.fallbackBody}</noscript>`,
  ].join("\n    ");
  return withoutTitle.replace(/<\/head>/i, headTags).replace(/<body([^>]*)>/i, (m) => `${m}\n    ${bodyStart}`);
}

/** Used when the storefront has not been built (API-only tests): the same shape as Vite's index.html. */
export const FALLBACK_TEMPLATE = [
  '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />',
  '    <meta name="viewport" content="width=device-width, initial-scale=1.0" />',
  "    <title>Container Homes of Texas</title>\n  </head>",
  '  <body>\n    <div id="root"></div>\n  </body>\n</html>',
].join("\n");

export interface StorefrontBuild {
  template: string;
  /** When the storefront was built (the lastmod of its static pages), null without a build. */
  builtAt: Date | null;
  dist: string | null;
}

/** The built storefront's index.html, read from disk each time it is asked for (no process cache). */
export function readStorefrontBuild(env: Env, dist: string = env.STOREFRONT_DIST): StorefrontBuild {
  try {
    const file = join(dist, "index.html");
    return { template: readFileSync(file, "utf8"), builtAt: statSync(file).mtime, dist };
  } catch {
    return { template: FALLBACK_TEMPLATE, builtAt: null, dist: null };
  }
}
