// The blog list's pending screen, in its own module: a route's pendingComponent is part of the route
// definition (not code-split), and importing it from blog-page.tsx put the whole list in every first load.
import { PageHeader } from "../../components/ui";
import { BlogCardSkeleton } from "./blog-card-skeleton";

/** What a slow read of a blog page shows (the router's pending screen, after its delay). */
export function BlogPagePending() {
  return (
    <>
      <PageHeader
        title="Container Living Blog"
        intro="Guides on permits, foundations, design and rental returns for container homes in Texas."
      />
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          <span className="sr-only">Loading articles</span>
          {Array.from({ length: 6 }, (_, i) => (
            <BlogCardSkeleton key={i} />
          ))}
        </div>
      </div>
    </>
  );
}
