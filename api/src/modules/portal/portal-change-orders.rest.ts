// The customer's side of a change order: ask for the signing code, then sign (as the contract was signed).
import { changeOrderDto, changeOrderParams, signChangeOrderInput } from "@ch/contracts/change-orders";
import { signingCodeAnswer } from "@ch/contracts/proposals";
import { route } from "../../http/route";
import { requestChangeOrderCode, signChangeOrder } from "../change-orders";
import { portalCustomer } from "./portal.service";

const ownChangeOrder = {
  access: "public" as const,
  tags: ["portal"],
  params: changeOrderParams,
  rateLimit: "portal" as const,
};

export const portalChangeOrderOperations = {
  changeOrderCode: route({
    ...ownChangeOrder,
    method: "POST",
    url: "/api/portal/change-orders/:id/signing-code",
    summary: "E-mail the 6-digit code that signs one of the customer's change orders (10 minutes, 5 tries)",
    operationId: "requestChangeOrderSigningCode",
    errors: [401, 403, 404, 409],
    response: signingCodeAnswer,
    successStatus: 202,
    answer: "202 { ok, sentTo, message }; 409 once it is signed or withdrawn; 404 for another customer's",
    handler: async ({ deps, req, params }) => requestChangeOrderCode(deps, await portalCustomer(deps, req), params.id),
  }),
  signChangeOrder: route({
    ...ownChangeOrder,
    method: "POST",
    url: "/api/portal/change-orders/:id/sign",
    summary: "Sign a change order: the order's total and balance change, and its PDF is e-mailed",
    operationId: "signChangeOrder",
    body: signChangeOrderInput,
    errors: [401, 403, 404, 409],
    response: changeOrderDto,
    answer:
      "The change order, signed; 400 naming code for a wrong or expired code; 409 once signed or withdrawn, or when the order changed since",
    handler: async ({ deps, req, params, body }) =>
      signChangeOrder(deps, await portalCustomer(deps, req), params.id, body, {
        ip: req.ip,
        userAgent: req.headers["user-agent"] ?? null,
      }),
  }),
};

export const portalChangeOrderRoutes = Object.values(portalChangeOrderOperations);
