// Internal notes on an order or a lead, and the audit timeline of its changes.
import { noteInput } from "@ch/contracts/admin";
import type { QueryFilters } from "@tanstack/react-query";
import type { BaseSyntheticEvent, ReactNode } from "react";
import { type ApiForm, TextareaField, useApiForm } from "../../components/form";
import { SubmitButton } from "../../components/submit-button";
import { formatCents, formatDateTime, humanize, statusLabel } from "../../lib/format";
import { useFailureToast, useToast } from "../../lib/toast";
import { queryClient, trpc } from "../../lib/trpc";

export interface NoteView {
  id: number;
  adminName: string;
  body: string;
  createdAt: string;
}
export interface AuditView {
  id: number;
  adminName: string;
  action: string;
  detail: unknown;
  createdAt: string;
}

const ACTION_LABEL: Record<string, string> = {
  "order.create": "Order placed",
  "order.message": "Message",
  "order.stage": "Stage",
  "order.stage.undo": "Stage move undone",
  "payment.record": "Payment recorded",
  "payment.refund": "Refund recorded",
  "order.status": "Order status",
  "order.payment": "Payment status",
  "enquiry.status": "Contact status",
  "order.note": "Note added",
  "order.file_upload": "File uploaded",
  "order.photo_add": "Progress photo posted",
  "enquiry.note": "Note added",
};

export function describeChange(entry: { action: string; detail: unknown }): string {
  const label = ACTION_LABEL[entry.action] ?? entry.action;
  const d = (entry.detail ?? {}) as { from?: unknown; to?: unknown; amountCents?: unknown; method?: unknown };
  if (typeof d.from === "string" && typeof d.to === "string") {
    return `${label}: ${statusLabel(d.from)} → ${statusLabel(d.to)}`;
  }
  if (typeof d.amountCents === "number") {
    const method = typeof d.method === "string" ? ` (${humanize(d.method)})` : "";
    return `${label}: ${formatCents(d.amountCents)}${method}`;
  }
  return label;
}

export function Timeline({ created, entries }: { created: string; entries: AuditView[] }) {
  const ordered = [...entries].reverse();
  return (
    <ol className="space-y-2 border-l-2 border-slate-200 pl-4 text-sm">
      <li>
        <span className="font-medium text-slate-900">Received</span>{" "}
        <span className="text-slate-600">· {formatDateTime(created)}</span>
      </li>
      {ordered.map((e) => (
        <li key={e.id}>
          <span className="font-medium text-slate-900">{describeChange(e)}</span>{" "}
          <span className="text-slate-600">
            · {e.adminName} · {formatDateTime(e.createdAt)}
          </span>
        </li>
      ))}
    </ol>
  );
}

export function Notes({
  notes,
  pending,
  onAdd,
}: {
  notes: NoteView[];
  pending: boolean;
  onAdd: (body: string) => Promise<unknown>;
}) {
  const form = useApiForm<{ body: string }>({ schema: noteInput, defaultValues: { body: "" }, toasted: true });
  // the caller shows the failure toast; the text stays so nothing is lost
  const submit = form.submit(async (values) => {
    await onAdd(values.body.trim());
    form.reset();
  });
  return (
    <div>
      {notes.length === 0 ? (
        <p className="text-sm text-slate-600">No internal notes yet.</p>
      ) : (
        <ul className="space-y-2">
          {notes.map((n) => (
            <li key={n.id} className="rounded-md bg-slate-50 p-3 text-sm">
              <WrittenText body={n.body} by={n.adminName} at={n.createdAt} />
            </li>
          ))}
        </ul>
      )}
      <BodyForm form={form} onSubmit={submit} field="Add an internal note" maxLength={4000} pending={pending}>
        {{ label: "Add Note", pendingLabel: "Saving..." }}
      </BodyForm>
    </div>
  );
}

/** A note's or a message's text, then who wrote it and when. */
export function WrittenText({ body, by, at }: { body: string; by: string; at: string }) {
  return (
    <>
      <p className="whitespace-pre-wrap text-slate-900">{body}</p>
      <p className="mt-1 text-xs text-slate-600">
        {by} · {formatDateTime(at)}
      </p>
    </>
  );
}

/**
 * A text to send (a note, a message): the field, what goes with it (`extra`: a message's files), and its
 * button while there is something to send.
 */
export function BodyForm({
  form,
  onSubmit,
  field,
  maxLength,
  pending,
  extra,
  children,
}: {
  form: ApiForm<{ body: string }>;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  field: string;
  maxLength: number;
  pending: boolean;
  extra?: ReactNode;
  children: { label: string; pendingLabel: string };
}) {
  const body = form.watch("body");
  return (
    <form onSubmit={onSubmit} className="mt-3">
      <TextareaField control={form.control} name="body" label={field} rows={3} maxLength={maxLength} />
      {extra}
      <SubmitButton className="btn-primary mt-2" pending={pending} disabled={!body.trim()} {...children} />
    </form>
  );
}

/** An add-note mutation's callbacks: the record (`details`) and the audit read again, a toast either way. */
export function useNoteAdded(details: QueryFilters) {
  const toast = useToast();
  const failed = useFailureToast();
  return {
    onSuccess: async () => {
      await queryClient.invalidateQueries(details);
      await queryClient.invalidateQueries(trpc.admin.audit.pathFilter());
      toast({ title: "Note Added", description: "The internal note was saved." });
    },
    onError: failed("Note Not Saved", "The note was not saved"),
  };
}

/** A record's history at the foot of its details: the changes (notes apart), then its internal notes. */
export function RecordHistory({
  record,
  addNote,
}: {
  record: { id: number; createdAt: string; timeline: AuditView[]; notes: NoteView[] };
  addNote: { isPending: boolean; mutateAsync: (input: { id: number; body: string }) => Promise<unknown> };
}) {
  return (
    <>
      <div>
        <h3 className="mb-2 font-semibold text-slate-900">Timeline</h3>
        <Timeline created={record.createdAt} entries={record.timeline.filter((e) => !e.action.endsWith(".note"))} />
      </div>
      <div>
        <h3 className="mb-2 font-semibold text-slate-900">Internal notes</h3>
        <Notes
          notes={record.notes}
          pending={addNote.isPending}
          onAdd={(body) => addNote.mutateAsync({ id: record.id, body })}
        />
      </div>
    </>
  );
}
