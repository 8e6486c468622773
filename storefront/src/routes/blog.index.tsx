import { staticPageMeta } from "@ch/api/contracts/seo";
import { createFileRoute } from "@tanstack/react-router";
import { BlogPage } from "../features/blog/blog-page";
import { headFor } from "../features/seo/head";

export const Route = createFileRoute("/blog/")({
  head: () => headFor(staticPageMeta("/blog")),
  component: BlogPage,
});
