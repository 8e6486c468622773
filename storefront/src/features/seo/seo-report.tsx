// The SEO report: four categories of live checks, the score, the counts, the crawler files and the
// next steps built from what failed.
import type { SeoReport } from "@ch/contracts/seo";
import { scoreTone } from "@ch/contracts/seo";
import { useQuery } from "@tanstack/react-query";
import { buttonClass, Spinner } from "../../components/ui";
import { seoReportQuery } from "./seo-api";
import { StatusBadge } from "./status-mark";
import { statusLabel, statusTone, toneClass } from "./tone";

export function SeoReportView({ report }: { report: SeoReport }) {
  const tone = scoreTone(report.score);
  return (
    <div className="space-y-10">
      <div className="grid grid-cols-3 gap-3 sm:gap-4 lg:grid-cols-4">
        <div className={`col-span-3 rounded-xl border p-5 lg:col-span-1 ${toneClass[tone]}`}>
          <p className="text-sm font-medium">Overall score</p>
          <p className="mt-1 text-4xl font-bold">{report.score}%</p>
          <p className="mt-1 text-sm">
            {report.counts.optimized} of {report.counts.total} checks passed
          </p>
        </div>
        <Count label="Optimized" value={report.counts.optimized} tone="green" />
        <Count label="Needs attention" value={report.counts.needsAttention} tone="yellow" />
        <Count label="Issues" value={report.counts.issues} tone="red" />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        {report.categories.map((category) => (
          <section key={category.name} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 className="text-xl font-bold text-slate-900">{category.name}</h2>
            <ul className="mt-4 space-y-3">
              {category.items.map((item) => (
                <li key={item.name} className="flex gap-3">
                  <StatusBadge status={item.status} />
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">
                      {item.name} <span className="sr-only">: </span>
                      <span
                        className={`ml-1 rounded-full border px-2 py-0.5 text-xs ${toneClass[statusTone[item.status]]}`}
                      >
                        {statusLabel[item.status]}
                      </span>
                    </p>
                    <p className="text-sm break-words text-slate-600">{item.detail}</p>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <section className="rounded-xl border border-slate-200 bg-white p-5">
          <h2 className="text-xl font-bold text-slate-900">Next Steps</h2>
          {report.nextSteps.length ? (
            <ol className="mt-3 list-decimal space-y-2 pl-6 text-slate-700">
              {report.nextSteps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          ) : (
            <p className="mt-3 text-slate-700">Nothing to fix: every check passes.</p>
          )}
        </section>
        <section className="rounded-xl border border-slate-200 bg-white p-5">
          <h2 className="text-xl font-bold text-slate-900">Files for Search Engines</h2>
          <ul className="mt-3 space-y-2">
            {[
              ["/sitemap.xml", "XML sitemap"],
              ["/robots.txt", "Robots rules"],
              ["/manifest.json", "Web app manifest"],
            ].map(([href, label]) => (
              <li key={href}>
                <a href={href} className="font-medium text-amber-800 underline">
                  {href}
                </a>{" "}
                <span className="text-slate-600">– {label}</span>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-slate-600">
            {report.pagesChecked} pages rendered and checked at {new Date(report.checkedAt).toLocaleString("en-US")}.
          </p>
        </section>
      </div>
    </div>
  );
}

function Count({ label, value, tone }: { label: string; value: number; tone: keyof typeof toneClass }) {
  return (
    <div className={`rounded-xl border p-3 sm:p-5 ${toneClass[tone]}`}>
      <p className="text-sm font-medium">{label}</p>
      <p className="mt-1 text-3xl font-bold sm:text-4xl">{value}</p>
    </div>
  );
}

export function SeoReportPage() {
  const report = useQuery({ ...seoReportQuery, refetchOnMount: "always" });
  return (
    <>
      <header className="bg-slate-900 px-4 py-14 text-center text-white sm:py-16">
        <h1 className="text-3xl font-bold tracking-tight sm:text-5xl">SEO Report</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-300">
          Every check below runs when you open this page, against the HTML, sitemap, robots rules, manifest and data
          this site serves right now.
        </p>
        <button
          type="button"
          className={`${buttonClass.primary} mt-6`}
          onClick={() => void report.refetch()}
          disabled={report.isFetching}
        >
          {report.isFetching ? "Checking..." : "Run Checks Again"}
        </button>
      </header>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        {report.data && !report.isFetching ? (
          <SeoReportView report={report.data} />
        ) : report.isError && !report.isFetching ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
            The checks could not run: {report.error.message}
          </p>
        ) : (
          <Spinner label="Checking the site's pages..." />
        )}
      </div>
    </>
  );
}
