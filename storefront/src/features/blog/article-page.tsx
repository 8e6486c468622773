import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft } from "../../components/icons";
import { ResponsiveImage } from "../../components/responsive-image";
import { buttonClass } from "../../components/ui";
import { type BlogPostDto, relatedPostsQuery } from "../../lib/queries";
import { useSiteConfig } from "../../lib/site-config";
import { BlogCard, PostMeta } from "./blog-card";

export function ArticlePage({ post }: { post: BlogPostDto }) {
  const config = useSiteConfig();
  const related = useQuery(relatedPostsQuery(post.slug)).data ?? [];
  const base = config?.siteUrl ?? window.location.origin;
  const url = encodeURIComponent(`${base.replace(/\/$/, "")}/blog/${post.slug}`);
  const title = encodeURIComponent(post.title);
  const share = [
    { name: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
    { name: "Twitter", href: `https://twitter.com/intent/tweet?url=${url}&text=${title}` },
    { name: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}` },
  ];

  return (
    <article>
      <div className="mx-auto max-w-3xl px-4 pt-8 sm:px-6">
        <Link
          to="/blog"
          className="inline-flex items-center gap-2 rounded text-sm font-medium text-slate-700 hover:text-amber-700"
        >
          <ArrowLeft className="h-4 w-4" /> Back to Blog
        </Link>
        <PostMeta post={post} large />
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{post.title}</h1>
        <p className="mt-4 text-lg text-slate-600">{post.excerpt}</p>
        <div className="mt-6 flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium text-slate-700">Share:</span>
          {share.map((s) => (
            <a
              key={s.name}
              href={s.href}
              target="_blank"
              rel="noopener noreferrer"
              className="rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-700 hover:bg-slate-100"
              aria-label={`Share on ${s.name} (opens in a new tab)`}
            >
              {s.name}
            </a>
          ))}
        </div>
      </div>
      <div className="mx-auto mt-8 max-w-5xl px-4 sm:px-6">
        <ResponsiveImage
          image={{ url: post.image }}
          alt=""
          sizes="(min-width: 1024px) 976px, 92vw"
          loading="priority"
          className="aspect-[3/2] w-full rounded-2xl object-cover shadow-sm"
        />
      </div>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <div className="text-lg leading-relaxed whitespace-pre-line text-slate-800" data-testid="article-content">
          {post.content}
        </div>
        <aside className="mt-12 rounded-2xl bg-slate-900 p-8 text-center text-white">
          <h2 className="text-2xl font-bold">Ready to build your container home?</h2>
          <p className="mt-2 text-slate-300">Browse our models or talk to our San Antonio team about your project.</p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/contact" className={buttonClass.primary}>
              Contact Us
            </Link>
            <Link to="/products/{-$category}" params={{ category: undefined }} className={buttonClass.ghostOnDark}>
              View Products
            </Link>
          </div>
        </aside>
      </div>
      {related.length > 0 ? (
        <section aria-labelledby="related-title" className="bg-slate-50 py-14">
          <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
            <h2 id="related-title" className="mb-8 text-2xl font-bold text-slate-900">
              Related Articles
            </h2>
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {related.map((p) => (
                <BlogCard key={p.id} post={p} />
              ))}
            </div>
          </div>
        </section>
      ) : null}
    </article>
  );
}
