import { useInfiniteQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { SearchIcon } from "../../components/icons";
import { buttonClass, inputClass, PageHeader } from "../../components/ui";
import { BLOG_PAGE_SIZE, fetchBlogPage } from "../../lib/queries";
import { BlogCard, BlogCardSkeleton } from "./blog-card";

const CATEGORIES = [
  { label: "All Posts", value: "all" },
  { label: "Construction", value: "construction" },
  { label: "Sustainability", value: "sustainability" },
  { label: "Investment", value: "investment" },
  { label: "Design", value: "design" },
];

export function BlogPage() {
  const searchId = useId();
  const [search, setSearch] = useState("");
  const [category, setCategory] = useState("all");
  const posts = useInfiniteQuery({
    queryKey: ["/api/blog", "pages", BLOG_PAGE_SIZE],
    queryFn: ({ pageParam }) => fetchBlogPage(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.length < BLOG_PAGE_SIZE ? undefined : pages.reduce((n, page) => n + page.length, 0),
  });
  const all = posts.data?.pages.flat() ?? [];
  const needle = search.trim().toLowerCase();
  const shown = all.filter(
    (post) =>
      (category === "all" || post.category === category) &&
      (!needle || post.title.toLowerCase().includes(needle) || post.excerpt.toLowerCase().includes(needle)),
  );

  return (
    <>
      <PageHeader
        title="Container Living Blog"
        intro="Guides on permits, foundations, design and rental returns for container homes in Texas."
      />
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <div className="mb-8 flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
          <div className="relative w-full lg:max-w-sm">
            <label htmlFor={searchId} className="sr-only">
              Search articles
            </label>
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500" />
            <input
              id={searchId}
              type="search"
              placeholder="Search articles..."
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              className={`${inputClass} pl-9`}
            />
          </div>
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">Filter articles by category</legend>
            {CATEGORIES.map((c) => (
              <button
                key={c.value}
                type="button"
                aria-pressed={category === c.value}
                onClick={() => setCategory(c.value)}
                className={`rounded-full px-4 py-2 text-sm font-medium ${
                  category === c.value
                    ? "bg-slate-900 text-white"
                    : "border border-slate-300 bg-white text-slate-700 hover:bg-slate-100"
                }`}
              >
                {c.label}
              </button>
            ))}
          </fieldset>
        </div>
        {posts.isPending ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
            <span className="sr-only">Loading articles</span>
            {Array.from({ length: 6 }, (_, i) => (
              <BlogCardSkeleton key={i} />
            ))}
          </div>
        ) : shown.length === 0 ? (
          <p className="py-16 text-center text-lg text-slate-600">No articles found</p>
        ) : (
          <section aria-labelledby="article-list-title">
            {/* keeps the heading outline h1 → h2 → card h3 for screen readers */}
            <h2 id="article-list-title" className="sr-only">
              Articles
            </h2>
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {shown.map((post, i) => (
                <BlogCard key={post.id} post={post} eager={i < 3} />
              ))}
            </div>
          </section>
        )}
        {posts.hasNextPage ? (
          <div className="mt-10 text-center">
            <button
              type="button"
              className={buttonClass.outline}
              disabled={posts.isFetchingNextPage}
              onClick={() => posts.fetchNextPage()}
            >
              {posts.isFetchingNextPage ? "Loading..." : "Load More Articles"}
            </button>
          </div>
        ) : null}
      </div>
    </>
  );
}
