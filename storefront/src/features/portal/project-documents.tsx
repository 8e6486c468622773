// The project's documents: the signed contract and change orders, permits, plans and inspection reports.
// Each shows its SHA-256 fingerprint; a file whose stored bytes no longer match it says so.
import type { ProjectDocumentDto } from "@ch/contracts/projects";
import { documentKindLabel, fileSize } from "./portal-format";
import { PortalSection } from "./portal-section";

export default function ProjectDocuments({ documents }: { documents: ProjectDocumentDto[] }) {
  return (
    <PortalSection id="documents-title" title="Documents">
      {documents.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No documents yet: your signed contract and permits appear here.</p>
      ) : (
        <ul className="mt-3 grid gap-3" data-testid="project-documents">
          {documents.map((d) => (
            <li key={d.id} className="rounded-2xl border border-slate-200 p-3 text-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <a href={d.url} download={d.fileName} className="font-medium text-amber-800 underline">
                  {d.title}
                </a>
                <span className="text-xs text-slate-600">
                  {documentKindLabel(d.kind)} · {fileSize(d.bytes)} ·{" "}
                  {new Date(d.createdAt).toLocaleDateString("en-US", { dateStyle: "medium" })}
                </span>
              </div>
              <p className="mt-1 break-all font-mono text-xs text-slate-600" title="SHA-256 fingerprint">
                SHA-256 {d.sha256}
              </p>
              {d.intact ? null : (
                <p role="alert" className="mt-2 rounded-lg bg-red-50 p-2 text-xs font-medium text-red-800">
                  This file has changed since it was stored: it no longer matches its fingerprint. Please tell us, and
                  keep the copy we e-mailed you.
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </PortalSection>
  );
}
