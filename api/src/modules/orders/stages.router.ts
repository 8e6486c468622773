// tRPC procedures of the build stages: the same services and schemas as stages.rest.ts.
import { z } from "zod";
import { id } from "../../contracts/fields";
import { stageMoveInput } from "../../contracts/proposals";
import { adminProcedure, router } from "../../trpc/trpc";
import { moveOrderStageByStaff } from "./order-commands";
import { pipelineBoard, undoStageMove } from "./stages.service";

export const adminStagesRouter = router({
  board: adminProcedure.query(({ ctx }) => pipelineBoard(ctx.deps.db, ctx.deps.clock.now())),
  move: adminProcedure
    .input(z.strictObject({ id: id(), ...stageMoveInput.shape }))
    .mutation(({ ctx, input: { id: orderId, ...body } }) => moveOrderStageByStaff(ctx.deps, ctx.admin, orderId, body)),
  /** Undoes the order's last staff move while the customer's e-mail still waits (409 after). */
  undo: adminProcedure
    .input(z.strictObject({ id: id() }))
    .mutation(({ ctx, input }) => undoStageMove(ctx.deps, ctx.admin, input.id)),
});
