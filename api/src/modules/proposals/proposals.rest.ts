// The proposal operations: the customer reads, accepts or asks for changes at the proposal's unguessable
// token (storefront, rate-limited); staff list, create, read and send them (back office). Each gives its
// documented REST path and its tRPC procedure proposals.<name> (proposals.router.ts); the sales funnel's
// path is REST only (its procedure is hand-written).
import { idParams } from "@ch/contracts/admin";
import { funnelPeriodInput, funnelRange, salesFunnelAnswer } from "@ch/contracts/funnel";
import {
  acceptProposalAnswer,
  acceptProposalInput,
  changeRequestAnswer,
  changeRequestInput,
  proposalDetailDto,
  proposalInput,
  proposalListQuery,
  proposalSummaryList,
  publicProposalDto,
  signingCodeAnswer,
  tokenParams,
} from "@ch/contracts/proposals";
import { route } from "../../http/route";
import { createdPageItems } from "../../lib/cursor";
import { salesFunnel } from "../analytics";
import {
  acceptProposal,
  createProposal,
  getProposal,
  getPublicProposal,
  listProposals,
  requestChanges,
  requestProposalSigningCode,
  sendProposal,
} from "./proposals.service";

export const proposalOperations = {
  byToken: route({
    method: "GET",
    url: "/api/proposals/:token",
    access: "public",
    summary: "The customer's proposal: the latest version's lines, figures, terms and validity",
    operationId: "getPublicProposal",
    response: publicProposalDto,
    errors: [404],
    tags: ["proposals"],
    params: tokenParams,
    rateLimit: "proposal",
    answer:
      "{ state: 'open' | 'expired' | 'accepted', version, lines, subtotalCents … totalCents, depositCents, balanceCents, validUntil, terms }; 404 for an unknown link",
    handler: ({ deps, params }) => getPublicProposal(deps, params.token),
  }),
  signingCode: route({
    method: "POST",
    url: "/api/proposals/:token/signing-code",
    access: "public",
    summary:
      "E-mail the proposal's address a 6-digit signing code (10 minutes, 5 tries; a new one ends the older) that the acceptance must carry",
    operationId: "sendProposalSigningCode",
    response: signingCodeAnswer,
    errors: [404, 409, 410, 429],
    tags: ["proposals"],
    params: tokenParams,
    successStatus: 202,
    rateLimit: "proposal",
    answer:
      "202 { ok: true, sentTo: 'd•••@example.com', message }; 409 once accepted; 410 once expired; 429 past 5 codes an hour",
    handler: ({ deps, params }) => requestProposalSigningCode(deps, params.token),
  }),
  accept: route({
    method: "POST",
    url: "/api/proposals/:token/accept",
    access: "public",
    summary:
      "Accept the proposal (typed full name, agreement to the terms, consent to sign electronically and the e-mailed signing code): creates the order and its deposit and balance invoices",
    operationId: "acceptProposal",
    response: acceptProposalAnswer,
    errors: [404, 409, 410],
    tags: ["proposals"],
    params: tokenParams,
    body: acceptProposalInput,
    successStatus: 201,
    rateLimit: "proposal",
    answer:
      "201 { orderNumber, email, totalCents, depositCents, balanceCents, accessToken, payment }; 400 without `version`, `consent` or a valid `code` (wrong, expired, tried 5 times); 409 when already accepted or when `version` is not the current sent version; 410 when the proposal has expired",
    handler: ({ deps, params, body, req }) =>
      acceptProposal(deps, params.token, body, { ip: req.ip, userAgent: req.headers["user-agent"] ?? null }),
  }),
  requestChanges: route({
    method: "POST",
    url: "/api/proposals/:token/changes",
    access: "public",
    summary: "Ask for changes to the proposal; the message lands on the lead",
    operationId: "requestProposalChanges",
    response: changeRequestAnswer,
    errors: [404, 409, 410],
    tags: ["proposals"],
    params: tokenParams,
    body: changeRequestInput,
    successStatus: 201,
    rateLimit: "proposal",
    answer: "201 { ok: true, status: 'changes_requested' }; 409 when already accepted",
    handler: ({ deps, params, body }) => requestChanges(deps, params.token, body),
  }),
};

export const proposalRoutes = Object.values(proposalOperations);

export const adminProposalOperations = {
  list: route({
    method: "GET",
    url: "/api/admin/proposals",
    access: "admin",
    summary: "Proposals, newest first, with their latest version's total (500 a page unless `limit`)",
    operationId: "listProposals",
    response: proposalSummaryList,
    tags: ["admin", "proposals"],
    query: proposalListQuery,
    answer:
      "[{ id, customerName, email, state, status, currentVersion, totalCents, validUntil, orderId, … }]; the next page's URL in the Link header",
    // the next page is in the Link header only: the body stays a plain array
    handler: ({ deps, query, req, reply }) =>
      createdPageItems({ req, reply }, query, (filter) => listProposals(deps.db, filter)),
  }),
  create: route({
    method: "POST",
    url: "/api/admin/proposals",
    access: "admin",
    summary: "Create a proposal (from a lead with enquiryId, or from scratch); the server prices it",
    operationId: "createProposal",
    response: proposalDetailDto,
    errors: [404],
    tags: ["admin", "proposals"],
    body: proposalInput,
    successStatus: 201,
    idempotent: true,
    answer:
      "201 with the proposal, its versions (figures computed by the server), change requests and acceptance; 400 for an unknown product/option/band or a total sent by the client",
    handler: ({ deps, body, admin }) => createProposal(deps, admin!, body),
  }),
  byId: route({
    method: "GET",
    url: "/api/admin/proposals/:id",
    access: "admin",
    summary: "One proposal with every version, the customer's change requests and the acceptance",
    operationId: "getProposal",
    response: proposalDetailDto,
    errors: [404],
    tags: ["admin", "proposals"],
    params: idParams,
    answer: "The proposal; 404 when unknown",
    handler: ({ deps, params }) => getProposal(deps.db, params.id),
  }),
  send: route({
    method: "POST",
    url: "/api/admin/proposals/:id/send",
    access: "admin",
    summary: "Send the latest version: e-mails the customer the proposal's link",
    operationId: "sendProposal",
    response: proposalDetailDto,
    errors: [404, 409],
    tags: ["admin", "proposals"],
    params: idParams,
    answer: "The proposal, status sent; 409 when already accepted",
    handler: ({ deps, params, admin }) => sendProposal(deps, admin!, params.id),
  }),
};

/**
 * The sales funnel's REST path. Its procedure proposals.funnel stays hand-written: the period's rule (days,
 * or from with to) is a refinement of the whole query, and its input may be left out.
 */
const salesFunnelRoute = route({
  method: "GET",
  url: "/api/admin/funnel",
  access: "admin",
  summary:
    "The sales funnel by source: visitors → leads → proposals sent → accepted → deposit paid, over `days` (the last N days, 1–366; default 30) or `from`–`to` (whole UTC days, both included, at most 366)",
  operationId: "getSalesFunnel",
  response: salesFunnelAnswer,
  tags: ["admin", "proposals"],
  query: funnelPeriodInput,
  answer:
    "{ from, to (ISO instants, to excluded), visitors, leads, proposalsSent, accepted, depositPaid: [{ source, count }] }; 400 naming the field for a bad period",
  handler: ({ deps, query }) => salesFunnel(deps.db, funnelRange(query, deps.clock.now())),
});

export const adminProposalRoutes = [...Object.values(adminProposalOperations), salesFunnelRoute];
