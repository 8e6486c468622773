import { createFileRoute } from "@tanstack/react-router";
import { lazyHead } from "../features/seo/lazy-head";
import { SeoReportPage } from "../features/seo/seo-report";

export const Route = createFileRoute("/seo-report")({
  head: () => lazyHead((seo) => seo.staticPageMeta("/seo-report")),
  component: SeoReportPage,
});
