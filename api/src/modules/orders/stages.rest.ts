// The documented REST path that moves an order's build stage (staff, back office).
import { idParams } from "../../contracts/admin";
import { stageMoveInput } from "../../contracts/proposals";
import { route } from "../../http/route";
import { moveOrderStageByStaff, pipelineBoard } from "./stages.service";

export const adminStageRoutes = [
  route({
    method: "PUT",
    url: "/api/admin/orders/:id/stage",
    access: "admin",
    summary: "Move an order to another build stage (only the moves api/src/contracts/stages.ts allows)",
    tags: ["admin", "orders"],
    params: idParams,
    body: stageMoveInput,
    answer:
      "{ stage, stageChangedAt } (a move to delivered of an order already paid in full answers balance_paid: the ledger moves it on); 409 for a move the stages table does not allow or a payment stage (deposit received, balance paid: set by the ledger); 400 for a cancel without a reason",
    handler: ({ deps, params, body, admin }) => moveOrderStageByStaff(deps, admin!, params.id, body),
  }),
  route({
    method: "GET",
    url: "/api/admin/pipeline",
    access: "admin",
    summary: "The pipeline board: orders by stage with the amounts outstanding and the allowed moves",
    tags: ["admin", "orders"],
    answer: "[{ id, orderNumber, customer, stage, stageChangedAt, totalCents, paidCents, outstandingCents, moves }]",
    handler: ({ deps }) => pipelineBoard(deps.db),
  }),
];
