import { createFileRoute } from "@tanstack/react-router";
import { PrivacyPolicyPage } from "../features/pages/privacy-policy-page";
import { lazyHead } from "../features/seo/lazy-head";

export const Route = createFileRoute("/privacy-policy")({
  head: () => lazyHead((seo) => seo.staticPageMeta("/privacy-policy")),
  component: PrivacyPolicyPage,
});
