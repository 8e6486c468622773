import { createFileRoute } from "@tanstack/react-router";
import { lazyHead } from "../features/seo/lazy-head";
import { SeoTestPage } from "../features/seo/seo-test-page";

export const Route = createFileRoute("/seo-test")({
  head: () => lazyHead((seo) => seo.staticPageMeta("/seo-test")),
  component: SeoTestPage,
});
