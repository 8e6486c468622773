// What a project's files may be: plain values (no zod), so the storefront's portal carries them alone.

export const DOCUMENT_KINDS = ["contract", "change_order", "permit", "plan", "inspection", "other"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** What staff may upload as a document, and either side attach to a message: PDF and images, up to 10 MB. */
export const PROJECT_FILE_TYPES = ["application/pdf", "image/jpeg", "image/png", "image/webp"] as const;
export const PROJECT_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** At most this many files with one message. */
export const MESSAGE_ATTACHMENTS_MAX = 5;

export const WARRANTY_CLAIM_STATUSES = ["open", "in_progress", "resolved", "declined"] as const;
export type WarrantyClaimStatus = (typeof WARRANTY_CLAIM_STATUSES)[number];
export const WARRANTY_CLAIM_STATUS_LABELS: Record<WarrantyClaimStatus, string> = {
  open: "Received",
  in_progress: "Being worked on",
  resolved: "Resolved",
  declined: "Not covered",
};
