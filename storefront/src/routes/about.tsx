import { staticPageMeta } from "@ch/api/contracts/seo";
import { createFileRoute } from "@tanstack/react-router";
import { AboutPage } from "../features/pages/about-page";
import { headFor } from "../features/seo/head";

export const Route = createFileRoute("/about")({
  head: () => headFor(staticPageMeta("/about")),
  component: AboutPage,
});
