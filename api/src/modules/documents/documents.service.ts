// A project's files (project_documents): stored with the SHA-256 of their bytes, listed with whether the
// bytes still match it, and read back only for the order they belong to.
import { createHash } from "node:crypto";
import type { ProjectDocumentDto } from "@ch/contracts/projects";
import { type Executor, type ProjectDocumentKind, schema } from "@ch/db";
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { AppError, notFound } from "../../lib/errors";
import { bytesOf, documentKey, type ObjectStore, putThenRecord } from "../media";

const { projectDocuments } = schema;

export const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

export interface NewDocument {
  orderId: number;
  kind: ProjectDocumentKind;
  title: string;
  fileName: string;
  contentType: string;
  body: Uint8Array;
  storedBy: string;
}

/**
 * Stores the file's bytes in the media storage, then its row (in the caller's transaction). A storage that
 * cannot be reached answers 503 before any row is written. (A transaction rolled back afterwards leaves an
 * object no row names: unreachable, and harmless.)
 */
export async function storeDocument(
  db: Executor,
  store: ObjectStore,
  file: NewDocument,
): Promise<{ id: number; sha256: string }> {
  const sha256 = sha256Hex(file.body);
  const objectKey = documentKey(file.orderId, file.fileName);
  const [row] = await putThenRecord(store, [{ key: objectKey, body: file.body, contentType: file.contentType }], () =>
    db
      .insert(projectDocuments)
      .values({
        orderId: file.orderId,
        kind: file.kind,
        title: file.title,
        fileName: file.fileName,
        contentType: file.contentType,
        bytes: file.body.length,
        sha256,
        objectKey,
        storedBy: file.storedBy,
      })
      .returning({ id: projectDocuments.id }),
  );
  return { id: row!.id, sha256 };
}

type DocumentRow = typeof projectDocuments.$inferSelect;

/** A document whose stored bytes are gone or no longer hash to its SHA-256 is shown as not intact. */
const intactOf = (row: DocumentRow, body: Buffer | null) => body !== null && sha256Hex(body) === row.sha256;

async function documentDtos(store: ObjectStore, rows: DocumentRow[], url: (row: DocumentRow) => string) {
  const bodies = await Promise.all(rows.map((row) => bytesOf(store, row)));
  return rows.map((row, i) => documentDto(row, intactOf(row, bodies[i]!), url(row)));
}

function documentDto(row: DocumentRow, intact: boolean, url: string): ProjectDocumentDto {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    fileName: row.fileName,
    contentType: row.contentType,
    bytes: row.bytes,
    sha256: row.sha256,
    intact,
    storedBy: row.storedBy,
    createdAt: row.createdAt.toISOString(),
    url,
  };
}

/** The order's documents, oldest first (message attachments are listed with their messages). */
export async function listDocuments(
  db: Executor,
  store: ObjectStore,
  orderId: number,
  url: (id: number) => string,
): Promise<ProjectDocumentDto[]> {
  const rows = await db
    .select()
    .from(projectDocuments)
    .where(and(eq(projectDocuments.orderId, orderId), ne(projectDocuments.kind, "attachment")))
    .orderBy(asc(projectDocuments.id));
  return documentDtos(store, rows, (row) => url(row.id));
}

/**
 * Documents by id, for several orders in one query (a list of warranty claims' photos): `wanted` maps an
 * order to the ids asked for it; an id of another order is left out. Oldest first within each order.
 */
export async function documentsOfOrders(
  db: Executor,
  store: ObjectStore,
  wanted: ReadonlyMap<number, readonly number[]>,
  url: (orderId: number, id: number) => string,
): Promise<Map<number, ProjectDocumentDto[]>> {
  const found = new Map<number, ProjectDocumentDto[]>();
  const ids = [...wanted.values()].flat();
  if (ids.length === 0) return found;
  const rows = await db
    .select()
    .from(projectDocuments)
    .where(and(inArray(projectDocuments.id, ids), inArray(projectDocuments.orderId, [...wanted.keys()])))
    .orderBy(asc(projectDocuments.id));
  const asked = rows.filter((row) => wanted.get(row.orderId)?.includes(row.id));
  const dtos = await documentDtos(store, asked, (row) => url(row.orderId, row.id));
  asked.forEach((row, i) => {
    found.set(row.orderId, [...(found.get(row.orderId) ?? []), dtos[i]!]);
  });
  return found;
}

/** Documents by id within one order (a message's attachments); ids of another order are left out. */
export async function documentsByIds(
  db: Executor,
  store: ObjectStore,
  orderId: number,
  ids: number[],
  url: (id: number) => string,
) {
  return (await documentsOfOrders(db, store, new Map([[orderId, ids]]), (_, id) => url(id))).get(orderId) ?? [];
}

/** One document's file, for the order it belongs to only (404 otherwise, whoever asks). */
export async function readDocument(db: Executor, store: ObjectStore, orderId: number, id: number) {
  const [row] = await db
    .select()
    .from(projectDocuments)
    .where(and(eq(projectDocuments.id, id), eq(projectDocuments.orderId, orderId)))
    .limit(1);
  if (!row) throw notFound("Document not found");
  const body = await bytesOf(store, row);
  if (!body) throw notFound("The document's file is missing from the storage");
  return { fileName: row.fileName, contentType: row.contentType, body, intact: intactOf(row, body) };
}

/** Files an e-mail carries (the outbox keeps their ids, the worker reads them when it sends). */
export async function emailAttachments(db: Executor, store: ObjectStore, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db.select().from(projectDocuments).where(inArray(projectDocuments.id, ids));
  const bodies = await Promise.all(rows.map((row) => bytesOf(store, row)));
  return rows.flatMap((row, i) => {
    const content = bodies[i];
    return content ? [{ filename: row.fileName, contentType: row.contentType, content }] : [];
  });
}

const SIGNATURES: [type: string, extension: string, matches: (b: Buffer) => boolean][] = [
  ["application/pdf", "pdf", (b) => b.subarray(0, 5).toString("latin1") === "%PDF-"],
  ["image/jpeg", "jpg", (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ["image/png", "png", (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  [
    "image/webp",
    "webp",
    (b) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP",
  ],
];

/**
 * The declared type is only a claim: the file's first bytes must be a PDF or an image of that type (415
 * otherwise). Answers the extension its name gets.
 */
export function checkFileType(contentType: string, bytes: Buffer): string {
  const known = SIGNATURES.find(([type]) => type === contentType);
  if (!known?.[2](bytes)) {
    const actual = SIGNATURES.find(([, , matches]) => matches(bytes));
    throw new AppError(
      415,
      `The file is ${actual ? `a ${actual[1].toUpperCase()}` : "not a PDF, JPEG, PNG or WebP"}, not the ${contentType} it was sent as`,
    );
  }
  return known[1];
}

/** "Building permit" → "building-permit.pdf"; "Site photo.JPG" → "site-photo.jpg". */
export const fileNameOf = (title: string, extension: string) =>
  `${
    title
      .toLowerCase()
      .replace(/\.(pdf|jpe?g|png|webp)$/, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60) || "document"
  }.${extension}`;
