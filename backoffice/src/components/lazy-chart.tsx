import { lazy, Suspense } from "react";
import type { ChartProps } from "./chart";

const Chart = lazy(() => import("./chart"));

export function LazyChart(props: ChartProps) {
  return (
    <Suspense
      fallback={<div style={{ height: props.height ?? 280 }} className="animate-pulse rounded-lg bg-slate-100" />}
    >
      <Chart {...props} />
    </Suspense>
  );
}
