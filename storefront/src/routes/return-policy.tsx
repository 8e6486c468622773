import { staticPageMeta } from "@ch/api/contracts/seo";
import { createFileRoute } from "@tanstack/react-router";
import { ReturnPolicyPage } from "../features/pages/return-policy-page";
import { headFor } from "../features/seo/head";

export const Route = createFileRoute("/return-policy")({
  head: () => headFor(staticPageMeta("/return-policy")),
  component: ReturnPolicyPage,
});
