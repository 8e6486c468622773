import type { AuditResult, SeoReport, SeoScore } from "@ch/contracts/seo";
import { queryOptions } from "@tanstack/react-query";
import { getJson, postJson } from "../../lib/api";

// Every opening runs the checks again: these answers describe the site as it is now.
export const seoReportQuery = queryOptions({
  queryKey: ["/api/seo/report"],
  queryFn: () => getJson<SeoReport>("/api/seo/report"),
  staleTime: 0,
  gcTime: 0,
});

export const seoScoreQuery = queryOptions({
  queryKey: ["/api/seo/score"],
  queryFn: () => getJson<SeoScore>("/api/seo/score"),
  staleTime: 0,
  gcTime: 0,
});

export const auditPage = (url: string) => postJson<AuditResult>("/api/seo/audit", { url });
