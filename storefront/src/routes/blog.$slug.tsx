import { notFoundMeta } from "@ch/contracts/seo";
import { createFileRoute, Link, notFound } from "@tanstack/react-router";
import { buttonClass } from "../components/ui";
import { ArticlePage } from "../features/blog/article-page";
import { NotFoundScreen } from "../features/layout/not-found";
import { lazyHead } from "../features/seo/lazy-head";
import { postQuery, prefetchPageData, relatedPostsQuery } from "../lib/queries";

export const Route = createFileRoute("/blog/$slug")({
  loader: async ({ params, context }) => {
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(params.slug) || params.slug.length > 160) throw notFound();
    try {
      const [post] = await Promise.all([
        context.queryClient.ensureQueryData(postQuery(params.slug)),
        // the related articles' links are in the server's HTML too
        prefetchPageData(context.queryClient, [relatedPostsQuery(params.slug)]),
      ]);
      if (!post.published) throw new Error("draft");
      return post;
    } catch {
      throw notFound();
    }
  },
  head: ({ loaderData }) => lazyHead((seo) => (loaderData ? seo.articleMeta(loaderData) : seo.notFoundMeta)),
  component: ArticleRoute,
  notFoundComponent: () => (
    <NotFoundScreen
      title="Article Not Found"
      text="The article you're looking for doesn't exist or has been removed."
      documentTitle={notFoundMeta.title}
    >
      <Link to="/blog" className={buttonClass.primary}>
        Back to Blog
      </Link>
    </NotFoundScreen>
  ),
});

function ArticleRoute() {
  const post = Route.useLoaderData();
  return <ArticlePage post={post} />;
}
