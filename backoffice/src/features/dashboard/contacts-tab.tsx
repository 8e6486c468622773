import type { AdminContactDto, AdminContactSort } from "@ch/api/contracts/admin";
import { CONTACT_STATUSES } from "@ch/api/contracts/constants";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useDeferredValue, useState } from "react";
import { LoadError } from "../../components/card";
import { type Column, DataTable, type SortingState } from "../../components/data-table";
import { StatusSelect } from "../../components/status-select";
import { formatDate } from "../../lib/format";
import { budgetLabel, leadName, projectTypeLabel, sourceLabel } from "../../lib/labels";
import { errorMessage, trpc } from "../../lib/trpc";
import { ContactDetailsDialog } from "./contact-details-dialog";
import { LIST_PAGE_SIZE, ListFilters, listParams } from "./list-filters";
import { STATS_REFRESH_MS } from "./refresh";
import { useStatusMutations } from "./use-status-mutations";

const NEWEST_FIRST: SortingState = [{ id: "createdAt", desc: true }];

export function ContactsTab() {
  const [q, setQ] = useState("");
  const [status, setStatus] = useState("");
  const [sorting, setSorting] = useState<SortingState>(NEWEST_FIRST);
  const deferredQ = useDeferredValue(q);
  const params = listParams(deferredQ, status);
  const sort = (sorting[0] ?? NEWEST_FIRST[0]) as AdminContactSort;
  const contacts = useInfiniteQuery({
    ...trpc.leads.list.infiniteQueryOptions(
      { ...params.input, sort, limit: LIST_PAGE_SIZE },
      { getNextPageParam: (last) => last.nextCursor ?? undefined },
    ),
    placeholderData: keepPreviousData,
    refetchInterval: STATS_REFRESH_MS,
  });
  const rows = contacts.data?.pages.flatMap((p) => p.items) ?? [];
  const { contactStatus } = useStatusMutations();
  const [openId, setOpenId] = useState<number | null>(null);

  const columns: Column<AdminContactDto>[] = [
    {
      id: "name",
      header: "Name",
      sortable: true,
      hideable: false,
      stack: "title",
      className: "font-medium text-slate-900",
      cell: (c) => leadName(c),
    },
    { header: "Email", cell: (c) => c.email || "—" },
    {
      header: "Source",
      cell: (c) => (
        <span className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-800">{sourceLabel(c.source)}</span>
      ),
    },
    { header: "Project Type", cell: (c) => (c.projectType ? projectTypeLabel(c.projectType) : "N/A") },
    { header: "Budget", cell: (c) => (c.budget ? budgetLabel(c.budget) : "N/A") },
    {
      header: "Status",
      stack: "first",
      cell: (c) => (
        <StatusSelect
          label={`Status for ${leadName(c)}`}
          value={c.status}
          options={CONTACT_STATUSES}
          disabled={contactStatus.isPending}
          onChange={(value) => contactStatus.mutate({ id: c.id, status: value as (typeof CONTACT_STATUSES)[number] })}
        />
      ),
    },
    {
      id: "createdAt",
      header: "Date",
      sortable: true,
      sortDescFirst: true,
      className: "whitespace-nowrap",
      cell: (c) => formatDate(c.createdAt),
    },
    {
      header: "Actions",
      hideable: false,
      cell: (c) => (
        <button type="button" className="btn-secondary py-1" onClick={() => setOpenId(c.id)}>
          View Message<span className="sr-only"> from {leadName(c)}</span>
        </button>
      ),
    },
  ];

  return (
    <section aria-labelledby="contacts-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="contacts-heading" className="text-base font-semibold text-slate-900">
        Contacts
      </h2>
      <p className="mb-4 text-sm text-slate-600">
        Every lead in one inbox: contact forms, quote and call requests, ROI results sent by e-mail and chat messages.
      </p>
      {contacts.error && <LoadError message={errorMessage(contacts.error, "Contacts could not be loaded.")} />}
      <DataTable
        label="Contacts"
        columns={columns}
        rows={rows}
        rowKey={(c) => c.id}
        rowTestId={(c) => `contact-row-${c.id}`}
        empty={contacts.isPending ? "Loading contacts…" : "No contacts match."}
        stacked
        sorting={sorting}
        onSortingChange={setSorting}
        more={{
          hasMore: contacts.hasNextPage,
          loading: contacts.isFetchingNextPage,
          onMore: () => void contacts.fetchNextPage(),
        }}
        filters={
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
        }
      />
      <ContactDetailsDialog id={openId} onClose={() => setOpenId(null)} />
    </section>
  );
}
