// Building blocks of the REST answers' schemas (api/src/http/openapi.ts documents their output side;
// the API tests check every answer against the document). Handlers are typed by their input side.
import { z } from "zod";

/** An instant as sent: ISO 8601 text; the handler may still hold a Date (JSON.stringify writes the same text). */
export const instant = () =>
  z.codec(z.union([z.date(), z.string()]), z.iso.datetime({ offset: true }), {
    decode: (value) => (value instanceof Date ? value.toISOString() : value),
    encode: (text) => text,
  });

/** When a resource was created and last changed: what a sync filters on (updatedSince). */
export const changeTimes = () => ({ createdAt: instant(), updatedAt: instant() });

/** A calendar day, YYYY-MM-DD. */
export const day = () => z.iso.date();

/** Whole database ids and counts. */
export const int = () => z.number().int();

/** The answer of a change with nothing else to tell. */
export const okAnswer = z.object({ ok: z.literal(true) });

/** A downloaded file's body (its own content type: a PDF, an image). */
export const fileBody = z.string().describe("The file's bytes, with its content type and a Content-Disposition");

/** A CSV export's body (text/csv). */
export const csvText = z.string().describe("CSV, UTF-8, a header row then one row per record");
