// Proposals: custom builds priced by staff, sent, and accepted or questioned by the customer.

export { businessTerms } from "./proposal-contract";
export { engineLinesOf } from "./proposal-versions";
export { adminProposalRoutes, proposalRoutes } from "./proposals.rest";
export { adminProposalsRouter, proposalsRouter } from "./proposals.router";
export { adminProposalEditRoutes } from "./proposals-admin.rest";
