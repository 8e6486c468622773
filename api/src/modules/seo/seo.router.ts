// tRPC procedures of the SEO tools: those of the declared operations (seo.rest.ts), the public ones (each
// scan limited per address in its handler) and the back office's report.
import { proceduresOf } from "../../trpc/operations";
import { router } from "../../trpc/trpc";
import { adminSeoOperations, seoOperations } from "./seo.rest";

export const seoRouter = router(proceduresOf(seoOperations));

export const adminSeoRouter = router(proceduresOf(adminSeoOperations));
