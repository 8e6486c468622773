// The portal's tRPC procedures, made from its declared operations (portal.rest.ts).
import { proceduresOf } from "../../trpc/operations";
import { router } from "../../trpc/trpc";
import { adminMessageOperations, portalOperations } from "./portal.rest";
import { portalChangeOrderOperations } from "./portal-change-orders.rest";
import { adminProjectReadOperations } from "./project-files.rest";
import { adminWarrantyOperations, portalWarrantyOperations } from "./warranty.rest";

export const portalRouter = router({
  ...proceduresOf(portalOperations),
  ...proceduresOf(portalWarrantyOperations),
  ...proceduresOf(portalChangeOrderOperations),
});
export const adminMessagesRouter = router(proceduresOf(adminMessageOperations));
export const adminProjectFilesRouter = router(proceduresOf(adminProjectReadOperations));
export const adminWarrantyRouter = router(proceduresOf(adminWarrantyOperations));
