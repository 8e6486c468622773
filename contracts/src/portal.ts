// The customer's portal (issue 26): sign-in by an e-mailed single-use link, then the projects (orders)
// and proposals under that address. Money in the portal's own answers is the admin API's money form.
import { z } from "zod";
import { email, id, text } from "./fields";

export { type MessageDto, type MessageThreadDto, messageDto, messageInput, messageThreadDto } from "./messages";

import { changeOrderDto } from "./change-orders";
import { moneyDto } from "./money";
import { orderReceiptDto } from "./orders";
import { projectDocumentDto, projectPhotoDto } from "./projects";
import { instant, int } from "./responses";
import { warrantyClaimDto } from "./warranty";

/** A link lives 15 minutes; a session 30 days. */
export const PORTAL_LINK_TTL_MS = 15 * 60_000;
export const PORTAL_SESSION_TTL_MS = 30 * 86_400_000;
export const PORTAL_COOKIE = "ch_portal";

export const portalSignInInput = z.strictObject({ email: email() });
/** The same answer whatever the address: whether it has projects is not told. */
export const portalSignInAnswer = z.object({ ok: z.literal(true), message: z.string() });

export const portalSessionInput = z.strictObject({
  token: text(200)
    .pipe(z.string().regex(/^[A-Za-z0-9_-]{43}$/, "is not a portal link"))
    .meta({ examples: ["q7Vt2mXb9LkR4sWn0pYc3uEa8dHf6jZi1oGy5wQeTrU"] }),
});
export const portalSessionAnswer = z.object({ ok: z.literal(true), email: z.string() });

export const portalProjectParams = z.strictObject({
  orderNumber: text(40).pipe(z.string().regex(/^[A-Z0-9-]{4,40}$/, "is not an order number")),
});

export const portalDocumentParams = portalProjectParams.extend({ documentId: id() });

/** An order as the portal lists it. */
export const portalProjectSummary = z.object({
  orderNumber: z.string(),
  /** Staff messages the customer has not read yet. */
  unreadMessages: int(),
  stage: z.string(),
  productName: z.string(),
  total: moneyDto,
  paid: moneyDto,
  outstanding: moneyDto,
  createdAt: instant(),
});

/** A proposal sent to the address: its page is `/proposal/{token}`. */
export const portalProposalSummary = z.object({
  id: int(),
  status: z.string(),
  version: int(),
  total: moneyDto,
  validUntil: z.string(),
  orderNumber: z.string().nullable(),
  link: z.string().describe("The proposal's page on the storefront"),
});

export const portalProjectsDto = z.object({
  email: z.string(),
  projects: z.array(portalProjectSummary),
  proposals: z.array(portalProposalSummary),
});
export type PortalProjectsDto = z.infer<typeof portalProjectsDto>;

/** One project: the order-status page's receipt, its money in the money form, and its proposals. */
export const portalProjectDto = portalProjectSummary.extend({
  receipt: orderReceiptDto,
  proposals: z.array(portalProposalSummary),
  /** The signed contract and change orders, permits, plans and inspection reports, oldest first. */
  documents: z.array(projectDocumentDto),
  /** Progress photos, oldest first, each on its stage of the build. */
  photos: z.array(projectPhotoDto),
  /** Claims under the warranty, newest first; `warrantyEndsAt` is null until the home is completed. */
  warrantyClaims: z.array(warrantyClaimDto),
  warrantyEndsAt: instant().nullable(),
  /** Changes to the build after the contract, newest first: a pending one waits for the customer's signature. */
  changeOrders: z.array(changeOrderDto),
});
export type PortalProjectDto = z.infer<typeof portalProjectDto>;
