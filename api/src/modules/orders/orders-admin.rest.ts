// The admin operations of one order beyond admin.rest.ts's list and fields, stages.rest.ts and
// payments.rest.ts: read it with everything staff see, its notes, add a note, for integrators with an API
// key (orders:read / orders:write) or staff with a session (sales, owner). `adminOrderOperations` are also
// adminOrdersRouter's procedures orders.<name> (orders.router.ts).
import { readSnapshot } from "@ch/db";
import { idParams } from "../../contracts/admin";
import { adminOrderRecordResponse } from "../../contracts/orders";
import { route } from "../../http/route";
import { staffNoteRoutes } from "../leads";
import { getOrderRecord } from "./orders.service";

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
  addNote: orderNotes.addNote,
};

/** The documented paths, in order: the order, its notes (REST only), a new note. */
export const adminOrderRoutes = [getOrder, orderNotes.list, adminOrderOperations.addNote];
