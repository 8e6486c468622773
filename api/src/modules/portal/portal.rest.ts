// The portal's REST paths (storefront origin): sign-in by link, the session, the projects. Declared once;
// the storefront calls the same operations over tRPC (portal.router.ts).

import { orderIdParams } from "@ch/contracts/orders";
import {
  messageDto,
  messageInput,
  messageThreadDto,
  portalProjectDto,
  portalProjectParams,
  portalProjectsDto,
  portalSessionAnswer,
  portalSessionInput,
  portalSignInAnswer,
  portalSignInInput,
} from "@ch/contracts/portal";
import { okAnswer } from "@ch/contracts/responses";
import type { FastifyRequest } from "fastify";
import { type HandlerContext, route } from "../../http/route";
import type { Deps } from "../../lib/deps";
import { orderById } from "../orders";
import { postMessage, readThread } from "./messages.service";
import {
  customerProject,
  endPortalSession,
  getPortalProject,
  listPortalProjects,
  openPortalSession,
  portalCustomer,
  requestPortalLink,
} from "./portal.service";

const tags = ["portal"];
const PRIVATE = "private, no-store";

/** A path of one of the signed-in customer's projects: 401 without a session, 404 for another's order. */
const ownProject = {
  access: "public" as const,
  tags,
  params: portalProjectParams,
  errors: [401 as const, 404 as const],
};
const projectOf = async (deps: Deps, req: FastifyRequest, orderNumber: string) =>
  customerProject(deps, await portalCustomer(deps, req), orderNumber);

/** A read of the customer's own data: never kept by a shared cache or the browser's. */
const privately =
  <B, Q, P, T>(read: (ctx: HandlerContext<B, Q, P>) => Promise<T>) =>
  (ctx: HandlerContext<B, Q, P>): Promise<T> => {
    ctx.reply.header("cache-control", PRIVATE);
    return read(ctx);
  };

/** A path of one order's thread on the order page. */
const orderThread = {
  access: "admin" as const,
  tags: ["admin", "orders"],
  params: orderIdParams,
  errors: [404 as const],
};

export const portalOperations = {
  signIn: route({
    method: "POST",
    url: "/api/portal/sign-in",
    access: "public",
    summary: "E-mail a single-use sign-in link (15 minutes) to an address that has a proposal or an order",
    operationId: "requestPortalLink",
    response: portalSignInAnswer,
    successStatus: 202,
    // 403: a write from another site (the portal's CSRF guard)
    errors: [403],
    tags,
    body: portalSignInInput,
    rateLimit: "portal",
    answer:
      "202 with the same body whatever the address; the link (/portal#token=…) ends the ones sent before it. At most 3 e-mails per mailbox an hour.",
    handler: ({ deps, body }) => requestPortalLink(deps, body.email),
  }),
  session: route({
    method: "POST",
    url: "/api/portal/session",
    access: "public",
    summary: "Spend a sign-in link: this browser is signed in to the portal for 30 days (an httpOnly cookie)",
    operationId: "openPortalSession",
    response: portalSessionAnswer,
    successStatus: 201,
    errors: [403],
    tags,
    body: portalSessionInput,
    rateLimit: "portal",
    answer: "201 { ok, email } with the session cookie; 400 naming token for a link used, replaced or expired",
    handler: ({ deps, body, reply }) => openPortalSession(deps, body.token, reply),
  }),
  signOut: route({
    method: "POST",
    url: "/api/portal/sign-out",
    access: "public",
    summary: "Sign this browser out of the portal",
    operationId: "endPortalSession",
    response: okAnswer,
    errors: [403],
    tags,
    answer: "{ ok: true }; the session ends and its cookie is cleared",
    handler: ({ deps, req, reply }) => endPortalSession(deps, req, reply),
  }),
  projects: route({
    method: "GET",
    url: "/api/portal/projects",
    access: "public",
    summary: "The signed-in customer's projects (orders) and the proposals sent to them",
    operationId: "listPortalProjects",
    response: portalProjectsDto,
    errors: [401],
    tags,
    answer:
      "{ email, projects: [{ orderNumber, stage, productName, total, paid, outstanding, createdAt }], proposals }; 401 without a portal session",
    handler: privately(async ({ deps, req }) => listPortalProjects(deps, await portalCustomer(deps, req))),
  }),
  project: route({
    method: "GET",
    url: "/api/portal/projects/:orderNumber",
    summary: "One of the signed-in customer's projects: its figures, invoices, payments, stages and proposals",
    operationId: "getPortalProject",
    response: portalProjectDto,
    ...ownProject,
    answer:
      "{ orderNumber, stage, total, paid, outstanding (money form), receipt (as the order-status page reads it), proposals }; 404 for an order that is not the customer's",
    handler: privately(async ({ deps, req, params }) =>
      getPortalProject(deps, await portalCustomer(deps, req), params.orderNumber),
    ),
  }),
  messages: route({
    method: "GET",
    url: "/api/portal/projects/:orderNumber/messages",
    summary: "The project's messages with our team, oldest first; reading marks the team's messages read",
    operationId: "listPortalMessages",
    response: messageThreadDto,
    ...ownProject,
    answer:
      "{ messages: [{ id, author, authorName, body, createdAt, readAt }], unread }; 404 for another customer's order",
    handler: privately(async ({ deps, req, params }) =>
      readThread(deps, await projectOf(deps, req, params.orderNumber), "customer"),
    ),
  }),
  postMessage: route({
    method: "POST",
    url: "/api/portal/projects/:orderNumber/messages",
    summary: "Write to our team about the project; they hear of it by Telegram and e-mail",
    operationId: "postPortalMessage",
    response: messageDto,
    successStatus: 201,
    ...ownProject,
    errors: [401, 403, 404],
    body: messageInput,
    rateLimit: "portal",
    answer: "201 with the message; 400 naming body for an empty or too long one; 404 for another customer's order",
    handler: async ({ deps, req, params, body }) =>
      postMessage(deps, await projectOf(deps, req, params.orderNumber), { kind: "customer" }, body),
  }),
};

export const portalRoutes = Object.values(portalOperations);

/** The same threads on the order page (back office): staff read and answer. */
export const adminMessageOperations = {
  list: route({
    ...orderThread,
    method: "GET",
    url: "/api/admin/orders/:id/messages",
    summary: "The order's messages with its customer, oldest first; reading marks the customer's messages read",
    operationId: "listOrderMessages",
    response: messageThreadDto,
    answer: "{ messages: [{ id, author, authorName, body, createdAt, readAt }], unread }",
    handler: async ({ deps, params }) => readThread(deps, await orderById(deps, params.id), "staff"),
  }),
  post: route({
    ...orderThread,
    method: "POST",
    url: "/api/admin/orders/:id/messages",
    summary: "Write to the order's customer: they are e-mailed and read it in their portal",
    operationId: "postOrderMessage",
    response: messageDto,
    successStatus: 201,
    body: messageInput,
    idempotent: true,
    answer: "201 with the message; 400 naming body for an empty or too long one",
    handler: async ({ deps, params, body, admin }) =>
      postMessage(deps, await orderById(deps, params.id), { kind: "staff", actor: admin! }, body),
  }),
};

export const adminMessageRoutes = Object.values(adminMessageOperations);
