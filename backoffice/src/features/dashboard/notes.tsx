// Internal notes on an order or a lead, and the audit timeline of its changes.
import { noteInput } from "@ch/contracts/admin";
import type { QueryFilters } from "@tanstack/react-query";
import { TextareaField, useApiForm } from "../../components/form";
import { SubmitButton } from "../../components/submit-button";
import { formatDateTime, formatUsd, humanize, statusLabel } from "../../lib/format";
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
  "order.stage": "Stage",
  "order.stage.undo": "Stage move undone",
  "payment.record": "Payment recorded",
  "payment.refund": "Refund recorded",
  "order.status": "Order status",
  "order.payment": "Payment status",
  "enquiry.status": "Contact status",
  "order.note": "Note added",
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
    return `${label}: ${formatUsd(d.amountCents / 100)}${method}`;
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
  const body = form.watch("body");
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
              <p className="whitespace-pre-wrap text-slate-900">{n.body}</p>
              <p className="mt-1 text-xs text-slate-600">
                {n.adminName} · {formatDateTime(n.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="mt-3">
        <TextareaField control={form.control} name="body" label="Add an internal note" rows={3} maxLength={4000} />
        <SubmitButton
          className="btn-primary mt-2"
          pending={pending}
          disabled={!body.trim()}
          label="Add Note"
          pendingLabel="Saving..."
        />
      </form>
    </div>
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
