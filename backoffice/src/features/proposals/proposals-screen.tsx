// Proposals: the list, one proposal (latest figures, versions, the customer's change requests, the
// acceptance, Send), the editor (new, from a lead, or a new version) and the price lists.
import { useMutation, useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { Card, LoadError } from "../../components/card";
import { type Column, DataTable } from "../../components/data-table";
import { TableCard } from "../../components/list-card";
import { MutationButton } from "../../components/named-button";
import { formatDate, formatDateTime, humanize, formatCents as money } from "../../lib/format";
import { useToast } from "../../lib/toast";
import { errorMessage, queryClient, trpc } from "../../lib/trpc";
import { useAccount } from "../staff/use-account";
import { FunnelCard } from "./funnel-card";
import { draftScheduleOf, type EditorDraft, emptyDraft } from "./proposal-draft";
import { ProposalFigures } from "./proposal-figures";

// the forms (and the form layer) load when they are shown: editing, or the owner's price lists
const PriceLists = lazy(() => import("./price-lists").then((m) => ({ default: m.PriceLists })));
const LazyEditor = lazy(() => import("./proposal-editor").then((m) => ({ default: m.ProposalEditor })));
const ProposalEditor = (props: Parameters<typeof LazyEditor>[0]) => (
  <Suspense fallback={<p className="text-sm text-slate-600">Opening the editor…</p>}>
    <LazyEditor {...props} />
  </Suspense>
);

export interface ProposalsSearch {
  id?: number;
  edit?: boolean;
  lead?: number;
}

export function ProposalsScreen({ search }: { search: ProposalsSearch }) {
  const navigate = useNavigate();
  const go = (next: ProposalsSearch) => void navigate({ to: "/admin/proposals", search: next });
  if (search.edit && search.id) return <EditExisting id={search.id} onDone={(id) => go({ id })} />;
  if (search.edit) return <CreateNew lead={search.lead} onDone={(id) => go({ id })} onCancel={() => go({})} />;
  if (search.id)
    return <ProposalDetail id={search.id} onEdit={() => go({ id: search.id, edit: true })} onBack={() => go({})} />;
  return <ProposalList onOpen={(id) => go({ id })} onNew={() => go({ edit: true })} />;
}

type ListRow = NonNullable<ReturnType<typeof useList>["data"]>[number];
const useList = () => useQuery(trpc.proposals.list.queryOptions());

function ProposalList({ onOpen, onNew }: { onOpen: (id: number) => void; onNew: () => void }) {
  const list = useList();
  const account = useAccount();
  const columns: Column<ListRow>[] = [
    {
      header: "Customer",
      cell: (p) => (
        <button type="button" className="text-left font-medium text-amber-800 underline" onClick={() => onOpen(p.id)}>
          {p.customerName}
        </button>
      ),
    },
    { header: "State", cell: (p) => p.state },
    { header: "Status", cell: (p) => humanize(p.status) },
    { header: "Version", cell: (p) => p.currentVersion, numeric: true },
    { header: "Total", cell: (p) => money(p.totalCents), numeric: true },
    { header: "Valid until", cell: (p) => formatDate(`${p.validUntil}T12:00:00Z`) },
  ];
  return (
    <div className="space-y-6">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-bold text-slate-900">Proposals</h1>
        <button type="button" className="btn-primary" onClick={onNew}>
          New proposal
        </button>
      </div>
      <Card title="All proposals">
        {list.isError ? (
          <LoadError message={errorMessage(list.error, "The proposals could not be loaded")} />
        ) : (
          <DataTable
            label="Proposals"
            columns={columns}
            rows={list.data ?? []}
            rowKey={(p) => p.id}
            empty={list.isPending ? "Loading…" : "No proposals yet."}
          />
        )}
      </Card>
      <FunnelCard />
      {/* prices and taxes are the owner's to change (api/src/modules/access/access-policy.ts) */}
      {account.data?.role === "owner" && (
        <Suspense fallback={null}>
          <PriceLists />
        </Suspense>
      )}
    </div>
  );
}

function CreateNew({
  lead,
  onDone,
  onCancel,
}: {
  lead: number | undefined;
  onDone: (id: number) => void;
  onCancel: () => void;
}) {
  const contact = useQuery({ ...trpc.leads.details.queryOptions({ id: lead ?? 0 }), enabled: lead !== undefined });
  const lists = useQuery(trpc.proposals.priceLists.queryOptions());
  if (lead !== undefined && (contact.isPending || lists.isPending)) {
    return <p className="text-slate-600">Loading the lead…</p>;
  }
  const c = contact.data;
  // the product the lead asked about is the first line, when the catalog still offers it
  const asked = c?.productId ? lists.data?.products.find((p) => p.id === c.productId) : undefined;
  const initial = emptyDraft(
    c
      ? {
          enquiryId: c.id,
          customerName: `${c.firstName} ${c.lastName}`.trim(),
          email: c.email,
          phone: c.phone ?? "",
          ...(asked
            ? { lines: [{ kind: "product" as const, refId: String(asked.id), name: "", unitPrice: "", quantity: "1" }] }
            : {}),
        }
      : {},
  );
  return (
    <Card title={c ? `New proposal for ${initial.customerName} (lead #${c.id})` : "New proposal"}>
      <ProposalEditor id={null} initial={initial} onSaved={onDone} onCancel={onCancel} />
    </Card>
  );
}

function EditExisting({ id, onDone }: { id: number; onDone: (id: number) => void }) {
  const detail = useQuery(trpc.proposals.byId.queryOptions({ id }));
  if (detail.isPending) return <p className="text-slate-600">Loading…</p>;
  if (detail.isError) return <LoadError message={errorMessage(detail.error, "The proposal could not be loaded")} />;
  const p = detail.data;
  const v = p.versions[0]!;
  const draft: EditorDraft = emptyDraft({
    enquiryId: p.enquiryId,
    customerName: p.customerName,
    email: p.email,
    phone: p.phone ?? "",
    address: p.address,
    city: p.city,
    state: p.state,
    zipCode: p.zipCode,
    lines: v.lines.map((l) => ({
      kind: l.kind,
      refId: l.refId ? String(l.refId) : "",
      name: l.name,
      unitPrice: String(l.unitPriceCents / 100),
      quantity: String(l.quantity),
    })),
    deliveryBandId: v.deliveryBandId ? String(v.deliveryBandId) : "",
    discount: String(v.discountCents / 100),
    taxState: v.taxState,
    validUntil: v.validUntil,
    ...draftScheduleOf(v),
    terms: v.terms,
  });
  return (
    <Card title={`Edit proposal #${p.id}${v.sentAt ? ` (saving makes version ${p.currentVersion + 1})` : ""}`}>
      <ProposalEditor id={id} initial={draft} onSaved={onDone} onCancel={() => onDone(id)} />
    </Card>
  );
}

function ProposalDetail({ id, onEdit, onBack }: { id: number; onEdit: () => void; onBack: () => void }) {
  const toast = useToast();
  const detail = useQuery(trpc.proposals.byId.queryOptions({ id }));
  const me = useQuery(trpc.admin.me.queryOptions());
  const send = useMutation(
    trpc.proposals.send.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.proposals.byId.queryKey({ id }) });
        void queryClient.invalidateQueries({ queryKey: trpc.proposals.list.queryKey() });
        toast({ title: "Proposal sent to the customer" });
      },
      onError: (error) =>
        toast({ title: errorMessage(error, "The proposal could not be sent"), variant: "destructive" }),
    }),
  );
  if (detail.isPending) return <p className="text-slate-600">Loading…</p>;
  if (detail.isError) return <LoadError message={errorMessage(detail.error, "The proposal could not be loaded")} />;
  const p = detail.data;
  const current = p.versions[0]!;
  const link = `${me.data?.storefrontOrigin ?? ""}/proposal/${p.token}`;
  return (
    <div className="space-y-6">
      <button type="button" className="btn-ghost" onClick={onBack}>
        ← All proposals
      </button>
      <Card
        title={`Proposal #${p.id}: ${p.customerName}`}
        actions={
          p.status === "accepted" ? null : (
            <div className="flex gap-2">
              <button type="button" className="btn-secondary" onClick={onEdit}>
                {current.sentAt ? "Edit (new version)" : "Edit"}
              </button>
              <MutationButton className="btn-primary" mutation={send} input={{ id }}>
                {current.sentAt ? "Send again" : "Send to customer"}
              </MutationButton>
            </div>
          )
        }
      >
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="space-y-1 text-sm">
            <p>
              <strong>Status:</strong> <span data-testid="proposal-status">{humanize(p.status)}</span> · version{" "}
              {p.currentVersion}
            </p>
            <p>
              {p.email}
              {p.phone ? ` · ${p.phone}` : ""}
            </p>
            <p>{[p.address, p.city, p.state, p.zipCode].filter(Boolean).join(", ")}</p>
            <p>Valid until {formatDate(`${current.validUntil}T12:00:00Z`)}</p>
            {p.enquiryId ? <p>From lead #{p.enquiryId}</p> : null}
            {current.sentAt ? (
              <p>
                Customer link:{" "}
                <a className="break-all text-amber-800 underline" href={link} data-testid="proposal-link">
                  {link}
                </a>
              </p>
            ) : (
              <p className="text-slate-500">Not sent yet: the customer's link works once it is sent.</p>
            )}
            {p.acceptance ? (
              <p className="rounded bg-green-50 p-2 text-green-900">
                Accepted by {p.acceptance.fullName} on {formatDateTime(p.acceptance.acceptedAt)} (version{" "}
                {p.acceptance.version}, from {p.acceptance.ipAddress ?? "unknown address"})
                {p.orderNumber ? `: order ${p.orderNumber}` : ""}
              </p>
            ) : null}
          </div>
          <ProposalFigures v={current} />
        </div>
      </Card>
      <TableCard
        title="Change requests"
        rows={p.changeRequests}
        empty="The customer has not asked for changes."
        columns={[
          { header: "When", cell: (c) => formatDateTime(c.createdAt) },
          { header: "Version", cell: (c) => c.version, numeric: true },
          { header: "Message", cell: (c) => <span className="whitespace-pre-line">{c.message}</span> },
        ]}
      />
      <TableCard
        title="Versions"
        rows={p.versions}
        rowKey={(v) => v.version}
        empty="No versions."
        columns={[
          { header: "Version", cell: (v) => v.version, numeric: true },
          { header: "Total", cell: (v) => money(v.totalCents), numeric: true },
          {
            header: "Created",
            cell: (v) => `${formatDateTime(v.createdAt)}${v.createdBy ? ` by ${v.createdBy}` : ""}`,
          },
          { header: "Sent", cell: (v) => (v.sentAt ? formatDateTime(v.sentAt) : "not sent") },
        ]}
      />
    </div>
  );
}
