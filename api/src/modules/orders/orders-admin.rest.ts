// The admin operations of one order beyond admin.rest.ts's list, stages.rest.ts and payments.rest.ts: read
// it with everything staff see, set its status or confirm its payment status, its notes, add a note, for integrators with an API
// key (orders:read / orders:write) or staff with a session (sales, owner). `adminOrderOperations` are also
// adminOrdersRouter's procedures orders.<name> (orders.router.ts).

import { adminOrderDto, idParams, orderStatusInput, paymentStatusInput } from "@ch/contracts/admin";
import { adminOrderCreateInput, adminOrderRecordResponse, adminOrderTotalConflict } from "@ch/contracts/orders";
import { readSnapshot } from "@ch/db";
import { route } from "../../http/route";
import { staffNoteRoutes } from "../leads";
import { setOrderStatusByStaff, setPaymentStatusByStaff } from "./order-commands";
import { getOrderRecord, placeOrderForCustomer } from "./orders.service";

const tags = ["admin", "orders"];

/** REST only: the back office's orders.details reads the order without its invoices and payments. */
const getOrder = route({
  method: "GET",
  url: "/api/admin/orders/:id",
  access: "admin",
  operationId: "getOrder",
  summary:
    "One order: lines and figures, customer and address, build stage, staff notes, audit timeline, invoices, payments and payment events",
  tags,
  params: idParams,
  response: adminOrderRecordResponse,
  errors: [404],
  answer: "The order; 404 when unknown",
  // the order, its stage, its invoices and payments as of one moment (never a payment without its stage)
  handler: ({ deps, params }) => readSnapshot(deps.db, (tx) => getOrderRecord(tx, params.id)),
});

const orderNotes = staffNoteRoutes({
  entityType: "order",
  url: "/api/admin/orders/:id",
  tags,
  operationNoun: "Order",
  noun: "order",
  aNoun: "an order",
});

export const adminOrderOperations = {
  setStatus: route({
    method: "PUT",
    url: "/api/admin/orders/:id/status",
    access: "admin",
    summary: "Move an order to the stage a status names (409 naming the allowed moves otherwise)",
    operationId: "setOrderStatus",
    response: adminOrderDto,
    errors: [404, 409],
    tags: ["admin"],
    params: idParams,
    body: orderStatusInput,
    answer:
      "The order, moved to the stage the status names (pending → awaiting deposit, in_production, shipped → ready for delivery, delivered, cancelled with a reason); 409 naming the allowed statuses when the stages table does not allow it, or when it is a payment stage (confirmed follows the deposit's payment)",
    handler: ({ deps, params, body, admin }) => setOrderStatusByStaff(deps, admin!, params.id, body),
  }),
  setPaymentStatus: route({
    method: "PUT",
    url: "/api/admin/orders/:id/payment",
    access: "admin",
    summary: "Confirm an order's payment status (it follows the ledger: 409 otherwise)",
    operationId: "setOrderPaymentStatus",
    response: adminOrderDto,
    errors: [404, 409],
    tags: ["admin"],
    params: idParams,
    body: paymentStatusInput,
    answer:
      "The order when the ledger already says so; 409 pointing to POST /api/admin/orders/{id}/payments otherwise (a payment status is never set by hand)",
    handler: ({ deps, params, body, admin }) => setPaymentStatusByStaff(deps, admin!, params.id, body),
  }),
  addNote: orderNotes.addNote,
};

/** REST only: an integrator's order (the back office places orders through proposals). */
const createOrderRoute = route({
  method: "POST",
  url: "/api/admin/orders",
  access: "admin",
  summary:
    "Place an order for a customer (customer, lines, delivery address); the server prices it, and checks expectedTotal only when sent",
  operationId: "createOrder",
  tags,
  body: adminOrderCreateInput,
  response: adminOrderRecordResponse,
  successStatus: 201,
  idempotent: true,
  errors: [409],
  errorFields: { 409: adminOrderTotalConflict },
  answer:
    "201 with the order as GET /api/admin/orders/{id} reads it; 409 with the server's figures (subtotal, discount, tax, shipping, total in cents with their currency) when expectedTotal differs, or naming unknown or out-of-stock products. notifyCustomer: false sends the customer no e-mail (the staff notice still goes). Limited per API key, not per address.",
  handler: ({ deps, body, admin }) => placeOrderForCustomer(deps, admin!.username, body),
});

/** The documented paths, in order: placing one, the order, its notes (REST only), a new note. */
export const adminOrderRoutes = [
  createOrderRoute,
  getOrder,
  adminOrderOperations.setStatus,
  adminOrderOperations.setPaymentStatus,
  orderNotes.list,
  adminOrderOperations.addNote,
];
