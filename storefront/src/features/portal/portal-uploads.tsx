// Files the customer sends: uploaded to the project's thread first (the raw file as the body), then named
// by id in a message or a warranty claim.
import { PROJECT_FILE_MAX_BYTES, PROJECT_FILE_TYPES } from "@ch/contracts/project-files";
import type { ProjectDocumentDto } from "@ch/contracts/projects";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { fileSize } from "./portal-format";

/** Uploads one file to the thread (the raw file as the body); the message then names it by id. */
async function uploadAttachment(orderNumber: string, file: File): Promise<ProjectDocumentDto> {
  if (!(PROJECT_FILE_TYPES as readonly string[]).includes(file.type)) {
    throw new Error("Please attach a PDF, JPEG, PNG or WebP file.");
  }
  if (file.size > PROJECT_FILE_MAX_BYTES) throw new Error("This file is over 10 MB: please send a smaller one.");
  const res = await fetch(`/api/portal/projects/${orderNumber}/attachments?name=${encodeURIComponent(file.name)}`, {
    method: "POST",
    headers: { "content-type": file.type },
    body: file,
    credentials: "same-origin",
  });
  const answer = await res.json();
  if (!res.ok) throw new Error(answer.message ?? "We couldn't attach this file.");
  return answer as ProjectDocumentDto;
}

/** The files uploaded for a form not sent yet: `add` uploads one, `clear` after sending; errors go to `onError`. */
export function usePendingFiles(orderNumber: string, onError: (message: string) => void) {
  const [files, setFiles] = useState<ProjectDocumentDto[]>([]);
  const upload = useMutation({
    mutationFn: (file: File) => uploadAttachment(orderNumber, file),
    onSuccess: (stored) => setFiles((now) => [...now, stored]),
    onError: (e) => onError(e instanceof Error ? e.message : "We couldn't attach this file."),
  });
  /** Takes back a file not sent: it is deleted, not only dropped from the list. */
  const remove = async (id: number) => {
    const res = await fetch(`/api/portal/projects/${orderNumber}/attachments/${id}`, {
      method: "DELETE",
      credentials: "same-origin",
    });
    if (res.ok || res.status === 404) setFiles((now) => now.filter((f) => f.id !== id));
    else onError("We couldn't remove this file. Please try again.");
  };
  return {
    files,
    ids: files.map((f) => f.id),
    add: upload.mutate,
    remove,
    uploading: upload.isPending,
    clear: () => setFiles([]),
  };
}

/** The files about to be sent, each with a button that takes it back. */
export function PendingFiles({ pending }: { pending: ReturnType<typeof usePendingFiles> }) {
  if (pending.files.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2 text-xs" aria-label="Files to send">
      {pending.files.map((f) => (
        <li key={f.id} className="flex items-center gap-1 rounded-full bg-slate-100 px-2 py-1">
          {f.fileName} ({fileSize(f.bytes)})
          <button
            type="button"
            className="rounded-full px-1 text-slate-700 hover:bg-slate-200"
            aria-label={`Remove ${f.fileName}`}
            onClick={() => void pending.remove(f.id)}
          >
            ✕
          </button>
        </li>
      ))}
    </ul>
  );
}

export function FileInput({
  label,
  accept,
  pending,
  disabled = false,
}: {
  label: string;
  accept: readonly string[];
  pending: ReturnType<typeof usePendingFiles>;
  disabled?: boolean;
}) {
  return (
    <label className="text-sm text-slate-700">
      {label}
      <input
        type="file"
        accept={accept.join(",")}
        className="mt-1 block text-sm"
        disabled={pending.uploading || disabled}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) pending.add(file);
        }}
      />
    </label>
  );
}

export function AttachmentLinks({ files }: { files: ProjectDocumentDto[] }) {
  if (files.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2 text-xs">
      {files.map((f) => (
        <li key={f.id}>
          <a href={f.url} download={f.fileName} className="rounded-full bg-white px-2 py-1 text-amber-800 underline">
            {f.fileName} ({fileSize(f.bytes)})
          </a>
        </li>
      ))}
    </ul>
  );
}
