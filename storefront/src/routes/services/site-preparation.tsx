import { staticPageMeta } from "@ch/api/contracts/seo";
import { createFileRoute } from "@tanstack/react-router";
import { SitePreparationPage } from "../../features/pages/site-preparation-page";
import { headFor } from "../../features/seo/head";

export const Route = createFileRoute("/services/site-preparation")({
  head: () => headFor(staticPageMeta("/services/site-preparation")),
  component: SitePreparationPage,
});
