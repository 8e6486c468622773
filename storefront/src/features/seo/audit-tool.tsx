// The audit tool: checks one page of this site (a path or a full address on this site).
import type { AuditResult } from "@ch/contracts/seo";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { buttonClass, Field, inputClass } from "../../components/ui";
import { serverMessage } from "../../lib/api";
import { auditPage } from "./seo-api";
import { StatusMark } from "./status-mark";
import { statusTone, toneClass } from "./tone";

const impactClass = {
  high: "bg-red-100 text-red-800",
  medium: "bg-yellow-100 text-yellow-900",
  low: "bg-slate-100 text-slate-700",
};

export function AuditTool() {
  const [url, setUrl] = useState("");
  const audit = useMutation({ mutationFn: (target: string) => auditPage(target) });
  const analysing = audit.isPending;
  const reset = () => {
    audit.reset();
    setUrl("");
  };
  return (
    <section
      aria-labelledby="audit-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <h2 id="audit-title" className="text-2xl font-bold text-slate-900">
        SEO Audit Tool
      </h2>
      <p className="mt-2 text-slate-600">
        Audit any page of this site: enter a path such as <code>/products</code> or a full address on{" "}
        <code>{typeof location === "undefined" ? "this site" : location.origin}</code>. Headings and images are checked
        in the markup the server sends before scripts run.
      </p>
      {audit.data ? (
        <AuditResults result={audit.data} onReset={reset} />
      ) : (
        <form
          className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            if (url.trim() && !analysing) audit.mutate(url.trim());
          }}
        >
          <Field label="Page to audit" className="flex-1">
            {(ids) => (
              <input
                {...ids}
                type="text"
                inputMode="url"
                value={url}
                onChange={(e) => setUrl(e.target.value)}
                placeholder="/products"
                className={inputClass}
                autoComplete="off"
              />
            )}
          </Field>
          <button type="submit" className={buttonClass.primary} disabled={analysing || !url.trim()}>
            {analysing ? "Analyzing..." : "Audit Site"}
          </button>
        </form>
      )}
      {audit.isError ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-red-800">
          {serverMessage(audit.error) ?? "The audit could not run. Please try again."}
        </p>
      ) : null}
      <p className="mt-6 text-sm text-slate-600">
        Want a second opinion?{" "}
        <a
          href={`https://pagespeed.web.dev/analysis?url=${encodeURIComponent(typeof location === "undefined" ? "" : location.origin)}`}
          target="_blank"
          rel="noopener noreferrer"
          className="font-semibold text-amber-800 underline"
        >
          Full Professional Audit<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </p>
    </section>
  );
}

function AuditResults({ result, onReset }: { result: AuditResult; onReset: () => void }) {
  const counts = {
    pass: result.checks.filter((c) => c.status === "pass").length,
    warning: result.checks.filter((c) => c.status === "warning").length,
    fail: result.checks.filter((c) => c.status === "fail").length,
  };
  return (
    <div className="mt-5 space-y-5" aria-live="polite">
      <div className="flex flex-wrap items-center justify-between gap-4 rounded-xl bg-slate-900 p-5 text-white">
        <div className="min-w-0">
          <p className="text-sm text-slate-300">Audited page (HTTP {result.httpStatus})</p>
          <p className="font-semibold break-all">{result.url}</p>
          <p className="mt-1 text-sm text-slate-300">
            {counts.pass} passed · {counts.warning} warnings · {counts.fail} failed
          </p>
        </div>
        <p className="text-5xl font-black text-amber-400">
          {result.score}
          <span className="text-xl text-slate-300">%</span>
        </p>
      </div>
      <ul className="space-y-3">
        {result.checks.map((check) => (
          <li key={check.name} className={`flex gap-3 rounded-xl border p-4 ${toneClass[statusTone[check.status]]}`}>
            <span className="mt-0.5 w-5 shrink-0 text-center font-bold" aria-hidden="true">
              <StatusMark status={check.status} />
            </span>
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-semibold">{check.name}</h3>
                <span className="text-xs font-semibold uppercase">{check.status}</span>
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${impactClass[check.impact]}`}>
                  {check.impact} impact
                </span>
              </div>
              <p className="mt-1 text-sm break-words">{check.description}</p>
            </div>
          </li>
        ))}
      </ul>
      <button type="button" className={buttonClass.outline} onClick={onReset}>
        Run Another Audit
      </button>
    </div>
  );
}
