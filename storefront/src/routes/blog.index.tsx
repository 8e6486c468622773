import { parseBlogListSearch } from "@ch/contracts/blog-list";
import { createFileRoute, notFound } from "@tanstack/react-router";
import { BlogPage } from "../features/blog/blog-page";
import { BlogPagePending } from "../features/blog/blog-page-pending";
import { lazyHead } from "../features/seo/lazy-head";
import { postSummariesQuery } from "../lib/queries";

// ?q=, ?category= and ?page= are the page's state: every page of the list and every search has its
// own address, rendered on the server with its links (see contracts/blog-list.ts)
export const Route = createFileRoute("/blog/")({
  validateSearch: parseBlogListSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ deps, context }) => {
    const result = await context.queryClient.ensureQueryData(postSummariesQuery(deps));
    if ((deps.page ?? 1) > result.pageCount) throw notFound();
    return { pageCount: result.pageCount };
  },
  head: ({ loaderData, match }) =>
    lazyHead(() =>
      import("@ch/contracts/blog-list-meta").then((list) =>
        list.blogListMeta(match.search, loaderData?.pageCount ?? 1),
      ),
    ),
  component: BlogRoute,
  // the previous page stays while the next one loads; a slow read shows the six skeleton cards
  pendingComponent: BlogPagePending,
});

function BlogRoute() {
  const search = Route.useSearch();
  return <BlogPage search={search} />;
}
