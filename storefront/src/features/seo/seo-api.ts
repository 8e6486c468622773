import { queryOptions } from "@tanstack/react-query";
import { trpc, trpcClient } from "../../lib/trpc";

// Every opening asks again: these answers describe the site as it is now (the server keeps a scan for 30 s at
// most, dropped at once by any change of the content).
export const seoReportQuery = queryOptions({ ...trpc.seo.report.queryOptions(), staleTime: 0, gcTime: 0 });

export const seoScoreQuery = queryOptions({ ...trpc.seo.score.queryOptions(), staleTime: 0, gcTime: 0 });

export const auditPage = (url: string) => trpcClient.seo.audit.mutate({ url });
