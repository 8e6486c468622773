// Change orders on the order page: staff list, create and withdraw them. The customer's side (the code
// and the signature) is the portal's (portal/portal-change-orders.rest.ts).

import { changeOrderDto, changeOrderInput, changeOrdersDto, orderChangeOrderParams } from "@ch/contracts/change-orders";
import { orderIdParams } from "@ch/contracts/orders";
import { route } from "../../http/route";
import { adminOrderScope, orderById } from "../orders";
import { createChangeOrder, listChangeOrders, withdrawChangeOrder } from "./change-orders.service";

export const adminChangeOrderOperations = {
  list: route({
    ...adminOrderScope,
    method: "GET",
    url: "/api/admin/orders/:id/change-orders",
    summary: "The order's change orders, newest first",
    operationId: "listChangeOrders",
    params: orderIdParams,
    response: changeOrdersDto,
    answer: "{ changeOrders: [{ id, number, status, lines, subtotalDelta, taxDelta, totalDelta, schedule, … }] }",
    handler: async ({ deps, params }) => ({
      changeOrders: await listChangeOrders(deps.db, await orderById(deps, params.id)),
    }),
  }),
  create: route({
    ...adminOrderScope,
    method: "POST",
    url: "/api/admin/orders/:id/change-orders",
    summary:
      "Propose a change to the build (proposal lines; a negative quantity or a credit removes); the customer signs it",
    operationId: "createChangeOrder",
    params: orderIdParams,
    body: changeOrderInput,
    errors: [404, 409],
    idempotent: true,
    response: changeOrderDto,
    successStatus: 201,
    answer:
      "201 with the change order: its lines, the change to the subtotal, tax and total, and its effect on the invoices; 409 on a completed or cancelled order, or for a credit larger than the balance still due. Nothing changes until the customer signs it.",
    handler: async ({ deps, params, body, admin }) =>
      createChangeOrder(deps, admin!, await orderById(deps, params.id), body),
  }),
  withdraw: route({
    ...adminOrderScope,
    method: "POST",
    url: "/api/admin/orders/:id/change-orders/:changeOrderId/withdraw",
    summary: "Withdraw a change order the customer has not signed",
    operationId: "withdrawChangeOrder",
    params: orderChangeOrderParams,
    errors: [404, 409],
    response: changeOrderDto,
    answer: "The change order, withdrawn; 409 once it is signed or already withdrawn",
    handler: async ({ deps, params, admin }) =>
      withdrawChangeOrder(deps, admin!, await orderById(deps, params.id), params.changeOrderId),
  }),
};

export const adminChangeOrderRoutes = Object.values(adminChangeOrderOperations);
