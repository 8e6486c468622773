// The order's project documents (the signed contract and change orders, permits, plans, inspection
// reports): each with its size, date, SHA-256 and download link, a loud warning when its stored bytes no
// longer match that SHA-256, and a form to upload one (the customer sees it in their portal).
import { documentUploadQuery, type ProjectDocumentDto, UPLOADED_DOCUMENT_KINDS } from "@ch/contracts/projects";
import { useQuery } from "@tanstack/react-query";
import { LoadError } from "../../components/card";
import { InputField, SelectField } from "../../components/form";
import { Options } from "../../components/form-field";
import { formatDateTime } from "../../lib/format";
import { errorMessage, trpc } from "../../lib/trpc";
import { FileField, UploadForm, useUploadForm } from "./file-field";
import { fileInput, formatBytes, PROJECT_FILES, uploadProjectFile } from "./project-upload";

type Kind = ProjectDocumentDto["kind"];
type UploadKind = (typeof UPLOADED_DOCUMENT_KINDS)[number];

const KIND_LABELS: Record<Kind, string> = {
  contract: "Contract",
  change_order: "Change order",
  permit: "Permit",
  plan: "Plan",
  inspection: "Inspection report",
  other: "Other",
  attachment: "Message attachment",
};

const documentForm = documentUploadQuery.extend({ file: fileInput(PROJECT_FILES) });
type DocumentValues = { kind: UploadKind; title: string; file: File | null };

/** A stored file's download link, its size, and the warning when its bytes changed after storing. */
export function FileLink({ file }: { file: ProjectDocumentDto }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2">
      <a className="font-medium text-slate-900 underline" href={file.url} download={file.fileName}>
        {file.title}
      </a>
      <span className="text-xs text-slate-600">{formatBytes(file.bytes)}</span>
      {file.intact ? null : <NotIntact />}
    </span>
  );
}

function NotIntact() {
  return (
    <strong className="rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-300 ring-inset">
      ⚠ Changed since it was stored: do not rely on this file
    </strong>
  );
}

export function OrderDocuments({ orderId }: { orderId: number }) {
  const list = useQuery(trpc.projectFiles.documents.queryOptions({ id: orderId }));
  const documents = list.data?.documents ?? [];
  return (
    <section aria-labelledby="order-documents-title" className="space-y-3">
      <h3 id="order-documents-title" className="font-semibold text-slate-900">
        Documents
      </h3>
      {list.error ? <LoadError message={errorMessage(list.error, "The documents could not be loaded.")} /> : null}
      {list.isPending ? <p className="text-slate-600">Loading documents…</p> : null}
      {list.data && documents.length === 0 ? <p className="text-slate-600">No documents yet.</p> : null}
      {documents.length > 0 ? (
        <ul
          className="divide-y divide-slate-100 rounded-lg border border-slate-200"
          aria-label="Documents"
          data-testid="order-documents"
        >
          {documents.map((d) => (
            <li key={d.id} className={`space-y-1 p-3 ${d.intact ? "" : "bg-red-50"}`}>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <a className="font-medium text-slate-900 underline" href={d.url} download={d.fileName}>
                  {d.title}
                </a>
                <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700">
                  {KIND_LABELS[d.kind] ?? d.kind}
                </span>
                <span className="text-xs text-slate-600 tabular-nums">{formatBytes(d.bytes)}</span>
                <span className="text-xs text-slate-600">
                  {d.storedBy} · {formatDateTime(d.createdAt)}
                </span>
              </div>
              {d.intact ? null : (
                <p className="text-sm font-semibold text-red-800" data-testid="document-not-intact">
                  ⚠ This file&apos;s stored bytes no longer match their SHA-256: it was changed after it was stored. Do
                  not rely on it.
                </p>
              )}
              <p className="font-mono text-[11px] break-all text-slate-500">SHA-256 {d.sha256}</p>
            </li>
          ))}
        </ul>
      ) : null}
      <UploadDocument orderId={orderId} />
    </section>
  );
}

function UploadDocument({ orderId }: { orderId: number }) {
  const { control, submit, pending } = useUploadForm<DocumentValues, ProjectDocumentDto>({
    schema: documentForm,
    defaultValues: { kind: "permit", title: "", file: null },
    send: ({ kind, title, file }) =>
      uploadProjectFile(orderId, "documents", { kind, title: title.trim() }, file as File),
    list: trpc.projectFiles.documents.pathFilter(),
    done: (stored) => ({
      values: { kind: stored.kind as UploadKind, title: "", file: null },
      title: "Document Uploaded",
      description: `${stored.title} is in the customer's portal.`,
    }),
    failed: ["Upload Failed", "The document could not be uploaded"],
  });
  return (
    <UploadForm title="Upload a document" onSubmit={submit} pending={pending} submitLabel="Upload Document">
      <SelectField control={control} name="kind" label="Kind">
        <Options values={UPLOADED_DOCUMENT_KINDS} label={(k) => KIND_LABELS[k]} />
      </SelectField>
      <InputField control={control} name="title" label="Title" maxLength={200} required />
      <FileField control={control} name="file" label="Document file" rule={PROJECT_FILES} className="sm:col-span-2" />
    </UploadForm>
  );
}
