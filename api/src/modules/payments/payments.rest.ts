// The payment operations: the customer's USDT transaction hash (storefront origin, rate-limited, the same
// 404 as the order look-up for a wrong pair) and the staff ledger (back office). Each gives its documented
// REST path and its tRPC procedure payments.<name> (payments.router.ts).
import { idParams } from "@ch/contracts/admin";
import {
  adminOrderPaymentsDto,
  adminPaymentDto,
  orderNumberParams,
  recordPaymentInput,
  rejectPaymentInput,
  submitPaymentAnswer,
  submitPaymentInput,
} from "@ch/contracts/payments";
import { route } from "../../http/route";
import { getAdminOrderPayments } from "../ledger";
import { rejectPendingPayment } from "./payments.service";
import { recordStaffPayment } from "./staff-payments";
import { submitTransactionHash } from "./usdt-transfers";

export const paymentOperations = {
  submitHash: route({
    method: "POST",
    url: "/api/orders/:orderNumber/payments",
    access: "public",
    summary: "Submit the hash of a USDT (TRC20) transfer that pays an order",
    operationId: "submitPaymentHash",
    response: submitPaymentAnswer,
    errors: [404, 409, 422],
    alsoSuccess: [202],
    tags: ["orders", "payments"],
    params: orderNumberParams,
    body: submitPaymentInput,
    successStatus: 201,
    rateLimit: "orderLookup",
    answer:
      "201 { status: 'recorded', payment, message } when the confirmed transfer carries this order's invoice's exact USDT amount; 202 { status: 'in_review', transfer, message } when it reaches the shop's wallet but matches no open invoice's exact amount (staff match it by hand); 202 { status: 'pending_verification', payment, message } when TronGrid does not show it yet (checked again; it expires after USDT_CLAIM_TTL_MS); 404 for a wrong order number / e-mail pair; 409 for a hash already recorded, or whose transfer pays another order's invoice (it is recorded there); 422 for a transaction that is not a USDT transfer to the shop's wallet, or one not seen within USDT_CLAIM_TTL_MS",
    handler: async ({ deps, params, body, reply }) => {
      const answer = await submitTransactionHash(deps, params.orderNumber, body.email, body.txHash);
      reply.code(answer.status);
      return answer.body;
    },
  }),
};

export const paymentRoutes = Object.values(paymentOperations);

export const adminPaymentOperations = {
  forOrder: route({
    method: "GET",
    url: "/api/admin/orders/:id/payments",
    access: "admin",
    summary: "An order's invoices, payment ledger and timeline",
    operationId: "getOrderPayments",
    response: adminOrderPaymentsDto,
    errors: [404],
    tags: ["admin", "payments"],
    params: idParams,
    answer: "{ invoices, payments, events, paid, outstanding }",
    handler: ({ deps, params }) => getAdminOrderPayments(deps.db, params.id),
  }),
  record: route({
    method: "POST",
    url: "/api/admin/orders/:id/payments",
    access: "admin",
    summary: "Record a received bank transfer (positive amount) or a refund (negative amount)",
    operationId: "recordPayment",
    response: adminPaymentDto,
    errors: [404, 409],
    tags: ["admin", "payments"],
    params: idParams,
    body: recordPaymentInput,
    successStatus: 201,
    idempotent: true,
    answer:
      "201 with the ledger entry; partial payments add up over the invoices (deposit first); 409 for a refund larger than what was paid",
    handler: ({ deps, params, body, admin }) => recordStaffPayment(deps, admin!, params.id, body),
  }),
  reject: route({
    method: "POST",
    url: "/api/admin/payments/:id/reject",
    access: "admin",
    summary: "Reject a submitted transaction hash that is pending verification",
    operationId: "rejectPayment",
    response: adminPaymentDto,
    errors: [404, 409],
    tags: ["admin", "payments"],
    params: idParams,
    body: rejectPaymentInput,
    answer: "The ledger entry, now rejected; 409 when it is not pending verification",
    handler: ({ deps, params, body, admin }) => rejectPendingPayment(deps, admin!, params.id, body.reason),
  }),
};

export const adminPaymentRoutes = Object.values(adminPaymentOperations);
