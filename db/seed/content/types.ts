// Shapes of the seed content. Files under db/seed/images are referenced by file name.
import type { ProductSpecs } from "../../src/schema/index";

export type ProductCategory =
  | "20ft-homes"
  | "40ft-homes"
  | "53ft-homes"
  | "multi-unit"
  | "container-offices"
  | "commercial-industrial";

export interface SeedProduct {
  name: string;
  description: string;
  /** Whole US dollars. */
  price: number;
  category: ProductCategory;
  featured: boolean;
  inStock: boolean;
  /** File names in db/seed/images, first one is the listing image. */
  images: string[];
  specs: ProductSpecs;
}

export type GalleryCategory = "exterior" | "interior" | "commercial";

export interface SeedGalleryItem {
  title: string;
  category: GalleryCategory;
  image: string;
}

export type BlogCategory = "construction" | "sustainability" | "investment" | "design";

export interface SeedBlogPost {
  slug: string;
  title: string;
  excerpt: string;
  /** Paragraphs separated by a blank line; single line breaks are kept on screen. */
  content: string;
  category: BlogCategory;
  image: string;
  published: boolean;
  /** ISO date-time. */
  createdAt: string;
}
