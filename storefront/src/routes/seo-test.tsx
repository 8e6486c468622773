import { staticPageMeta } from "@ch/api/contracts/seo";
import { createFileRoute } from "@tanstack/react-router";
import { headFor } from "../features/seo/head";
import { SeoTestPage } from "../features/seo/seo-test-page";

export const Route = createFileRoute("/seo-test")({
  head: () => headFor(staticPageMeta("/seo-test")),
  component: SeoTestPage,
});
