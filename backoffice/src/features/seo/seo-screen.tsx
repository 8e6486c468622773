// /admin/seo: the storefront's SEO report, computed by the API's live checks when the screen opens
// (the same report as the storefront's /seo-report).
import { type CheckStatus, type SeoReport, scoreTone } from "@ch/contracts/seo";
import { useQuery } from "@tanstack/react-query";
import { LoadError } from "../../components/card";
import { errorMessage, trpc } from "../../lib/trpc";

const tone = {
  green: "border-emerald-200 bg-emerald-50 text-emerald-800",
  yellow: "border-yellow-300 bg-yellow-50 text-yellow-900",
  red: "border-red-200 bg-red-50 text-red-800",
} as const;
const statusTone: Record<CheckStatus, keyof typeof tone> = { pass: "green", warning: "yellow", fail: "red" };
const statusLabel: Record<CheckStatus, string> = { pass: "Optimized", warning: "Needs attention", fail: "Issue" };
const statusMark: Record<CheckStatus, string> = { pass: "✓", warning: "!", fail: "✕" };

export function SeoScreen() {
  const report = useQuery({ ...trpc.seo.siteReport.queryOptions(), staleTime: 0, gcTime: 0, refetchOnMount: "always" });
  const me = useQuery(trpc.admin.me.queryOptions());
  const site = me.data?.storefrontOrigin ?? "";
  return (
    <div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">SEO Report</h1>
          <p className="mt-1 text-sm text-slate-600">
            Live checks of the storefront's pages, sitemap, robots rules, manifest, structured data and catalog.
          </p>
        </div>
        <button
          type="button"
          onClick={() => void report.refetch()}
          disabled={report.isFetching}
          className="rounded-lg bg-slate-800 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700 disabled:opacity-60"
        >
          {report.isFetching ? "Checking..." : "Run Checks Again"}
        </button>
      </div>
      <div className="mt-5">
        {report.isError && !report.isFetching ? (
          <LoadError message={errorMessage(report.error, "The SEO checks could not run.")} />
        ) : report.data && !report.isFetching ? (
          <ReportView report={report.data} site={site} />
        ) : (
          <p role="status" className="py-16 text-center text-slate-600">
            Checking the storefront's pages...
          </p>
        )}
      </div>
    </div>
  );
}

function ReportView({ report, site }: { report: SeoReport; site: string }) {
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className={`rounded-xl border p-5 ${tone[scoreTone(report.score)]}`}>
          <p className="text-sm font-medium">Score</p>
          <p className="mt-1 text-3xl font-bold">{report.score}%</p>
          <p className="text-sm">
            {report.counts.optimized} of {report.counts.total} passed
          </p>
        </div>
        <Count label="Optimized" value={report.counts.optimized} t="green" />
        <Count label="Needs attention" value={report.counts.needsAttention} t="yellow" />
        <Count label="Issues" value={report.counts.issues} t="red" />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {report.categories.map((category) => (
          <section key={category.name} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 className="text-lg font-semibold text-slate-900">{category.name}</h2>
            <ul className="mt-3 space-y-3">
              {category.items.map((item) => (
                <li key={item.name} className="flex gap-3">
                  <span
                    aria-hidden="true"
                    className={`mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full border text-sm font-bold ${tone[statusTone[item.status]]}`}
                  >
                    {statusMark[item.status]}
                  </span>
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">
                      {item.name}
                      <span className="sr-only">: </span>
                      <span className={`ml-2 rounded-full border px-2 py-0.5 text-xs ${tone[statusTone[item.status]]}`}>
                        {statusLabel[item.status]}
                      </span>
                    </p>
                    <p className="text-sm break-words text-slate-600">{item.detail}</p>
                    {item.hint ? (
                      <p className="mt-1 text-sm break-words text-slate-800">How to fix: {item.hint}</p>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 className="text-lg font-semibold text-slate-900">Next Steps</h2>
          {report.nextSteps.length ? (
            <ol className="mt-3 list-decimal space-y-2 pl-6 text-slate-700">
              {report.nextSteps.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ol>
          ) : (
            <p className="mt-3 text-slate-700">Nothing to fix: every check passes.</p>
          )}
        </section>
        <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 className="text-lg font-semibold text-slate-900">Files for Search Engines</h2>
          <ul className="mt-3 space-y-2">
            {["/sitemap.xml", "/robots.txt", "/manifest.json"].map((path) => (
              <li key={path}>
                <a
                  href={`${site}${path}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-blue-700 underline"
                >
                  {path}
                  <span className="sr-only"> (opens the storefront in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-slate-600">
            {report.pagesChecked} pages checked at {new Date(report.checkedAt).toLocaleString("en-US")}.
          </p>
        </section>
      </div>
    </div>
  );
}

function Count({ label, value, t }: { label: string; value: number; t: keyof typeof tone }) {
  return (
    <div className={`rounded-xl border p-5 ${tone[t]}`}>
      <p className="text-sm font-medium">{label}</p>
      <p className="mt-1 text-3xl font-bold">{value}</p>
    </div>
  );
}
