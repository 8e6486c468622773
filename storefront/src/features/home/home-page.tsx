import { useQuery } from "@tanstack/react-query";
import { Link, useLocation } from "@tanstack/react-router";
import { lazy, Suspense, useEffect } from "react";
import { CompanyContactList } from "../../components/company-contact";
import { QuoteButton } from "../../components/quote-button";
import { ResponsiveImage } from "../../components/responsive-image";
import { Steps } from "../../components/steps";
import { buttonClass, Skeleton } from "../../components/ui";
import { featuredProductsQuery, galleryQuery, latestPostsQuery } from "../../lib/queries";
import { useSiteConfig } from "../../lib/site-config";
import { BlogCard } from "../blog/blog-card";
import { BlogCardSkeleton } from "../blog/blog-card-skeleton";
import { GallerySkeleton } from "../gallery/gallery-skeleton";
import { Categories, Featured } from "./home-catalog";
import { HomeSection } from "./home-section";

// below the fold: loaded after the page's first paint to keep its first load light
const ContactForm = lazy(() => import("../contact/contact-form").then((m) => ({ default: m.ContactForm })));
const RoiCalculator = lazy(() => import("../roi/roi-calculator").then((m) => ({ default: m.RoiCalculator })));
const GalleryGrid = lazy(() => import("../gallery/gallery-grid").then((m) => ({ default: m.GalleryGrid })));

const STEPS = [
  { title: "Design & Plan", text: "We listen, assess your site and design a layout around your needs and budget." },
  {
    title: "Build & Craft",
    text: "Our San Antonio crew builds your home in the shop: framing, insulation, plumbing and finishes.",
  },
  {
    title: "Deliver & Install",
    text: "We deliver across Texas, set your home on its foundation and connect the utilities.",
  },
  { title: "Move In & Enjoy", text: "Walk through with your project manager, get your keys and enjoy your new space." },
];

/** A seed picture (db/seed/make-images.ts): the Austin model at golden hour. */
const HERO_IMAGE = { url: "/media/hero-container-home.webp", width: 1600, height: 1000 };

function Hero() {
  return (
    <section className="relative overflow-hidden bg-slate-900 text-white">
      <ResponsiveImage
        image={HERO_IMAGE}
        alt=""
        sizes="100vw"
        loading="priority"
        className="absolute inset-0 h-full w-full object-cover object-[60%_center]"
      />
      {/* the copy sits on an opaque panel over the picture: its contrast does not depend on the
          picture (and the checkers, axe and pa11y, can establish it) */}
      <div className="relative mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
        <div className="max-w-3xl rounded-2xl bg-slate-950 p-6 shadow-2xl sm:p-10">
          <p className="text-sm font-semibold tracking-widest text-amber-400 uppercase">San Antonio, Texas</p>
          <h1 className="mt-4 max-w-3xl text-4xl font-black tracking-tight sm:text-6xl">
            Containerized <span className="text-amber-400">HOMES</span> Built Different
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-slate-300">
            Steel-framed, insulated and move-in ready: shipping-container homes and commercial buildings designed around
            you, built in our shop and delivered across Texas.
          </p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <Link
              to="/products/{-$category}"
              params={{ category: undefined }}
              className={`${buttonClass.primary} px-7 py-3 text-base`}
            >
              Explore Homes
            </Link>
            <Link to="/" hash="calculator" className={`${buttonClass.ghostOnDark} px-7 py-3 text-base`}>
              Calculate Your ROI
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

function HowItWorks() {
  return (
    <HomeSection
      id="how-it-works"
      className="scroll-mt-20 py-16 sm:py-20"
      titleId="how-title"
      title="How It Works"
      intro="From first sketch to move-in day, one team handles it all."
    >
      <Steps steps={STEPS} look="home" />
    </HomeSection>
  );
}

function ViewAllLink({ to, label }: { to: "/gallery" | "/blog"; label: string }) {
  return (
    <div className="mt-10 text-center">
      <Link to={to} className={buttonClass.dark}>
        {label}
      </Link>
    </div>
  );
}

function GalleryPreview() {
  const gallery = useQuery(galleryQuery);
  const all = gallery.data ?? [];
  return (
    <HomeSection
      id="gallery"
      className="scroll-mt-20 bg-slate-50 py-16 sm:py-20"
      titleId="gallery-title"
      title="Project Gallery"
      intro="A look at homes and buildings we've delivered."
    >
      {gallery.isPending ? (
        <GallerySkeleton count={6} />
      ) : (
        <Suspense fallback={<GallerySkeleton count={6} />}>
          <GalleryGrid shown={all.slice(0, 6)} lightboxItems={all} />
        </Suspense>
      )}
      <ViewAllLink to="/gallery" label="View All Projects" />
    </HomeSection>
  );
}

function BlogPreview() {
  const posts = useQuery(latestPostsQuery(3));
  return (
    <HomeSection
      id="blog"
      className="scroll-mt-20 py-16 sm:py-20"
      titleId="blog-title"
      title="Latest From the Blog"
      intro="Guides on building, design and investing in container homes."
    >
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {posts.isPending
          ? Array.from({ length: 3 }, (_, i) => <BlogCardSkeleton key={i} />)
          : (posts.data ?? []).map((post) => <BlogCard key={post.id} post={post} />)}
      </div>
      <ViewAllLink to="/blog" label="View All Posts" />
    </HomeSection>
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
          {config ? <CompanyContactList company={config.company} look="dark" /> : null}
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <QuoteButton className={buttonClass.primary} request={{ kind: "call", title: "Schedule a Consultation" }}>
              Schedule Consultation
            </QuoteButton>
            <QuoteButton className={buttonClass.ghostOnDark} request={{ kind: "quote", title: "Request a Quote" }}>
              Request Quote
            </QuoteButton>
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

function Calculator() {
  return (
    <HomeSection
      id="calculator"
      className="scroll-mt-20 py-16 sm:py-20"
      titleId="roi-title"
      title="ROI Calculator"
      intro="See what a container rental could earn you."
      narrow
    >
      <Suspense fallback={<Skeleton className="h-[872px] rounded-3xl sm:h-[840px] lg:h-[452px]" />}>
        <RoiCalculator />
      </Suspense>
    </HomeSection>
  );
}

/**
 * The sections below the hero, in order. Each is its own Suspense boundary: React hydrates the hero
 * first, then each section in a task of its own (dehydrated boundaries hydrate at a yielding priority),
 * instead of one long task for the whole page that a phone's main thread would be blocked by.
 */
const SECTIONS = {
  categories: Categories,
  featured: Featured,
  calculator: Calculator,
  howItWorks: HowItWorks,
  gallery: GalleryPreview,
  blog: BlogPreview,
  contact: ContactSection,
};

export function HomePage() {
  const { hash } = useLocation();
  // sections above the anchors grow when their data arrives: scroll to the anchor again then
  const featured = useQuery(featuredProductsQuery);
  useEffect(() => {
    if (!hash || featured.isPending) return;
    // every section drawn first (styles.css `.below-fold`): a section still at its assumed size above the
    // anchor would move it once drawn
    document.documentElement.dataset.anchored = "";
    document.getElementById(hash)?.scrollIntoView();
  }, [hash, featured.isPending]);

  return (
    <>
      <Hero />
      {Object.entries(SECTIONS).map(([key, Section]) => (
        <Suspense key={key}>
          <Section />
        </Suspense>
      ))}
    </>
  );
}
