import { queryOptions } from "@tanstack/react-query";
import { trpc, trpcClient } from "../../lib/trpc";

// Every opening runs the checks again: these answers describe the site as it is now.
export const seoReportQuery = queryOptions({ ...trpc.seo.report.queryOptions(), staleTime: 0, gcTime: 0 });

export const seoScoreQuery = queryOptions({ ...trpc.seo.score.queryOptions(), staleTime: 0, gcTime: 0 });

export const auditPage = (url: string) => trpcClient.seo.audit.mutate({ url });
