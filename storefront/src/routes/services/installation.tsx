import { staticPageMeta } from "@ch/api/contracts/seo";
import { createFileRoute } from "@tanstack/react-router";
import { InstallationPage } from "../../features/pages/installation-page";
import { headFor } from "../../features/seo/head";

export const Route = createFileRoute("/services/installation")({
  head: () => headFor(staticPageMeta("/services/installation")),
  component: InstallationPage,
});
