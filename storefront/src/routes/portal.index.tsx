import { createFileRoute } from "@tanstack/react-router";
import { PortalPage } from "../features/portal/portal-page";
import { lazyHead } from "../features/seo/lazy-head";

// a signed-in customer's page: read in the browser with the portal's cookie, never in the server render
export const Route = createFileRoute("/portal/")({
  head: () => lazyHead((seo) => seo.staticPageMeta("/portal")),
  component: PortalPage,
});
