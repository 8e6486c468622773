// Two-factor sign-in for the signed-in admin: the same services as two-factor.rest.ts.
import {
  twoFactorConfirmInput,
  twoFactorDisableInput,
  twoFactorEnrolInput,
  twoFactorPolicyInput,
} from "../../contracts/two-factor";
import { adminProcedure, router } from "../../trpc/trpc";
import { rolesForProcedure } from "../access";
import { verifyCurrentPassword } from "./auth.service";
import {
  beginEnrolment,
  confirmEnrolment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  setTwoFactorRequired,
  twoFactorStatus,
} from "./totp.service";

export const adminTwoFactorRouter = router({
  /** With `mayRequire`: whether this account's role may set the owner's policy (the screen hides it otherwise). */
  status: adminProcedure.query(async ({ ctx }) => ({
    ...(await twoFactorStatus(ctx.deps, ctx.admin.id)),
    mayRequire: rolesForProcedure("twoFactor.setPolicy").includes(ctx.admin.role),
  })),
  /** Asks the account's password again (400 naming `password` when wrong), as a password change does. */
  begin: adminProcedure.input(twoFactorEnrolInput).mutation(async ({ ctx, input }) => {
    await verifyCurrentPassword(ctx.deps, ctx.admin, input.password, "password");
    return beginEnrolment(ctx.deps, ctx.admin);
  }),
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
