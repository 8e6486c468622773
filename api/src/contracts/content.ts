import { z } from "zod";
import { BLOG_CATEGORIES, GALLERY_CATEGORIES } from "./constants";
import { id, requiredText } from "./fields";

export const blogListQuery = z.strictObject({
  published: z.enum(["true", "false"]).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  offset: z.coerce.number().int().min(0).max(100_000).optional(),
});
export const slugParams = z.strictObject({
  slug: z
    .string()
    .min(1)
    .max(160)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a lower-case slug"),
});

const imageUrl = z
  .string()
  .max(300)
  .regex(/^\/media\/[A-Za-z0-9._-]+$/, "must be an image uploaded to /media");

export const galleryItemInput = z.strictObject({
  title: requiredText(160, "title"),
  category: z.enum(GALLERY_CATEGORIES),
  image: imageUrl,
});
export const galleryReorderInput = z.strictObject({ ids: z.array(id()).min(1).max(1000) });

export const blogPostInput = z.strictObject({
  slug: slugParams.shape.slug,
  title: requiredText(200, "title"),
  excerpt: requiredText(600, "excerpt"),
  content: requiredText(60_000, "content"),
  category: z.enum(BLOG_CATEGORIES),
  image: imageUrl,
  published: z.boolean(),
});
export type BlogPostInput = z.infer<typeof blogPostInput>;

export interface GalleryItemDto {
  id: number;
  title: string;
  category: string;
  image: string;
  width: number;
  height: number;
}

export interface BlogPostDto {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  image: string;
  category: string;
  published: boolean;
  createdAt: string;
  updatedAt: string;
}
