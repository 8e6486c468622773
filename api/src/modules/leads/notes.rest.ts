// The staff notes of a lead or an order: the same two operations under each one's own admin path, written to
// its timeline (leads.service.ts addNote, listNotes). `addNote` is also each one's tRPC procedure
// (leads.addNote, orders.addNote); the list is REST only (the back office reads notes with the details).
import { idParams, noteInput, noteList, noteResponse } from "@ch/contracts/admin";
import { route } from "../../http/route";
import { addNote, listNotes } from "./leads.service";

/** What the notes hang on, as the routes' paths, operation ids and texts name it. */
export interface NoteSubject {
  entityType: "order" | "enquiry";
  /** The subject's admin path with its id, e.g. /api/admin/orders/:id */
  url: string;
  tags: string[];
  /** In the operation ids: listOrderNotes, addOrderNote. */
  operationNoun: string;
  /** "lead", "order" */
  noun: string;
  /** "a lead", "an order" */
  aNoun: string;
}

const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** GET and POST <subject>/notes: the subject's staff notes (newest first) and a new one. */
export function staffNoteRoutes(subject: NoteSubject) {
  const { entityType, tags, noun } = subject;
  return {
    list: route({
      method: "GET",
      url: `${subject.url}/notes`,
      access: "admin",
      operationId: `list${subject.operationNoun}Notes`,
      summary: `${capitalized(subject.aNoun)}'s staff notes, newest first`,
      tags,
      params: idParams,
      response: noteList,
      errors: [404],
      answer: `[{ id, adminName, body, createdAt }]; 404 when the ${noun} is unknown`,
      handler: ({ deps, params }) => listNotes(deps.db, entityType, params.id),
    }),
    addNote: route({
      method: "POST",
      url: `${subject.url}/notes`,
      access: "admin",
      operationId: `add${subject.operationNoun}Note`,
      summary: `Add a staff note to ${subject.aNoun} (written to its timeline)`,
      tags,
      params: idParams,
      body: noteInput,
      successStatus: 201,
      idempotent: true,
      response: noteResponse,
      errors: [404],
      answer: `201 with the note; 404 when the ${noun} is unknown`,
      handler: ({ deps, params, body, admin }) => addNote(deps, admin!, entityType, params.id, body.body),
    }),
  };
}
