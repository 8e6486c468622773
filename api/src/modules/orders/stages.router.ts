// tRPC procedures of the build stages: those of the declared operations (stages.rest.ts).
import { proceduresOf } from "../../trpc/operations";
import { router } from "../../trpc/trpc";
import { adminStageOperations } from "./stages.rest";

export const adminStagesRouter = router(proceduresOf(adminStageOperations));
