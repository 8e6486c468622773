// Warranty claims (issue 26): opened by the customer in the portal after completion, worked by staff.
import { z } from "zod";
import { cursorParam, id, listLimit, requiredText, text } from "./fields";
import { MESSAGE_ATTACHMENTS_MAX, WARRANTY_CLAIM_STATUSES } from "./project-files";
import { projectDocumentDto } from "./projects";
import { instant, int } from "./responses";

export { WARRANTY_CLAIM_STATUSES, type WarrantyClaimStatus } from "./project-files";

/** POST /api/portal/projects/{orderNumber}/warranty-claims: what is wrong, with photos uploaded first (ids). */
export const warrantyClaimInput = z.strictObject({
  description: requiredText(4000, "description").pipe(z.string().min(10, "say what is wrong, where and since when")),
  photos: z.array(id()).max(MESSAGE_ATTACHMENTS_MAX, `at most ${MESSAGE_ATTACHMENTS_MAX} photos`).default([]),
});

export const warrantyClaimDto = z.object({
  id: int(),
  orderId: int(),
  orderNumber: z.string(),
  customerName: z.string(),
  description: z.string(),
  photos: z.array(projectDocumentDto),
  status: z.enum(WARRANTY_CLAIM_STATUSES),
  /** What staff last told the customer. */
  staffNote: z.string().nullable(),
  createdAt: instant(),
  updatedAt: instant(),
});
export type WarrantyClaimDto = z.infer<typeof warrantyClaimDto>;

export const warrantyClaimsDto = z.object({ claims: z.array(warrantyClaimDto) });

/** GET /api/admin/warranty-claims: a status, and a cursor from the previous page's `Link` header (500 a page unless `limit`). */
export const warrantyClaimListQuery = z.strictObject({
  status: z.enum(WARRANTY_CLAIM_STATUSES, { error: "must be open, in_progress, resolved or declined" }).optional(),
  cursor: cursorParam.optional(),
  limit: listLimit(),
});

/** PATCH /api/admin/warranty-claims/{id}: the new status and what the customer is told (e-mailed). */
export const warrantyClaimUpdate = z.strictObject({
  status: z.enum(WARRANTY_CLAIM_STATUSES, { error: "must be open, in_progress, resolved or declined" }),
  note: text(2000).default(""),
});
