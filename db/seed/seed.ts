/**
 * Seeds an empty database once: media (the images in db/seed/images), products,
 * gallery and blog. Guarded by an advisory lock and by "products is empty".
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { inArray, sql } from "drizzle-orm";
import { type Database, type Executor, rowsOf } from "../src/index";
import {
  blogPosts,
  deliveryBands,
  galleryItems,
  media,
  products,
  proposalOptions,
  taxRates,
} from "../src/schema/index";
import { seedBlogPosts } from "./content/blog";
import { seedGallery } from "./content/gallery";
import { seedProducts } from "./content/products";
import { seedDeliveryBands, seedProposalOptions, seedTaxRates } from "./content/sales";

/** The starting price lists, for tests that price with them (the pricing engine's tests). */
export { seedDeliveryBands, seedTaxRates };

const SEED_LOCK = 72_617_002;
const imagesDir = join(dirname(fileURLToPath(import.meta.url)), "images");

export function mediaUrl(fileName: string): string {
  return `/media/${fileName}`;
}

type Manifest = Record<string, { width: number; height: number; variants?: string[] }>;

function readManifest(): Manifest {
  return JSON.parse(readFileSync(join(imagesDir, "manifest.json"), "utf8")) as Manifest;
}

/**
 * Every seed picture and its pre-made responsive variants (rendered offline by make-images.ts and
 * committed, so seeding only copies files). Rows already present are left alone, so a database
 * seeded before a picture existed gets it at the next start.
 */
async function insertSeedMedia(tx: Executor, manifest: Manifest, only?: Set<string>) {
  const rows: (typeof media.$inferInsert)[] = [];
  for (const [file, entry] of Object.entries(manifest)) {
    for (const id of [file, ...(entry.variants ?? [])]) {
      if (only && !only.has(id)) continue;
      const data = readFileSync(join(imagesDir, id));
      const variant = /\.(\d+)w\.(avif|webp)$/.exec(id);
      const width = variant ? Math.min(Number(variant[1]), entry.width) : entry.width;
      rows.push({
        id,
        contentType: id.endsWith(".avif") ? "image/avif" : "image/webp",
        width,
        height: Math.round((entry.height * width) / entry.width),
        bytes: data.length,
        data: data.toString("base64"),
      });
    }
  }
  for (let i = 0; i < rows.length; i += 500) {
    await tx
      .insert(media)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
  }
}

export async function seedIfEmpty(db: Database): Promise<boolean> {
  const manifest = readManifest();
  const size = (file: string) => {
    const entry = manifest[file];
    if (!entry) throw new Error(`seed image missing from manifest: ${file}`);
    return { width: entry.width, height: entry.height };
  };
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [{ n }] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from products`)) as [
      { n: number },
    ];
    if (n > 0) {
      const wanted = Object.entries(manifest).flatMap(([file, e]) => [file, ...(e.variants ?? [])]);
      const present = new Set(
        (await tx.select({ id: media.id }).from(media).where(inArray(media.id, wanted))).map((r) => r.id),
      );
      const missing = new Set(wanted.filter((id) => !present.has(id)));
      if (missing.size > 0) await insertSeedMedia(tx, manifest, missing);
      return false;
    }

    await insertSeedMedia(tx, manifest);
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
    await tx.insert(taxRates).values(seedTaxRates).onConflictDoNothing();
    await tx.insert(proposalOptions).values(seedProposalOptions.map((o, index) => ({ ...o, sortOrder: index })));
    await tx.insert(deliveryBands).values(seedDeliveryBands.map((b, index) => ({ ...b, sortOrder: index })));
    return true;
  });
}
