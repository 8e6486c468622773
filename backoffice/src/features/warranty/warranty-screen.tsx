// Warranty claims (sales and owner): what customers reported in their portal after completion, with their
// photos. Staff move a claim to another status with a note; the customer is e-mailed both
// (warrantyClaims.list / warrantyClaims.update; issue 26).
import {
  WARRANTY_CLAIM_STATUS_LABELS,
  WARRANTY_CLAIM_STATUSES,
  type WarrantyClaimStatus,
} from "@ch/contracts/project-files";
import { type WarrantyClaimDto, warrantyClaimUpdate } from "@ch/contracts/warranty";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { StatusBadge } from "../../components/badge";
import { Card } from "../../components/card";
import type { Column } from "../../components/data-table";
import { SelectField, TextareaField, useApiForm } from "../../components/form";
import { FormDialog } from "../../components/form-dialog";
import { Options, SelectBox } from "../../components/form-field";
import { QueryTable } from "../../components/list-card";
import { PageHeader } from "../../components/page-header";
import { formatDateTime } from "../../lib/format";
import { useFailureToast, useToast } from "../../lib/toast";
import { queryClient, trpc } from "../../lib/trpc";

/** What staff call each status (the customer's words are WARRANTY_CLAIM_STATUS_LABELS). */
const STATUS_NAMES: Record<WarrantyClaimStatus, string> = {
  open: "Open",
  in_progress: "In progress",
  resolved: "Resolved",
  declined: "Declined",
};
const FILTERS = [...WARRANTY_CLAIM_STATUSES, "all"] as const;
type Filter = (typeof FILTERS)[number];

export function WarrantyScreen() {
  const [status, setStatus] = useState<Filter>("open");
  const [updating, setUpdating] = useState<WarrantyClaimDto | null>(null);
  const list = useQuery(trpc.warrantyClaims.list.queryOptions(status === "all" ? {} : { status }));

  const columns: Column<WarrantyClaimDto>[] = [
    {
      header: "Customer",
      stack: "title",
      cell: (c) => <span className="font-medium text-slate-900">{c.customerName}</span>,
    },
    { header: "Order", cell: (c) => <span className="font-mono">{c.orderNumber}</span> },
    { header: "Opened", cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.createdAt)}</span> },
    {
      header: "Status",
      cell: (c) => (
        <div className="space-y-1">
          <StatusBadge value={c.status} />
          {c.staffNote ? (
            <p className="max-w-64 text-xs whitespace-pre-line text-slate-600">Told the customer: {c.staffNote}</p>
          ) : null}
        </div>
      ),
    },
    {
      header: "Description",
      cell: (c) => <p className="max-w-80 text-sm whitespace-pre-line">{c.description}</p>,
    },
    { header: "Photos", cell: (c) => <ClaimPhotos claim={c} /> },
    {
      header: "Action",
      hideable: false,
      cell: (c) => (
        <button
          type="button"
          className="btn-secondary"
          onClick={() => setUpdating(c)}
          aria-label={`Update claim ${c.id} of ${c.customerName}`}
        >
          Update…
        </button>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      <PageHeader
        title="Warranty claims"
        description="What customers reported in their portal after their home was completed. Change a claim's status with a note: the customer is e-mailed both."
        descriptionClassName="max-w-3xl"
      />
      <Card title="Claims">
        <SelectBox
          id="warranty-status"
          label="Show claims"
          className="mb-4 sm:w-56"
          value={status}
          onChange={(v) => setStatus(v as Filter)}
        >
          <Options values={FILTERS} label={(f) => (f === "all" ? "All claims" : STATUS_NAMES[f])} />
        </SelectBox>
        <QueryTable
          query={list}
          rows={list.data?.claims}
          loadError="The warranty claims could not be loaded."
          loading="Loading claims…"
          columns={columns}
          rowKey={(c) => c.id}
          rowTestId={(c) => `warranty-claim-${c.id}`}
          label="Warranty claims"
          stacked
          empty={status === "all" ? "No warranty claims yet." : `No ${STATUS_NAMES[status].toLowerCase()} claims.`}
        />
      </Card>
      {updating ? <UpdateDialog claim={updating} onClose={() => setUpdating(null)} /> : null}
    </div>
  );
}

/** The claim's photos as thumbnails, each opening the file. */
function ClaimPhotos({ claim }: { claim: WarrantyClaimDto }) {
  if (claim.photos.length === 0) return <span className="text-slate-600">None</span>;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={`Photos of claim ${claim.id}`}>
      {claim.photos.map((p) => (
        <li key={p.id}>
          <a href={p.url} target="_blank" rel="noreferrer" className="block" title={p.title}>
            {p.contentType.startsWith("image/") ? (
              <img
                src={p.url}
                alt={p.title}
                width={64}
                height={48}
                loading="lazy"
                className="h-12 w-16 rounded border border-slate-200 bg-slate-100 object-cover"
              />
            ) : (
              <span className="underline">{p.title}</span>
            )}
          </a>
        </li>
      ))}
    </ul>
  );
}

type UpdateValues = { status: WarrantyClaimStatus; note: string };

function UpdateDialog({ claim, onClose }: { claim: WarrantyClaimDto; onClose: () => void }) {
  const toast = useToast();
  const failed = useFailureToast();
  const form = useApiForm<UpdateValues>({
    schema: warrantyClaimUpdate,
    defaultValues: { status: claim.status, note: "" },
    toasted: true,
  });
  const update = useMutation(
    trpc.warrantyClaims.update.mutationOptions({
      onSuccess: async (changed) => {
        await queryClient.invalidateQueries(trpc.warrantyClaims.list.pathFilter());
        toast({
          title: "Claim Updated",
          description: `${changed.customerName} is e-mailed: “${WARRANTY_CLAIM_STATUS_LABELS[changed.status]}”.`,
        });
        onClose();
      },
      onError: failed("Not Updated", "The claim was not updated"),
    }),
  );
  const submit = form.submit(({ status, note }) => update.mutateAsync({ id: claim.id, status, note: note.trim() }));
  const chosen = form.watch("status");
  return (
    <FormDialog
      onClose={onClose}
      title={`Warranty claim of ${claim.customerName}`}
      onSubmit={submit}
      noValidate
      form={form}
      button={["Save and e-mail", "Saving…"]}
    >
      <p className="text-sm text-slate-700">
        Order <span className="font-mono">{claim.orderNumber}</span>, opened {formatDateTime(claim.createdAt)}:
      </p>
      <p className="rounded-md bg-slate-50 p-2 text-sm whitespace-pre-line">{claim.description}</p>
      <SelectField
        control={form.control}
        name="status"
        label="Status"
        hint={`The customer sees “${WARRANTY_CLAIM_STATUS_LABELS[chosen] ?? chosen}”.`}
      >
        <Options values={WARRANTY_CLAIM_STATUSES} label={(s) => STATUS_NAMES[s]} />
      </SelectField>
      <TextareaField
        control={form.control}
        name="note"
        label="Note to the customer"
        hint="E-mailed with the new status and kept on the claim."
        rows={4}
        maxLength={2000}
      />
    </FormDialog>
  );
}
