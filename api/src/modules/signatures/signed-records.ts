// Files a signed record: renders its PDF, stores it as a project document with its SHA-256, and e-mails
// it to the signer and to the business, in the signing's own transaction (the record exists exactly when
// the signature does).
import type { Executor, ProjectDocumentKind } from "@ch/db";
import type { Deps } from "../../lib/deps";
import { storeDocument } from "../documents";
import { objectStoreOf } from "../media";
import { composeEmail, enqueue, portalBlock } from "../notifications";
import { settingsIn, siteUrlOf } from "../settings";
import { renderSignedRecord, type SignedRecord } from "./signed-record-pdf";

export interface FiledRecord {
  orderId: number;
  kind: Extract<ProjectDocumentKind, "contract" | "change_order">;
  /** The e-mail's subject and the document's title: "Your signed contract for order CH-…". */
  title: string;
  fileName: string;
  record: SignedRecord;
}

export async function fileSignedRecord(tx: Executor, deps: Deps, filed: FiledRecord) {
  const pdf = await renderSignedRecord(filed.record);
  const { id, sha256 } = await storeDocument(tx, objectStoreOf(deps.env), {
    orderId: filed.orderId,
    kind: filed.kind,
    title: filed.record.title,
    fileName: filed.fileName,
    contentType: "application/pdf",
    body: pdf,
    storedBy: "system",
  });
  const { company } = await settingsIn(tx, deps);
  const signer = filed.record.signature;
  const fingerprint = `Its SHA-256 fingerprint is ${sha256}: the copy we keep is checked against it.`;
  await enqueue(tx, deps.env, [
    {
      channel: "email",
      kind: `${filed.kind}_signed`,
      recipient: signer.email,
      subject: filed.title,
      ...composeEmail(company, [
        `Hello ${signer.fullName},`,
        `${filed.record.title} is attached as a PDF, with the page that records your signature.`,
        fingerprint,
        portalBlock(siteUrlOf(deps.env)),
      ]),
      entityType: "document",
      entityId: id,
      attachments: [id],
    },
    {
      channel: "email",
      kind: `${filed.kind}_signed_copy`,
      recipient: company.email,
      subject: `Signed: ${filed.record.title}`,
      ...composeEmail(company, [
        `${signer.fullName} (${signer.email}) signed ${filed.record.title}. The PDF is attached.`,
        fingerprint,
      ]),
      entityType: "document",
      entityId: id,
      attachments: [id],
    },
  ]);
  return { documentId: id, sha256, bytes: pdf.length };
}
