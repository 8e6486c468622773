import { createFileRoute } from "@tanstack/react-router";
import { PortalProjectPage } from "../features/portal/project-page";
import { lazyHead } from "../features/seo/lazy-head";

export const Route = createFileRoute("/portal/$orderNumber")({
  head: () => lazyHead((seo) => seo.staticPageMeta("/portal")),
  component: PortalProjectRoute,
});

function PortalProjectRoute() {
  const { orderNumber } = Route.useParams();
  return <PortalProjectPage orderNumber={orderNumber} />;
}
