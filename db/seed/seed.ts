/**
 * Seeds an empty database once: media (the images in db/seed/images), products,
 * gallery and blog. Guarded by an advisory lock and by "products is empty".
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "../src/index";
import { blogPosts, galleryItems, media, products } from "../src/schema/index";
import { seedBlogPosts } from "./content/blog";
import { seedGallery } from "./content/gallery";
import { seedProducts } from "./content/products";

const SEED_LOCK = 72_617_002;
const imagesDir = join(dirname(fileURLToPath(import.meta.url)), "images");

export function mediaUrl(fileName: string): string {
  return `/media/${fileName}`;
}

type Manifest = Record<string, { width: number; height: number }>;

export async function seedIfEmpty(db: Database): Promise<boolean> {
  const manifest = JSON.parse(readFileSync(join(imagesDir, "manifest.json"), "utf8")) as Manifest;
  const size = (file: string) => {
    const entry = manifest[file];
    if (!entry) throw new Error(`seed image missing from manifest: ${file}`);
    return entry;
  };
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [{ n }] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from products`)) as [
      { n: number },
    ];
    if (n > 0) return false;

    const files = new Set<string>([
      ...seedProducts.flatMap((p) => p.images),
      ...seedGallery.map((g) => g.image),
      ...seedBlogPosts.map((b) => b.image),
    ]);
    for (const file of files) {
      const data = readFileSync(join(imagesDir, file));
      const { width, height } = size(file);
      await tx
        .insert(media)
        .values({
          id: file,
          contentType: "image/webp",
          width,
          height,
          bytes: data.length,
          data: data.toString("base64"),
        })
        .onConflictDoNothing();
    }
    await tx.insert(products).values(
      seedProducts.map((p) => ({
        name: p.name,
        description: p.description,
        priceCents: Math.round(p.price * 100),
        category: p.category,
        featured: p.featured,
        inStock: p.inStock,
        specs: p.specs,
        images: p.images.map((file) => ({ url: mediaUrl(file), ...size(file) })),
      })),
    );
    await tx.insert(galleryItems).values(
      seedGallery.map((g, index) => ({
        title: g.title,
        category: g.category,
        image: mediaUrl(g.image),
        ...size(g.image),
        sortOrder: index,
      })),
    );
    await tx.insert(blogPosts).values(
      seedBlogPosts.map((b) => ({
        slug: b.slug,
        title: b.title,
        excerpt: b.excerpt,
        content: b.content,
        category: b.category,
        image: mediaUrl(b.image),
        published: b.published,
        createdAt: new Date(b.createdAt),
        updatedAt: new Date(b.createdAt),
      })),
    );
    return true;
  });
}
