import type { AdminContactDto, AdminContactSort } from "@ch/contracts/admin";
import { CONTACT_STATUSES } from "@ch/contracts/constants";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Column } from "../../components/data-table";
import { StatusSelect } from "../../components/status-select";
import { budgetLabel, leadName, projectTypeLabel, sourceLabel } from "../../lib/labels";
import { trpc } from "../../lib/trpc";
import { ContactDetailsDialog } from "./contact-details-dialog";
import { ListTable, PAGED, useListState } from "./list-table";
import { useStatusMutations } from "./use-status-mutations";

export function ContactsTab() {
  const list = useListState<AdminContactSort>();
  const contacts = useInfiniteQuery({
    ...trpc.leads.list.infiniteQueryOptions(list.input, PAGED.next),
    ...PAGED.query,
  });
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
  ];

  return (
    <ListTable
      label="Contacts"
      intro="Every lead in one inbox: contact forms, quote and call requests, ROI results sent by e-mail and chat messages."
      list={list}
      query={contacts}
      columns={columns}
      view={{ label: "View Message", name: (c) => `from ${leadName(c)}`, onOpen: setOpenId }}
      rowTestId={(c) => `contact-row-${c.id}`}
      statuses={CONTACT_STATUSES}
    >
      <ContactDetailsDialog id={openId} onClose={() => setOpenId(null)} />
    </ListTable>
  );
}
