// /blog's pending screen (a slow read shows the six skeleton cards), in a module of its own: the
// route keeps its pending component in the first load, the page itself loads with the route.
import { PageHeader } from "../../components/ui";
import { BlogCardSkeleton } from "./blog-card-skeleton";

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
