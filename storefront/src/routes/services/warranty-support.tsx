import { staticPageMeta } from "@ch/api/contracts/seo";
import { createFileRoute } from "@tanstack/react-router";
import { WarrantySupportPage } from "../../features/pages/warranty-support-page";
import { headFor } from "../../features/seo/head";

export const Route = createFileRoute("/services/warranty-support")({
  head: () => headFor(staticPageMeta("/services/warranty-support")),
  component: WarrantySupportPage,
});
