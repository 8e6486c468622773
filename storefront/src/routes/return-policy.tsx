import { createFileRoute } from "@tanstack/react-router";
import { ReturnPolicyPage } from "../features/pages/return-policy-page";
import { lazyHead } from "../features/seo/lazy-head";

export const Route = createFileRoute("/return-policy")({
  head: () => lazyHead((seo) => seo.staticPageMeta("/return-policy")),
  component: ReturnPolicyPage,
});
