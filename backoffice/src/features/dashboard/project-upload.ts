// An order's project files go up as raw bodies (the file itself, sent as its own content type) to the
// order's REST paths: documents, progress photos and message attachments. One fetch for the three, the
// rules each path keeps (checked here first, so a wrong file is named before it is sent) and a form's file.
import { PROJECT_FILE_MAX_BYTES, PROJECT_FILE_TYPES } from "@ch/contracts/project-files";
import { z } from "zod";
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from "../../components/image-upload";
import { readAnswer } from "../../lib/http";

export interface FileRule {
  types: readonly string[];
  maxBytes: number;
  /** What may be sent, in words (the file field's hint and the refusal). */
  hint: string;
  kinds: string;
}

/** Documents and message attachments. */
export const PROJECT_FILES: FileRule = {
  types: PROJECT_FILE_TYPES,
  maxBytes: PROJECT_FILE_MAX_BYTES,
  hint: "PDF, JPEG, PNG or WebP, up to 10 MB.",
  kinds: "a PDF, JPEG, PNG or WebP file",
};

/** Progress photos: the image pipeline's. */
export const PHOTO_FILES: FileRule = {
  types: IMAGE_TYPES,
  maxBytes: IMAGE_MAX_BYTES,
  hint: "JPEG, PNG or WebP, up to 8 MB; stored as WebP.",
  kinds: "a JPEG, PNG or WebP image",
};

/** 1536 → "1.5 KB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** What is wrong with a file for a path, or null when it may be sent. */
export function fileProblem(file: File | null | undefined, rule: FileRule): string | null {
  if (!file) return "Choose a file.";
  if (!rule.types.includes(file.type)) return `${file.name} is not ${rule.kinds}.`;
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > rule.maxBytes) return `${file.name} is larger than ${formatBytes(rule.maxBytes)}.`;
  return null;
}

/** A form's file, checked against the path's rule (the field's message names the problem). */
export const fileInput = (rule: FileRule) =>
  z.custom<File | null>().superRefine((file, ctx) => {
    const problem = fileProblem(file, rule);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** Where the server names the body (an empty file), the form's file field shows it. */
export const toUploadField = (path: string) => (path === "body" ? "file" : path);

/**
 * POST /api/admin/orders/{orderId}/{to}?{query} with the file as the body: the answer (201), or an
 * HttpError carrying the problem body ({ message, issues }) for 400, 413 and 415.
 */
export async function uploadProjectFile<T>(
  orderId: number,
  to: "documents" | "photos" | "attachments",
  query: Record<string, string>,
  file: File,
): Promise<T> {
  const res = await fetch(`/api/admin/orders/${orderId}/${to}?${new URLSearchParams(query)}`, {
    method: "POST",
    credentials: "include",
    headers: { "content-type": file.type },
    body: file,
  });
  return readAnswer<T>(res);
}
