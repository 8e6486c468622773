import { type SQL, sql } from "drizzle-orm";
import { boolean, customType, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, timestamps, updatedAt } from "./columns";

/** PostgreSQL's full-text document type; only ever written by the database itself (generated column). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const galleryItems = pgTable("gallery_items", {
  id: id(),
  title: text("title").notNull(),
  category: text("category").notNull(),
  image: text("image").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: id(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    content: text("content").notNull(),
    image: text("image").notNull(),
    category: text("category").notNull(),
    published: boolean("published").notNull().default(false),
    ...timestamps(),
    /**
     * The blog search's document, kept by PostgreSQL: words of the title weigh most (A), then the
     * excerpt (B), then the body (C). English stemming, so "permit" finds "permits".
     */
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english'::regconfig, ${blogPosts.title}), 'A') || setweight(to_tsvector('english'::regconfig, ${blogPosts.excerpt}), 'B') || setweight(to_tsvector('english'::regconfig, ${blogPosts.content}), 'C')`,
    ),
  },
  (t) => [
    index("blog_posts_published_idx").on(t.published, t.createdAt),
    index("blog_posts_search_idx").using("gin", t.searchVector),
    index("blog_posts_category_idx").on(t.category, t.published, t.createdAt),
  ],
);
