import { createFileRoute } from "@tanstack/react-router";
import { WarrantySupportPage } from "../../features/pages/warranty-support-page";
import { lazyHead } from "../../features/seo/lazy-head";

export const Route = createFileRoute("/services/warranty-support")({
  head: () => lazyHead((seo) => seo.staticPageMeta("/services/warranty-support")),
  component: WarrantySupportPage,
});
