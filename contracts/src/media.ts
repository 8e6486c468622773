// Responsive variants of a stored image, derived from its URL by one naming convention
// (docs/decisions/0008-responsive-images.md): /media/<stem>.<ext> has /media/<stem>.<width>w.<format>
// for every width in VARIANT_WIDTHS (never enlarged: a narrower original gives a variant at its own
// width) and 1600 when the original is at least that wide, in AVIF and WebP.

export const VARIANT_WIDTHS = [400, 800, 1200] as const;
export const WIDE_VARIANT = 1600;
export const VARIANT_FORMATS = ["avif", "webp"] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

const MEDIA_URL = /^\/media\/([A-Za-z0-9_-][A-Za-z0-9._-]*?)\.(webp|jpe?g|png|avif)$/;
const VARIANT_NAME = /^([A-Za-z0-9_-][A-Za-z0-9._-]*?)\.(\d{3,4})w\.(avif|webp)$/;

/** True for a URL that has variants (an image stored in the media table). */
export function hasVariants(url: string): boolean {
  return MEDIA_URL.test(url) && !VARIANT_NAME.test(url.slice("/media/".length));
}

/** The widths made for an original of this width (every standard one, plus 1600 for wide originals). */
export function variantWidths(originalWidth?: number): number[] {
  return originalWidth !== undefined && originalWidth >= WIDE_VARIANT
    ? [...VARIANT_WIDTHS, WIDE_VARIANT]
    : [...VARIANT_WIDTHS];
}

/** /media/house.webp → /media/house.800w.avif */
export function variantUrl(url: string, width: number, format: VariantFormat): string {
  const match = MEDIA_URL.exec(url);
  if (!match) return url;
  return `/media/${match[1]}.${width}w.${format}`;
}

/** The variant file name of a stored original's id: house.webp → house.800w.avif */
export function variantId(originalId: string, width: number, format: VariantFormat): string {
  return variantUrl(`/media/${originalId}`, width, format).slice("/media/".length);
}

/** A variant file name split into the original's stem, its width and format; null when it is not one. */
export function parseVariantId(id: string): { stem: string; width: number; format: VariantFormat } | null {
  const match = VARIANT_NAME.exec(id);
  if (!match) return null;
  const width = Number(match[2]);
  if (!(VARIANT_WIDTHS as readonly number[]).includes(width) && width !== WIDE_VARIANT) return null;
  return { stem: match[1]!, width, format: match[3] as VariantFormat };
}

/**
 * The srcset of one format: each variant with the width it really has (a narrow original's
 * variants stop at its own width, and a width is listed once).
 */
export function srcSet(url: string, format: VariantFormat, originalWidth?: number): string {
  const seen = new Set<number>();
  const parts: string[] = [];
  for (const width of variantWidths(originalWidth)) {
    const actual = originalWidth ? Math.min(width, originalWidth) : width;
    if (seen.has(actual)) continue;
    seen.add(actual);
    parts.push(`${variantUrl(url, width, format)} ${actual}w`);
  }
  return parts.join(", ");
}
