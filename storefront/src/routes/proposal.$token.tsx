import { createFileRoute } from "@tanstack/react-router";
import { ProposalPage } from "../features/proposals/proposal-page";
import { lazyHead } from "../features/seo/lazy-head";

export const Route = createFileRoute("/proposal/$token")({
  head: ({ params }) => lazyHead((seo) => seo.proposalMeta(`/proposal/${params.token}`)),
  component: ProposalRoute,
});

function ProposalRoute() {
  const { token } = Route.useParams();
  return <ProposalPage token={token} />;
}
