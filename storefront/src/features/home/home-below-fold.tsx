// The home page's last sections: gallery, blog and contact, in their own chunk (home-page.tsx loads
// it lazily): they are below the fold, so the page's first load does without their code.
import { Link } from "@tanstack/react-router";
import { lazy, Suspense, useEffect } from "react";
import { MailIcon, PhoneIcon, PinIcon } from "../../components/icons";
import { buttonClass } from "../../components/ui";
import { galleryQuery, latestPostsQuery } from "../../lib/queries";
import { useQuery } from "../../lib/query";
import { openQuoteDialog } from "../../lib/quote";
import { formatAddress, phoneText, telHref, useSiteConfig } from "../../lib/site-config";
import { BlogCard, BlogCardSkeleton } from "../blog/blog-card";
import { GallerySkeleton } from "../gallery/gallery-skeleton";

const ContactForm = lazy(() => import("../contact/contact-form").then((m) => ({ default: m.ContactForm })));
const GalleryGrid = lazy(() => import("../gallery/gallery-grid").then((m) => ({ default: m.GalleryGrid })));

export default function HomeBelowTheFold() {
  // an address such as /#blog reached by a client-side link: its section exists only from now on
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (id) document.getElementById(decodeURIComponent(id))?.scrollIntoView();
  }, []);
  return (
    <>
      <GalleryPreview />
      <BlogPreview />
      <ContactSection />
    </>
  );
}

function GalleryPreview() {
  const gallery = useQuery(galleryQuery);
  const all = gallery.data ?? [];
  return (
    <section id="gallery" className="scroll-mt-20 bg-slate-50 py-16 sm:py-20" aria-labelledby="gallery-title">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto mb-10 max-w-2xl text-center">
          <h2 id="gallery-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Project Gallery
          </h2>
          <p className="mt-4 text-lg text-slate-600">A look at homes and buildings we've delivered.</p>
        </div>
        {gallery.isPending ? (
          <GallerySkeleton count={6} />
        ) : (
          <Suspense fallback={<GallerySkeleton count={6} />}>
            <GalleryGrid shown={all.slice(0, 6)} lightboxItems={all} />
          </Suspense>
        )}
        <div className="mt-10 text-center">
          <Link to="/gallery" className={buttonClass.dark}>
            View All Projects
          </Link>
        </div>
      </div>
    </section>
  );
}

function BlogPreview() {
  const posts = useQuery(latestPostsQuery(3));
  return (
    <section id="blog" className="scroll-mt-20 py-16 sm:py-20" aria-labelledby="blog-title">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto mb-10 max-w-2xl text-center">
          <h2 id="blog-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Latest From the Blog
          </h2>
          <p className="mt-4 text-lg text-slate-600">Guides on building, design and investing in container homes.</p>
        </div>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {posts.isPending
            ? Array.from({ length: 3 }, (_, i) => <BlogCardSkeleton key={i} />)
            : (posts.data ?? []).map((post) => <BlogCard key={post.id} post={post} />)}
        </div>
        <div className="mt-10 text-center">
          <Link to="/blog" className={buttonClass.dark}>
            View All Posts
          </Link>
        </div>
      </div>
    </section>
  );
}

function ContactSection() {
  const config = useSiteConfig();
  return (
    <section
      id="contact"
      className="scroll-mt-20 bg-slate-900 py-16 text-white sm:py-20"
      aria-labelledby="contact-title"
    >
      <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-5 lg:px-8">
        <div className="lg:col-span-2">
          <h2 id="contact-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Let's Build Together
          </h2>
          <p className="mt-4 text-lg text-slate-300">
            Tell us about your project and we'll get back to you with ideas and pricing.
          </p>
          {config ? (
            <ul className="mt-8 space-y-4">
              <li className="flex items-center gap-3">
                <PhoneIcon className="h-5 w-5 text-amber-400" />
                <a href={telHref(config.company.phone)} className="rounded hover:text-amber-400">
                  {phoneText(config.company.phone)}
                </a>
              </li>
              <li className="flex items-center gap-3">
                <MailIcon className="h-5 w-5 shrink-0 text-amber-400" />
                <a href={`mailto:${config.company.email}`} className="rounded break-all hover:text-amber-400">
                  {config.company.email}
                </a>
              </li>
              <li className="flex items-center gap-3">
                <PinIcon className="h-5 w-5 shrink-0 text-amber-400" />
                <span>{formatAddress(config.company)}</span>
              </li>
            </ul>
          ) : null}
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <button
              type="button"
              className={buttonClass.primary}
              onClick={() => openQuoteDialog({ kind: "call", title: "Schedule a Consultation" })}
            >
              Schedule Consultation
            </button>
            <button
              type="button"
              className={buttonClass.ghostOnDark}
              onClick={() => openQuoteDialog({ kind: "quote", title: "Request a Quote" })}
            >
              Request Quote
            </button>
          </div>
        </div>
        <div className="rounded-2xl bg-white p-6 text-slate-900 shadow-xl sm:p-8 lg:col-span-3">
          <Suspense fallback={<div className="min-h-96" />}>
            <ContactForm />
          </Suspense>
        </div>
      </div>
    </section>
  );
}
