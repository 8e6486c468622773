import { staticPageMeta } from "@ch/api/contracts/seo";
import { createFileRoute } from "@tanstack/react-router";
import { CustomDesignPage } from "../../features/pages/custom-design-page";
import { headFor } from "../../features/seo/head";

export const Route = createFileRoute("/services/custom-design")({
  head: () => headFor(staticPageMeta("/services/custom-design")),
  component: CustomDesignPage,
});
