// A project's messages: one thread per order, the customer writing in the portal and staff on the order
// page. Its own module, so the back office's order screen carries these schemas alone.
import { z } from "zod";
import { id, text } from "./fields";
import { MESSAGE_ATTACHMENTS_MAX } from "./project-files";
import { projectDocumentDto } from "./projects";
import { instant, int } from "./responses";

export { MESSAGE_ATTACHMENTS_MAX };

/** A message: its text, its files, or both (a photo alone may say enough). */
export const messageInput = z
  .strictObject({
    body: text(5000).default(""),
    /** Files uploaded first to the thread's attachments path (their ids), images or PDFs. */
    attachments: z.array(id()).max(MESSAGE_ATTACHMENTS_MAX, `at most ${MESSAGE_ATTACHMENTS_MAX} files`).default([]),
  })
  .refine((m) => m.body.length > 0 || m.attachments.length > 0, {
    message: "message is required (or attach a file)",
    path: ["body"],
  });

export const messageDto = z.object({
  id: int(),
  author: z.enum(["customer", "staff"]),
  /** Who wrote it: the customer's name, or the member of staff's. */
  authorName: z.string(),
  body: z.string(),
  attachments: z.array(projectDocumentDto),
  createdAt: instant(),
  /** When the other side first read it; null while unread. */
  readAt: instant().nullable(),
});
export type MessageDto = z.infer<typeof messageDto>;

/** A project's thread, oldest first; `unread`: the other side's messages this reader had not read yet. */
export const messageThreadDto = z.object({ messages: z.array(messageDto), unread: int() });
export type MessageThreadDto = z.infer<typeof messageThreadDto>;
