// Two-factor sign-in for the signed-in admin: the same services as two-factor.rest.ts.
import { twoFactorConfirmInput, twoFactorDisableInput, twoFactorPolicyInput } from "../../contracts/two-factor";
import { adminProcedure, router } from "../../trpc/trpc";
import {
  beginEnrolment,
  confirmEnrolment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  setTwoFactorRequired,
  twoFactorStatus,
} from "./totp.service";

export const adminTwoFactorRouter = router({
  status: adminProcedure.query(({ ctx }) => twoFactorStatus(ctx.deps, ctx.admin.id)),
  begin: adminProcedure.mutation(({ ctx }) => beginEnrolment(ctx.deps, ctx.admin)),
  confirm: adminProcedure
    .input(twoFactorConfirmInput)
    .mutation(({ ctx, input }) => confirmEnrolment(ctx.deps, ctx.admin, input.code)),
  disable: adminProcedure
    .input(twoFactorDisableInput)
    .mutation(({ ctx, input }) => disableTwoFactor(ctx.deps, ctx.admin, input)),
  regenerateRecoveryCodes: adminProcedure
    .input(twoFactorConfirmInput)
    .mutation(({ ctx, input }) => regenerateRecoveryCodes(ctx.deps, ctx.admin, input)),
  setPolicy: adminProcedure
    .input(twoFactorPolicyInput)
    .mutation(({ ctx, input }) => setTwoFactorRequired(ctx.deps, ctx.admin, input.required)),
});
