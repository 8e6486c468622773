// The live SEO score: twelve weighted items, each measured on the site when the widget opens.
import { itemTone, type SeoScore, scoreLabel, scoreTone } from "@ch/contracts/seo";
import { useQuery } from "@tanstack/react-query";
import { buttonClass } from "../../components/ui";
import { seoScoreQuery } from "./seo-api";
import { toneClass } from "./tone";

const scoreText = { green: "text-emerald-700", yellow: "text-yellow-700", red: "text-red-700" } as const;
const statusText = { excellent: "Excellent", good: "Good", "needs-work": "Needs work" } as const;

export function ScoreWidget() {
  const score = useQuery({ ...seoScoreQuery, refetchOnMount: "always" });
  const calculating = score.isFetching;
  return (
    <section
      aria-labelledby="score-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="score-title" className="text-2xl font-bold text-slate-900">
          Live SEO Score
        </h2>
        <button type="button" className={buttonClass.dark} onClick={() => void score.refetch()} disabled={calculating}>
          {calculating ? "Calculating..." : "Recalculate Score"}
        </button>
      </div>
      <div aria-live="polite">
        {calculating || !score.data ? (
          score.isError && !calculating ? (
            <p role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
              The score could not be calculated: {score.error.message}
            </p>
          ) : (
            <div role="status" className="flex items-center justify-center gap-3 py-16 text-slate-600">
              <span
                className="h-6 w-6 animate-spin rounded-full border-2 border-slate-300 border-t-amber-600"
                aria-hidden="true"
              />
              Calculating SEO Score...
            </div>
          )
        ) : (
          <ScoreResult data={score.data} />
        )}
      </div>
    </section>
  );
}

function ScoreResult({ data }: { data: SeoScore }) {
  const tone = scoreTone(data.score);
  return (
    <div className="mt-6 space-y-6">
      <div className="text-center">
        <p className={`text-6xl font-black ${scoreText[tone]}`}>
          {data.score}
          <span className="text-2xl font-bold text-slate-500">/100</span>
        </p>
        <p className={`mt-1 text-xl font-semibold ${scoreText[tone]}`}>{scoreLabel(data.score)}</p>
        <p className="mt-1 text-sm text-slate-600">
          Weighted average of {data.items.length} checks, measured{" "}
          {new Date(data.checkedAt).toLocaleTimeString("en-US")}
        </p>
      </div>
      {data.score >= 90 ? (
        <p className={`rounded-lg border p-4 text-center font-medium ${toneClass.green}`}>
          Goal achieved: the site scores 90 or more.
        </p>
      ) : null}
      {data.score === 100 ? (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-5 text-center">
          <p className="text-lg font-bold text-slate-900">Perfect score</p>
          <p className="mt-1 text-slate-700">
            Every one of the twelve checks scores 100. Keep publishing and re-check after changes.
          </p>
        </div>
      ) : null}
      <ul className="grid gap-3 md:grid-cols-2">
        {data.items.map((item) => {
          const t = itemTone(item.score);
          return (
            <li key={item.key} className={`rounded-xl border p-4 ${toneClass[t]}`}>
              <div className="flex items-baseline justify-between gap-3">
                <h3 className="font-semibold">{item.name}</h3>
                <p className="shrink-0 text-lg font-bold">{item.score}</p>
              </div>
              <p className="text-xs font-medium">
                {statusText[item.status]} · weight {item.weight}
              </p>
              <p className="mt-1 text-sm break-words">{item.description}</p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
