// A project's files and records after "yes" (issue 26): its documents (the signed contract and change
// orders, permits, plans, inspection reports), as the portal and the back office list them.

export {
  DOCUMENT_KINDS,
  type DocumentKind,
  PROJECT_FILE_MAX_BYTES,
  PROJECT_FILE_TYPES,
} from "./project-files";

import { z } from "zod";
import { id, requiredText } from "./fields";
import { DOCUMENT_KINDS } from "./project-files";
import { instant, int } from "./responses";
import { ORDER_STAGES } from "./stages";

export const projectDocumentDto = z.object({
  id: int(),
  kind: z.enum([...DOCUMENT_KINDS, "attachment"]),
  title: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  bytes: int(),
  /** The SHA-256 (hex) of the file as it was stored. */
  sha256: z.string(),
  /** Whether the stored bytes still have that SHA-256: false means the file changed after it was stored. */
  intact: z.boolean(),
  storedBy: z.string(),
  createdAt: instant(),
  /** Where the reader downloads it (the portal's or the back office's path). */
  url: z.string(),
});
export type ProjectDocumentDto = z.infer<typeof projectDocumentDto>;

/** Kinds staff upload (the contract and change orders are rendered by the API when they are signed). */
export const UPLOADED_DOCUMENT_KINDS = ["permit", "plan", "inspection", "other"] as const;

/** POST /api/admin/orders/{id}/documents?kind=…&title=…: the file is the body. */
export const documentUploadQuery = z.strictObject({
  kind: z.enum(UPLOADED_DOCUMENT_KINDS, { error: "must be permit, plan, inspection or other" }),
  title: requiredText(200, "title"),
});

/** POST …/attachments?name=…: the file's name as the sender knows it. */
export const attachmentQuery = z.strictObject({ name: requiredText(200, "name") });

export const orderDocumentParams = z.strictObject({ id: id(), documentId: id() });

export const projectDocumentsDto = z.object({ documents: z.array(projectDocumentDto) });

/** A progress photo on a stage of the build (the image pipeline's sizes: `url` has AVIF and WebP variants). */
export const projectPhotoDto = z.object({
  id: int(),
  stage: z.enum(ORDER_STAGES),
  caption: z.string(),
  url: z.string(),
  width: int(),
  height: int(),
  postedBy: z.string(),
  createdAt: instant(),
});
export type ProjectPhotoDto = z.infer<typeof projectPhotoDto>;

export const projectPhotosDto = z.object({ photos: z.array(projectPhotoDto) });

/** POST /api/admin/orders/{id}/photos?stage=…&caption=…: the image is the body. */
export const photoUploadQuery = z.strictObject({
  stage: z.enum(ORDER_STAGES, { error: "must be one of the build stages" }),
  caption: requiredText(300, "caption"),
});
