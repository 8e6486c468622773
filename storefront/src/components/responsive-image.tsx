// Every stored picture on the storefront: a <picture> with AVIF and WebP sources at the widths of
// contracts/media.ts, explicit width and height (no layout shift), lazy below the fold, and for the
// page's largest paint a high fetch priority plus a preload that names the same candidates (React
// does not preload an <img> inside <picture> by itself; the server render puts this link before the
// markup and the server moves it to the top of <head>). Images that are not in the media table fall
// back to a plain <img>.

import { hasVariants, srcSet, variantUrl } from "@ch/contracts/media";
import { createContext, useContext } from "react";

/** The preloads of a server render (entry-server.tsx); none in the browser, where it is too late. */
export const ImagePreloads = createContext<ReturnType<typeof collectImagePreloads> | null>(null);

export function collectImagePreloads() {
  const links = new Map<string, string>();
  return {
    /**
     * `href` is the candidate for a browser that knows preload but not imagesrcset (the HTML spec asks
     * every <link> for one); browsers that know imagesrcset choose from the candidates as the <picture> does.
     */
    add(href: string, imageSrcSet: string, imageSizes: string) {
      links.set(
        imageSrcSet,
        `<link rel="preload" as="image" type="image/avif" fetchPriority="high" imageSrcSet="${escapeAttribute(imageSrcSet)}" imageSizes="${escapeAttribute(imageSizes)}" href="${escapeAttribute(href)}"/>`,
      );
    },
    html: () => [...links.values()].join(""),
  };
}

// React 18 knows no fetchPriority prop (it warns and writes it as is): the attribute, spelt as HTML has it
const HIGH_PRIORITY = { fetchpriority: "high" } as object;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A stored picture's address and the original's size, as the API gives them (a blog cover has the seed size 1200×800). */
export interface StoredImage {
  url: string;
  width?: number;
  height?: number;
}

export interface ResponsiveImageProps {
  image: StoredImage;
  alt: string;
  /** The rendered width by viewport, as for the `sizes` attribute. */
  sizes: string;
  /** "priority": the page's largest paint; "eager": in the first screenful; "lazy": below the fold. */
  loading?: "priority" | "eager" | "lazy";
  className?: string;
}

export function ResponsiveImage({ image, alt, sizes, loading = "lazy", className }: ResponsiveImageProps) {
  const { url: src, width = 1200, height = 800 } = image;
  const priority = loading === "priority";
  const preloads = useContext(ImagePreloads);
  if (!hasVariants(src)) {
    return (
      <img
        src={src}
        width={width}
        height={height}
        alt={alt}
        loading={loading === "lazy" ? "lazy" : "eager"}
        decoding="async"
        {...(priority ? HIGH_PRIORITY : {})}
        className={className}
      />
    );
  }
  const avif = srcSet(src, "avif", width);
  if (priority) preloads?.add(variantUrl(src, 800, "avif"), avif, sizes);
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={avif} sizes={sizes} />
      <img
        src={src}
        srcSet={srcSet(src, "webp", width)}
        sizes={sizes}
        width={width}
        height={height}
        alt={alt}
        loading={loading === "lazy" ? "lazy" : "eager"}
        decoding={priority ? undefined : "async"}
        {...(priority ? HIGH_PRIORITY : {})}
        className={className}
      />
    </picture>
  );
}
