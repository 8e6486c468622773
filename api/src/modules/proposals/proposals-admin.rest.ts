// Changing a proposal (a new version once sent): its REST path, for integrators with an API key
// (proposals:write) or staff with a session (sales, owner), and its tRPC procedure proposals.update
// ({ id, proposal }; proposals.router.ts). Price lists stay the owner's, in the back office.
import { idParams } from "@ch/contracts/admin";
import { proposalDetailDto, proposalInput } from "@ch/contracts/proposals";
import { route } from "../../http/route";
import { updateProposal } from "./proposals.service";

export const adminProposalEditOperations = {
  update: route({
    method: "PUT",
    url: "/api/admin/proposals/:id",
    access: "admin",
    operationId: "updateProposal",
    summary:
      "Change a proposal; the server prices it again. A draft version is edited in place; once sent, a new version is made (send it with POST /api/admin/proposals/:id/send)",
    tags: ["admin", "proposals"],
    params: idParams,
    body: proposalInput,
    response: proposalDetailDto,
    errors: [404, 409],
    answer:
      "The proposal with its versions; 400 for an unknown product/option/band; 404 when unknown; 409 once accepted",
    handler: ({ deps, params, body, admin }) => updateProposal(deps, admin!, params.id, body),
  }),
};

export const adminProposalEditRoutes = Object.values(adminProposalEditOperations);
