// tRPC twin of notes.rest.ts: a staff note on a lead or an order, written to its timeline.
import { z } from "zod";
import { noteInput } from "../../contracts/admin";
import { id } from "../../contracts/fields";
import { adminProcedure } from "../../trpc/trpc";
import { addNote } from "./leads.service";

export const addNoteProcedure = (entityType: "order" | "enquiry") =>
  adminProcedure
    .input(z.strictObject({ id: id(), ...noteInput.shape }))
    .mutation(({ ctx, input }) => addNote(ctx.deps, ctx.admin, entityType, input.id, input.body));
