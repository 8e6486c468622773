import { createFileRoute } from "@tanstack/react-router";
import { CustomDesignPage } from "../../features/pages/custom-design-page";
import { lazyHead } from "../../features/seo/lazy-head";

export const Route = createFileRoute("/services/custom-design")({
  head: () => lazyHead((seo) => seo.staticPageMeta("/services/custom-design")),
  component: CustomDesignPage,
});
