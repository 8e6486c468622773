// /seo-test (noindex): introduction, summary cards, checklist, live score, audit tool, outside tools.
import { useQuery } from "@tanstack/react-query";
import { AuditTool } from "./audit-tool";
import { ScoreWidget } from "./score-widget";
import { seoReportQuery } from "./seo-api";
import { StatusBadge } from "./status-mark";
import { statusLabel } from "./tone";

const CARDS = [
  {
    title: "Technical SEO",
    value: "Optimized",
    text: "Sitemap, robots rules, canonical URLs, 404 statuses and HTTPS.",
  },
  {
    title: "Local SEO",
    value: "San Antonio Focused",
    text: "Business structured data with address, phone and opening hours.",
  },
  {
    title: "Performance",
    value: "Core Web Vitals",
    text: "Small first-load bundles, sized images and fast server rendering.",
  },
  {
    title: "Content",
    value: "Keyword Optimized",
    text: "Unique titles and descriptions for every page, product and article.",
  },
];

const TOOLS = [
  {
    name: "Google PageSpeed Insights",
    href: "https://pagespeed.web.dev/",
    text: "Core Web Vitals and Lighthouse scores.",
  },
  {
    name: "Google Rich Results Test",
    href: "https://search.google.com/test/rich-results",
    text: "Checks products, articles and breadcrumbs.",
  },
  {
    name: "Schema Markup Validator",
    href: "https://validator.schema.org/",
    text: "Validates every JSON-LD block on a page.",
  },
];

function Checklist() {
  const report = useQuery({ ...seoReportQuery, refetchOnMount: "always" });
  if (!report.data) {
    return (
      <p role="status" className="text-slate-600">
        {report.isError ? `The checklist could not load: ${report.error.message}` : "Checking the site..."}
      </p>
    );
  }
  return (
    <ul className="grid gap-2 md:grid-cols-2">
      {report.data.categories.flatMap((c) =>
        c.items.map((item) => (
          <li key={`${c.name}-${item.name}`} className="flex items-start gap-2">
            <StatusBadge status={item.status} small />
            <span className="text-slate-700">
              <span className="font-medium text-slate-900">{item.name}</span> ({c.name}): {statusLabel[item.status]}
            </span>
          </li>
        )),
      )}
    </ul>
  );
}

export function SeoTestPage() {
  return (
    <>
      <header className="bg-slate-900 px-4 py-14 text-center text-white sm:py-16">
        <h1 className="text-3xl font-bold tracking-tight sm:text-5xl">SEO Test & Audit</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-300">
          A workbench for this site's search optimization: a live weighted score, a checklist from the full report and
          an audit of any single page. This page itself is kept out of search results.
        </p>
      </header>
      <div className="mx-auto max-w-6xl space-y-10 px-4 py-12 sm:px-6">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {CARDS.map((c) => (
            <li key={c.title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <h2 className="text-sm font-semibold text-slate-600">{c.title}</h2>
              <p className="mt-1 text-lg font-bold text-slate-900">{c.value}</p>
              <p className="mt-2 text-sm text-slate-600">{c.text}</p>
            </li>
          ))}
        </ul>
        <section aria-labelledby="checklist-title" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-8">
          <h2 id="checklist-title" className="text-2xl font-bold text-slate-900">
            Improvements Checklist
          </h2>
          <p className="mt-1 mb-4 text-slate-600">
            Each line is a live check from the{" "}
            <a href="/seo-report" className="font-semibold text-amber-800 underline">
              SEO report
            </a>
            .
          </p>
          <Checklist />
        </section>
        <ScoreWidget />
        <AuditTool />
        <section aria-labelledby="tools-title">
          <h2 id="tools-title" className="text-2xl font-bold text-slate-900">
            Outside SEO Tools
          </h2>
          <ul className="mt-4 grid gap-4 md:grid-cols-3">
            {TOOLS.map((t) => (
              <li key={t.name} className="rounded-xl border border-slate-200 bg-white p-5">
                <a
                  href={t.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-semibold text-amber-800 underline"
                >
                  {t.name}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
                <p className="mt-1 text-sm text-slate-600">{t.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
