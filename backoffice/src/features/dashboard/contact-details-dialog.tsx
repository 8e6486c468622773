import { useMutation, useQuery } from "@tanstack/react-query";
import { StatusBadge } from "../../components/badge";
import { formatDateTime } from "../../lib/format";
import { budgetLabel, leadName, projectTypeLabel, sourceLabel } from "../../lib/labels";
import { trpc } from "../../lib/trpc";
import { RecordHistory, useNoteAdded } from "./notes";
import { RecordDialog } from "./record-dialog";

export function ContactDetailsDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const details = useQuery({ ...trpc.leads.details.queryOptions({ id: id ?? 0 }), enabled: id !== null });
  const addNote = useMutation(trpc.leads.addNote.mutationOptions(useNoteAdded(trpc.leads.details.pathFilter())));
  return (
    <RecordDialog
      open={id !== null}
      onClose={onClose}
      details={details}
      title={(c) => (c ? `Message from ${leadName(c)}` : "Message")}
      loadError="The message could not be loaded."
    >
      {(c) => (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge value={c.status} />
            <span className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-800">{sourceLabel(c.source)}</span>
            <span className="text-slate-600">Received {formatDateTime(c.createdAt)}</span>
            <a className="btn-primary ml-auto" href={`/admin/proposals?edit=true&lead=${c.id}`}>
              Create proposal
            </a>
          </div>
          <div>
            <h3 className="font-semibold text-slate-900">Message</h3>
            <p className="mt-1 rounded-md bg-slate-50 p-3 whitespace-pre-wrap text-slate-900">
              {c.message || "(no message)"}
            </p>
          </div>
          <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
            <Detail
              label="Email"
              value={
                c.email ? (
                  <a className="underline" href={`mailto:${c.email}`}>
                    {c.email}
                  </a>
                ) : (
                  "—"
                )
              }
            />
            <Detail label="Phone" value={c.phone ?? "—"} />
            <Detail label="Source" value={sourceLabel(c.source)} />
            <Detail label="Product" value={c.productName ?? "—"} />
            <Detail label="Preferred time" value={c.preferredTime ?? "—"} />
            <Detail label="Project type" value={c.projectType ? projectTypeLabel(c.projectType) : "N/A"} />
            <Detail label="Budget" value={c.budget ? budgetLabel(c.budget) : "N/A"} />
            <Detail label="Delivery to" value={[c.deliveryState, c.deliveryZip].filter(Boolean).join(" ") || "—"} />
          </dl>
          <RecordHistory record={c} addNote={addNote} />
        </>
      )}
    </RecordDialog>
  );
}

function Detail({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-slate-900">{value}</dd>
    </div>
  );
}
