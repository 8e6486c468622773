import {
  BLOG_CATEGORY_LABELS,
  BLOG_SEARCH_MAX,
  type BlogListSearch,
  blogListNeighbours,
} from "@ch/contracts/blog-list";
import { BLOG_CATEGORIES } from "@ch/contracts/constants";
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useId } from "react";
import { SearchIcon } from "../../components/icons";
import { buttonClass, inputClass, PageHeader } from "../../components/ui";
import { postSummariesQuery } from "../../lib/queries";
import { BlogCard } from "./blog-card";
import { BlogCardSkeleton } from "./blog-card-skeleton";

const CATEGORIES = [
  { label: "All Posts", value: undefined },
  ...BLOG_CATEGORIES.map((value) => ({ label: BLOG_CATEGORY_LABELS[value], value })),
];

const pill = (active: boolean) =>
  `inline-flex rounded-full px-4 py-2 text-sm font-medium ${
    active ? "bg-slate-900 text-white" : "border border-slate-300 bg-white text-slate-700 hover:bg-slate-100"
  }`;

/**
 * The blog list. Search, category and page live in the address (?q=, ?category=, ?page=) and the
 * server answers them over every published post, so each state is a real page with real links: the
 * category filter and the pages are plain links, and the search box is a GET form that also works
 * before (or without) the app's script.
 */
export function BlogPage({ search }: { search: BlogListSearch }) {
  const posts = useQuery(postSummariesQuery(search));
  const result = posts.data;
  const page = search.page ?? 1;

  return (
    <>
      <PageHeader
        title="Container Living Blog"
        intro="Guides on permits, foundations, design and rental returns for container homes in Texas."
      />
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <div className="mb-8 flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
          {/* keyed by the searched words: going back or forward shows that address's words */}
          <SearchForm key={search.q ?? ""} search={search} />
          <nav aria-label="Article categories">
            <ul className="flex flex-wrap gap-2">
              {CATEGORIES.map((c) => {
                const active = search.category === c.value;
                return (
                  <li key={c.label}>
                    <Link
                      to="/blog"
                      search={{ q: search.q, category: c.value }}
                      // active only for exactly this search (TanStack's default counts a subset as active)
                      activeOptions={{ exact: true }}
                      aria-current={active ? "page" : undefined}
                      className={pill(active)}
                    >
                      {c.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        </div>
        {!result ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
            <span className="sr-only">Loading articles</span>
            {Array.from({ length: 6 }, (_, i) => (
              <BlogCardSkeleton key={i} />
            ))}
          </div>
        ) : result.posts.length === 0 ? (
          <div className="py-16 text-center" role="status">
            <p className="text-lg text-slate-600">No articles found</p>
            {search.q || search.category ? (
              <Link to="/blog" className="mt-4 inline-flex font-semibold text-amber-700 hover:text-amber-800">
                Show all articles
              </Link>
            ) : null}
          </div>
        ) : (
          <section aria-labelledby="article-list-title">
            {/* keeps the heading outline h1 → h2 → card h3 for screen readers */}
            <h2 id="article-list-title" className="sr-only">
              Articles
            </h2>
            <p className="mb-4 text-sm text-slate-600" role="status" data-testid="blog-result-count">
              {resultLine(result.total, page, result.pageSize, result.posts.length, search.q)}
            </p>
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {result.posts.map((post, i) => (
                <BlogCard key={post.id} post={post} eager={i < 3} />
              ))}
            </div>
          </section>
        )}
        {result && result.pageCount > 1 ? <Pagination search={search} pageCount={result.pageCount} /> : null}
      </div>
    </>
  );
}

/** What a slow read of a blog page shows (the router's pending screen, after its delay). */

function resultLine(total: number, page: number, pageSize: number, shown: number, q: string | undefined): string {
  const first = (page - 1) * pageSize + 1;
  const range = total > shown ? `${first}–${first + shown - 1} of ${total}` : String(total);
  const noun = total === 1 ? "article" : "articles";
  return q ? `${range} ${noun} for “${q}”` : `${range} ${noun}`;
}

function SearchForm({ search }: { search: BlogListSearch }) {
  const searchId = useId();
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get("q") ?? "").trim() || undefined;
    void navigate({ to: "/blog", search: { q, category: search.category } });
  };
  return (
    <search className="w-full lg:max-w-md">
      <form action="/blog" method="get" onSubmit={submit} className="flex gap-2">
        <div className="relative flex-1">
          <label htmlFor={searchId} className="sr-only">
            Search articles
          </label>
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500" />
          <input
            id={searchId}
            type="search"
            name="q"
            placeholder="Search articles..."
            maxLength={BLOG_SEARCH_MAX}
            // not controlled: words typed before the app's script has started are kept (and an Enter
            // then sends the form as a plain GET to the same address)
            defaultValue={search.q ?? ""}
            className={`${inputClass} pl-9`}
          />
        </div>
        {search.category ? <input type="hidden" name="category" value={search.category} /> : null}
        <button type="submit" className={buttonClass.dark}>
          Search
        </button>
      </form>
    </search>
  );
}

/** Page numbers shown: the first, the last and the current one with its neighbours; gaps as "…". */
function pageNumbers(page: number, pageCount: number): (number | "gap")[] {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pageCount));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  for (const n of sorted) {
    const last = out[out.length - 1];
    if (typeof last === "number" && n - last > 1) out.push("gap");
    out.push(n);
  }
  return out;
}

function Pagination({ search, pageCount }: { search: BlogListSearch; pageCount: number }) {
  const page = search.page ?? 1;
  const { prev, next } = blogListNeighbours(search, pageCount);
  const at = (n: number): BlogListSearch => ({ q: search.q, category: search.category, page: n > 1 ? n : undefined });
  return (
    <nav aria-label="Blog pages" className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {prev ? (
        <Link to="/blog" search={prev} rel="prev" className={buttonClass.outline}>
          ← Newer
        </Link>
      ) : null}
      <ul className="flex flex-wrap items-center gap-2">
        {pageNumbers(page, pageCount).map((n, i) =>
          n === "gap" ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to="/blog"
                search={at(n)}
                activeOptions={{ exact: true }}
                aria-label={`Page ${n}`}
                aria-current={n === page ? "page" : undefined}
                className={`${pill(n === page)} min-w-10 justify-center`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
      </ul>
      {next ? (
        <Link to="/blog" search={next} rel="next" className={buttonClass.outline}>
          Older →
        </Link>
      ) : null}
    </nav>
  );
}
