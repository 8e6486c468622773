// The build-stage operations (back office; sales and owner): move an order to another stage, undo the last
// move, the pipeline board. Each gives its documented REST path and its tRPC procedure stages.<name>
// (stages.router.ts).

import { idParams } from "@ch/contracts/admin";
import { inCents } from "@ch/contracts/money";
import { stageMoveInput } from "@ch/contracts/proposals";
import { instant, int } from "@ch/contracts/responses";
import { ORDER_STAGES } from "@ch/contracts/stages";
import { z } from "zod";
import { route } from "../../http/route";
import { moveOrderStageByStaff } from "./order-commands";
import { adminOrderScope } from "./order-scope";
import { pipelineBoard, undoStageMove } from "./stages.service";

const stage = z.enum(ORDER_STAGES);
const stageUndone = z.object({ stage, stageChangedAt: instant() });
const stageMoved = stageUndone.extend({
  undoUntil: instant()
    .nullable()
    .describe("Until when POST …/stage/undo can take the move back (the customer is e-mailed then); null: undo is off"),
});
const pipelineBoardDto = z.array(
  z.object({
    id: int(),
    orderNumber: z.string(),
    customer: z.string(),
    stage,
    stageChangedAt: instant(),
    totalCents: inCents(),
    paidCents: inCents(),
    outstandingCents: inCents(),
    cancelReason: z.string().nullable(),
    proposalId: int().nullable(),
    moves: z.array(stage).describe("The stages this order may move to next"),
    undo: z
      .object({ until: instant(), back: stage })
      .nullable()
      .describe("The last move while it can still be undone: until when, and the stage it goes back to"),
  }),
);

export const adminStageOperations = {
  move: route({
    ...adminOrderScope,
    method: "PUT",
    url: "/api/admin/orders/:id/stage",
    summary: "Move an order to another build stage (only the moves contracts/src/stages.ts allows)",
    operationId: "moveOrderStage",
    response: stageMoved,
    errors: [404, 409],
    params: idParams,
    body: stageMoveInput,
    answer:
      "{ stage, stageChangedAt, undoUntil } (a move to delivered of an order already paid in full answers balance_paid: the ledger moves it on); the customer's e-mail leaves at undoUntil unless the move is undone; 409 for a move the stages table does not allow or a payment stage (deposit received, balance paid: set by the ledger); 400 for a cancel without a reason",
    handler: ({ deps, params, body, admin }) => moveOrderStageByStaff(deps, admin!, params.id, body),
  }),
  undo: route({
    ...adminOrderScope,
    method: "POST",
    url: "/api/admin/orders/:id/stage/undo",
    summary: "Undo the order's last stage move while its e-mail to the customer still waits; nobody is e-mailed",
    operationId: "undoOrderStageMove",
    response: stageUndone,
    errors: [404, 409],
    params: idParams,
    answer:
      "{ stage, stageChangedAt }: the stage before the move, as it stood; 409 once the window is over (the customer has been e-mailed) or when the order has no move to undo",
    handler: ({ deps, params, admin }) => undoStageMove(deps, admin!, params.id),
  }),
  board: route({
    method: "GET",
    url: "/api/admin/pipeline",
    access: "admin",
    summary: "The pipeline board: orders by stage with the amounts outstanding and the allowed moves",
    operationId: "getPipelineBoard",
    response: pipelineBoardDto,
    tags: ["admin", "orders"],
    answer:
      "[{ id, orderNumber, customer, stage, stageChangedAt, totalCents, paidCents, outstandingCents, moves, undo }]",
    handler: ({ deps }) => pipelineBoard(deps.db, deps.clock.now()),
  }),
};

export const adminStageRoutes = Object.values(adminStageOperations);
