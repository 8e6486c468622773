import { staticPageMeta } from "@ch/api/contracts/seo";
import { createFileRoute } from "@tanstack/react-router";
import { TermsPage } from "../features/pages/terms-page";
import { headFor } from "../features/seo/head";

export const Route = createFileRoute("/terms-of-service")({
  head: () => headFor(staticPageMeta("/terms-of-service")),
  component: TermsPage,
});
