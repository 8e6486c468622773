import { proposalMeta } from "@ch/api/contracts/seo";
import { createFileRoute } from "@tanstack/react-router";
import { ProposalPage } from "../features/proposals/proposal-page";
import { headFor } from "../features/seo/head";

export const Route = createFileRoute("/proposal/$token")({
  head: ({ params }) => headFor(proposalMeta(`/proposal/${params.token}`)),
  component: ProposalRoute,
});

function ProposalRoute() {
  const { token } = Route.useParams();
  return <ProposalPage token={token} />;
}
