// tRPC procedures of staff accounts: those of the declared operations (staff.rest.ts), and staff.setDisabled,
// hand-written (one procedure for what REST splits into disable and enable). Who may call each is
// access/access-policy.ts's answer (staff.* is the owner's; me, changePassword, setEmail every account's own).
import { setDisabledInput } from "@ch/contracts/staff";
import { proceduresOf } from "../../trpc/operations";
import { adminProcedure, router } from "../../trpc/trpc";
import { ownAccountOperations, staffOperations } from "./staff.rest";
import { setDisabled } from "./staff.service";

export const adminStaffRouter = router({
  ...proceduresOf({ ...ownAccountOperations, ...staffOperations }),
  setDisabled: adminProcedure
    .input(setDisabledInput)
    .mutation(({ ctx, input }) => setDisabled(ctx.deps, ctx.admin, input.id, input.disabled)),
});
