import { createFileRoute } from "@tanstack/react-router";
import { TermsPage } from "../features/pages/terms-page";
import { lazyHead } from "../features/seo/lazy-head";

export const Route = createFileRoute("/terms-of-service")({
  head: () => lazyHead((seo) => seo.staticPageMeta("/terms-of-service")),
  component: TermsPage,
});
