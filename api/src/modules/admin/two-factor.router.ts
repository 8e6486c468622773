// tRPC procedures of the signed-in admin's two-factor sign-in: those of the declared operations
// (two-factor.rest.ts). disable's body is a code or a recovery code (a union): it comes under `proof`.
import { proceduresOf } from "../../trpc/operations";
import { router } from "../../trpc/trpc";
import { twoFactorOperations } from "./two-factor.rest";

export const adminTwoFactorRouter = router(proceduresOf(twoFactorOperations, { disable: { bodyAs: "proof" } }));
