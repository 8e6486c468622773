import { CONTACT_STATUSES } from "@ch/api/contracts/constants";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useDeferredValue, useState } from "react";
import { EmptyState, LoadError } from "../../components/card";
import { StatusSelect } from "../../components/status-select";
import { formatDate } from "../../lib/format";
import { budgetLabel, leadName, projectTypeLabel, sourceLabel } from "../../lib/labels";
import { errorMessage, trpc } from "../../lib/trpc";
import { ContactDetailsDialog } from "./contact-details-dialog";
import { ListFilters, listParams } from "./list-filters";
import { STATS_REFRESH_MS } from "./refresh";
import { useStatusMutations } from "./use-status-mutations";

export function ContactsTab() {
  const [q, setQ] = useState("");
  const [status, setStatus] = useState("");
  const deferredQ = useDeferredValue(q);
  const params = listParams(deferredQ, status);
  const contacts = useQuery({
    ...trpc.leads.list.queryOptions(params.input),
    placeholderData: keepPreviousData,
    refetchInterval: STATS_REFRESH_MS,
  });
  const { contactStatus } = useStatusMutations();
  const [openId, setOpenId] = useState<number | null>(null);

  return (
    <section aria-labelledby="contacts-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="contacts-heading" className="text-base font-semibold text-slate-900">
        Contacts
      </h2>
      <p className="mb-4 text-sm text-slate-600">
        Every lead in one inbox: contact forms, quote and call requests, ROI results sent by e-mail and chat messages.
      </p>
      <ListFilters
        idPrefix="contacts"
        searchLabel="Search contacts"
        q={q}
        status={status}
        statuses={CONTACT_STATUSES}
        onQ={setQ}
        onStatus={setStatus}
        exportHref={`/api/admin/contacts.csv${params.search}`}
      />
      {contacts.error && <LoadError message={errorMessage(contacts.error, "Contacts could not be loaded.")} />}
      {contacts.data && contacts.data.length === 0 && <EmptyState>No contacts match.</EmptyState>}
      {contacts.data && contacts.data.length > 0 && (
        <div className="table-wrap">
          <table className="data-table stack-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Source</th>
                <th scope="col">Project Type</th>
                <th scope="col">Budget</th>
                <th scope="col">Status</th>
                <th scope="col">Date</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {contacts.data.map((c) => {
                const name = leadName(c);
                return (
                  <tr key={c.id} data-testid={`contact-row-${c.id}`}>
                    <td className="stack-title font-medium text-slate-900">{name}</td>
                    <td data-label="Email">{c.email || "—"}</td>
                    <td data-label="Source">
                      <span className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-800">
                        {sourceLabel(c.source)}
                      </span>
                    </td>
                    <td data-label="Project type">{c.projectType ? projectTypeLabel(c.projectType) : "N/A"}</td>
                    <td data-label="Budget">{c.budget ? budgetLabel(c.budget) : "N/A"}</td>
                    <td data-label="Status" className="stack-first">
                      <StatusSelect
                        label={`Status for ${name}`}
                        value={c.status}
                        options={CONTACT_STATUSES}
                        disabled={contactStatus.isPending}
                        onChange={(value) =>
                          contactStatus.mutate({ id: c.id, status: value as (typeof CONTACT_STATUSES)[number] })
                        }
                      />
                    </td>
                    <td data-label="Date" className="whitespace-nowrap">
                      {formatDate(c.createdAt)}
                    </td>
                    <td data-label="Actions">
                      <button type="button" className="btn-secondary py-1" onClick={() => setOpenId(c.id)}>
                        View Message<span className="sr-only"> from {name}</span>
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <ContactDetailsDialog id={openId} onClose={() => setOpenId(null)} />
    </section>
  );
}
