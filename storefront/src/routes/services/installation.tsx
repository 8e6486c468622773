import { createFileRoute } from "@tanstack/react-router";
import { InstallationPage } from "../../features/pages/installation-page";
import { lazyHead } from "../../features/seo/lazy-head";

export const Route = createFileRoute("/services/installation")({
  head: () => lazyHead((seo) => seo.staticPageMeta("/services/installation")),
  component: InstallationPage,
});
