import { staticPageMeta } from "@ch/api/contracts/seo";
import { createFileRoute } from "@tanstack/react-router";
import { HomePage } from "../features/home/home-page";
import { headFor } from "../features/seo/head";

export const Route = createFileRoute("/")({
  head: () => headFor(staticPageMeta("/")),
  component: HomePage,
});
