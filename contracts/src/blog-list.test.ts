import { describe, expect, it } from "vitest";
import { blogListHref, blogListNeighbours, parseBlogListSearch } from "./blog-list";
import { blogListMeta } from "./blog-list-meta";
import { pageHead } from "./seo";

describe("parseBlogListSearch", () => {
  it("keeps valid values, as text or as numbers", () => {
    expect(parseBlogListSearch({ q: "  permits   and  zoning ", category: "design", page: "3" })).toEqual({
      q: "permits and zoning",
      category: "design",
      page: 3,
    });
    expect(parseBlogListSearch({ q: 2024, page: 2 })).toEqual({ q: "2024", page: 2 });
  });

  it("drops what an address bar may carry but is not valid", () => {
    expect(parseBlogListSearch({})).toEqual({});
    expect(parseBlogListSearch({ q: "   ", category: "cooking", page: "abc" })).toEqual({});
    for (const page of [0, 1, -2, 1.5, 1001, "1e3", "02x", null, ["2"]]) {
      expect(parseBlogListSearch({ page })).toEqual({});
    }
    expect(parseBlogListSearch({ q: { $ne: 1 }, utm_source: "x" })).toEqual({});
    expect(parseBlogListSearch({ q: "x".repeat(500) }).q).toHaveLength(200);
  });
});

describe("the pages' addresses and heads", () => {
  it("writes the parameters in one order, leaving defaults out", () => {
    expect(blogListHref({})).toBe("/blog");
    expect(blogListHref({ page: 1 })).toBe("/blog");
    expect(blogListHref({ page: 2, category: "design", q: "a b" })).toBe("/blog?q=a+b&category=design&page=2");
  });

  it("links each page to its neighbours", () => {
    expect(blogListNeighbours({}, 1)).toEqual({});
    expect(blogListNeighbours({}, 3)).toEqual({ next: { page: 2 } });
    expect(blogListNeighbours({ category: "design", page: 3 }, 3)).toEqual({
      prev: { category: "design", page: 2 },
    });
    expect(blogListNeighbours({ page: 2 }, 3)).toEqual({ prev: { page: undefined }, next: { page: 3 } });
  });

  it("gives page 2 its own title, canonical and rel prev/next, and keeps searches out of the index", () => {
    const site = { siteUrl: "https://example.com" };
    const first = pageHead(blogListMeta({}, 2), site);
    expect(first.links).toEqual([
      { rel: "canonical", href: "https://example.com/blog" },
      { rel: "next", href: "https://example.com/blog?page=2" },
    ]);
    const second = pageHead(blogListMeta({ page: 2 }, 3), site);
    expect(second.title).toContain("Page 2");
    expect(second.title).not.toBe(first.title);
    expect(second.links).toEqual([
      { rel: "canonical", href: "https://example.com/blog?page=2" },
      { rel: "prev", href: "https://example.com/blog" },
      { rel: "next", href: "https://example.com/blog?page=3" },
    ]);
    const searched = pageHead(blogListMeta({ q: "zoning" }, 1), site);
    expect(searched.meta).toContainEqual({ name: "robots", content: "noindex, nofollow" });
    const category = pageHead(blogListMeta({ category: "design" }, 1), site);
    expect(category.meta).not.toContainEqual(expect.objectContaining({ name: "robots" }));
    expect(category.links).toEqual([{ rel: "canonical", href: "https://example.com/blog?category=design" }]);
  });
});
