import { staticPageMeta } from "@ch/api/contracts/seo";
import { createFileRoute } from "@tanstack/react-router";
import { PrivacyPolicyPage } from "../features/pages/privacy-policy-page";
import { headFor } from "../features/seo/head";

export const Route = createFileRoute("/privacy-policy")({
  head: () => headFor(staticPageMeta("/privacy-policy")),
  component: PrivacyPolicyPage,
});
