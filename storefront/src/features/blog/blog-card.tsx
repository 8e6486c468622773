import { Link } from "@tanstack/react-router";
import { LocalDate } from "../../components/local-date";
import { ResponsiveImage } from "../../components/responsive-image";
import { capitalize } from "../../lib/format";
import type { BlogPostSummary } from "../../lib/queries";

/** A post's date and category: small on a card, larger on the article's own page. */
export function PostMeta({
  post,
  large = false,
}: {
  post: Pick<BlogPostSummary, "createdAt" | "category">;
  large?: boolean;
}) {
  return (
    <div
      className={
        large ? "mt-6 flex items-center gap-3 text-sm text-slate-600" : "flex items-center gap-3 text-xs text-slate-600"
      }
    >
      <LocalDate iso={post.createdAt} />
      <span className={`rounded-full bg-amber-100 ${large ? "px-2.5" : "px-2"} py-0.5 font-medium text-amber-900`}>
        {capitalize(post.category)}
      </span>
    </div>
  );
}

export function BlogCard({ post, eager = false }: { post: BlogPostSummary; eager?: boolean }) {
  return (
    <article
      className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-lg"
      data-testid="blog-card"
    >
      <div className="aspect-[3/2] overflow-hidden bg-slate-100">
        <ResponsiveImage
          image={{ url: post.image }}
          alt=""
          sizes="(min-width: 1280px) 395px, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, 92vw"
          loading={eager ? "eager" : "lazy"}
          className="h-full w-full object-cover"
        />
      </div>
      <div className="flex flex-1 flex-col p-5">
        <PostMeta post={post} />
        <h3 className="mt-2 text-lg font-bold text-slate-900">
          <Link to="/blog/$slug" params={{ slug: post.slug }} className="rounded hover:text-amber-700">
            {post.title}
          </Link>
        </h3>
        <p className="mt-2 line-clamp-3 text-sm text-slate-600">{post.excerpt}</p>
        <Link
          to="/blog/$slug"
          params={{ slug: post.slug }}
          className="mt-auto inline-flex pt-4 text-sm font-semibold text-amber-700 hover:text-amber-800"
          aria-label={`Read More: ${post.title}`}
        >
          Read More →
        </Link>
      </div>
    </article>
  );
}
