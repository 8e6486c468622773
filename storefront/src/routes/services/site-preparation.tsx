import { createFileRoute } from "@tanstack/react-router";
import { SitePreparationPage } from "../../features/pages/site-preparation-page";
import { lazyHead } from "../../features/seo/lazy-head";

export const Route = createFileRoute("/services/site-preparation")({
  head: () => lazyHead((seo) => seo.staticPageMeta("/services/site-preparation")),
  component: SitePreparationPage,
});
