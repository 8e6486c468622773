// Images made in memory for the upload tests: one colour, at the size and in the format a test asks for.
import sharp from "sharp";

/** A `width` × `height` image of one colour, encoded as `format`. */
export function solidImage(
  width: number,
  height: number,
  format: "jpeg" | "png" | "webp" | "gif",
  background: string | { r: number; g: number; b: number } = "#000",
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    [format]()
    .toBuffer();
}
