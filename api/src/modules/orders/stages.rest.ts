// The documented REST path that moves an order's build stage (staff, back office).

import { z } from "zod";
import { idParams } from "../../contracts/admin";
import { stageMoveInput } from "../../contracts/proposals";
import { instant, int } from "../../contracts/responses";
import { ORDER_STAGES } from "../../contracts/stages";
import { route } from "../../http/route";
import { moveOrderStageByStaff } from "./order-commands";
import { pipelineBoard } from "./stages.service";

const stage = z.enum(ORDER_STAGES);
const stageMoved = z.object({ stage, stageChangedAt: instant() });
const pipelineBoardDto = z.array(
  z.object({
    id: int(),
    orderNumber: z.string(),
    customer: z.string(),
    stage,
    stageChangedAt: instant(),
    totalCents: int(),
    paidCents: int(),
    outstandingCents: int(),
    cancelReason: z.string().nullable(),
    proposalId: int().nullable(),
    moves: z.array(stage).describe("The stages this order may move to next"),
  }),
);

export const adminStageRoutes = [
  route({
    method: "PUT",
    url: "/api/admin/orders/:id/stage",
    access: "admin",
    summary: "Move an order to another build stage (only the moves api/src/contracts/stages.ts allows)",
    operationId: "moveOrderStage",
    response: stageMoved,
    errors: [404, 409],
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
    operationId: "getPipelineBoard",
    response: pipelineBoardDto,
    tags: ["admin", "orders"],
    answer: "[{ id, orderNumber, customer, stage, stageChangedAt, totalCents, paidCents, outstandingCents, moves }]",
    handler: ({ deps }) => pipelineBoard(deps.db),
  }),
];
