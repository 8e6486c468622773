import { staticPageMeta } from "@ch/api/contracts/seo";
import { createFileRoute } from "@tanstack/react-router";
import { headFor } from "../features/seo/head";
import { SeoReportPage } from "../features/seo/seo-report";

export const Route = createFileRoute("/seo-report")({
  head: () => headFor(staticPageMeta("/seo-report")),
  component: SeoReportPage,
});
