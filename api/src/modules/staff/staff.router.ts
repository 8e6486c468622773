// tRPC procedures of staff accounts. Who may call each is access/access-policy.ts's answer (staff.* is the
// owner's; staff.me and staff.changePassword are every account's own).
import {
  changePasswordInput,
  inviteInput,
  setDisabledInput,
  setEmailInput,
  setRoleInput,
  staffIdInput,
} from "../../contracts/staff";
import { adminProcedure, router } from "../../trpc/trpc";
import {
  accountOf,
  changePassword,
  inviteStaff,
  listStaff,
  resendInvite,
  revokeInvite,
  setDisabled,
  setOwnEmail,
  setRole,
} from "./staff.service";

export const adminStaffRouter = router({
  /** The signed-in account: username, role and the back-office areas it may open. */
  me: adminProcedure.query(({ ctx }) => accountOf(ctx.deps, ctx.admin)),
  changePassword: adminProcedure
    .input(changePasswordInput)
    .mutation(({ ctx, input }) => changePassword(ctx.deps, ctx.admin, input)),
  setEmail: adminProcedure.input(setEmailInput).mutation(({ ctx, input }) => setOwnEmail(ctx.deps, ctx.admin, input)),
  list: adminProcedure.query(({ ctx }) => listStaff(ctx.deps)),
  invite: adminProcedure.input(inviteInput).mutation(({ ctx, input }) => inviteStaff(ctx.deps, ctx.admin, input)),
  resendInvite: adminProcedure
    .input(staffIdInput)
    .mutation(({ ctx, input }) => resendInvite(ctx.deps, ctx.admin, input.id)),
  revokeInvite: adminProcedure
    .input(staffIdInput)
    .mutation(({ ctx, input }) => revokeInvite(ctx.deps, ctx.admin, input.id)),
  setRole: adminProcedure
    .input(setRoleInput)
    .mutation(({ ctx, input }) => setRole(ctx.deps, ctx.admin, input.id, input.role)),
  setDisabled: adminProcedure
    .input(setDisabledInput)
    .mutation(({ ctx, input }) => setDisabled(ctx.deps, ctx.admin, input.id, input.disabled)),
});
