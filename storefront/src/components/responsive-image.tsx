// Every stored picture on the storefront: a <picture> with AVIF and WebP sources at the widths of
// contracts/media.ts, explicit width and height (no layout shift), lazy below the fold, and for the
// page's largest paint a high fetch priority plus a preload that names the same candidates (React
// does not preload an <img> inside <picture> by itself; the server moves this link to the top of
// <head>). Images that are not in the media table fall back to a plain <img>.

import { hasVariants, srcSet } from "@ch/api/contracts/media";
import { preload } from "react-dom";

export interface ResponsiveImageProps {
  src: string;
  alt: string;
  /** The original's size, as the API gives it (a blog cover has the seed size 1200×800). */
  width?: number;
  height?: number;
  /** The rendered width by viewport, as for the `sizes` attribute. */
  sizes: string;
  /** "priority": the page's largest paint; "eager": in the first screenful; "lazy": below the fold. */
  loading?: "priority" | "eager" | "lazy";
  className?: string;
}

export function ResponsiveImage({
  src,
  alt,
  width = 1200,
  height = 800,
  sizes,
  loading = "lazy",
  className,
}: ResponsiveImageProps) {
  const priority = loading === "priority";
  if (!hasVariants(src)) {
    return (
      <img
        src={src}
        width={width}
        height={height}
        alt={alt}
        loading={loading === "lazy" ? "lazy" : "eager"}
        decoding="async"
        fetchPriority={priority ? "high" : undefined}
        className={className}
      />
    );
  }
  const avif = srcSet(src, "avif", width);
  if (priority)
    preload(src, { as: "image", imageSrcSet: avif, imageSizes: sizes, type: "image/avif", fetchPriority: "high" });
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
        fetchPriority={priority ? "high" : undefined}
        className={className}
      />
    </picture>
  );
}
