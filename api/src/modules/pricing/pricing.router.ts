// tRPC procedures of pricing: those of the declared operations (pricing.rest.ts).
import { proceduresOf } from "../../trpc/operations";
import { router } from "../../trpc/trpc";
import { pricingOperations } from "./pricing.rest";

export const pricingRouter = router(proceduresOf(pricingOperations));
