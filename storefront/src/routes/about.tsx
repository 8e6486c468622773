import { createFileRoute } from "@tanstack/react-router";
import { AboutPage } from "../features/pages/about-page";
import { lazyHead } from "../features/seo/lazy-head";

export const Route = createFileRoute("/about")({
  head: () => lazyHead((seo) => seo.staticPageMeta("/about")),
  component: AboutPage,
});
