// The compressed forms (brotli, gzip) of JSON bodies the read cache keeps: made once per kept body on
// first use and dropped with it, so a cached read is compressed once, not per request. Bodies not kept
// are compressed as they are sent. Compression runs on libuv's thread pool (the event loop keeps serving).
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";

/** Answers smaller than this go as they are (compression would save little and cost a round of CPU). */
export const COMPRESS_MIN_BYTES = 1024;

export type Encoding = "br" | "gzip";
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The best encoding the client accepts for a generated page: brotli, then gzip, else none. */
export function pickEncoding(acceptEncoding: string | string[] | undefined): "br" | "gzip" | null {
  const header = (Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : (acceptEncoding ?? "")).toLowerCase();
  const accepts = (name: string) =>
    header.split(",").some((part) => {
      const [token, ...params] = part.trim().split(";");
      if (token?.trim() !== name) return false;
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find((v) => v !== undefined);
      return q === undefined || Number(q) > 0;
    });
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return null;
}

interface KeptForms {
  made: Partial<Record<Encoding, Promise<Buffer>>>;
  /** The forms already made, for callers that cannot wait (http/cached-answers.ts). */
  ready: Partial<Record<Encoding, Buffer>>;
}

/** The compressed forms of cached bodies, made on first use and dropped with the body. */
const forms = new WeakMap<Buffer, KeptForms>();

/** Marks a body the caller keeps and sends again: its compressed forms are made once and kept with it. */
export function keepCompressedForms(body: Buffer): Buffer {
  if (body.length >= COMPRESS_MIN_BYTES && !forms.has(body)) forms.set(body, { made: {}, ready: {} });
  return body;
}

function compress(body: Buffer | string, encoding: Encoding, kept: boolean): Promise<Buffer> {
  const size = Buffer.byteLength(body);
  if (encoding === "gzip") return gzipAsync(body, { level: kept ? 9 : 6 });
  // a kept body is compressed once, so it can afford a denser setting than one made per request
  // (up to 256 KB: brotli 9 on megabytes would hold a thread-pool thread for seconds)
  const quality = kept && size <= 256 * 1024 ? 9 : kept ? 6 : 4;
  return brotliAsync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: size } });
}

/** The body in `encoding`: from the kept forms for a cached body, else compressed now. */
export function compressedBody(body: Buffer | string, encoding: Encoding): Promise<Buffer> {
  const kept = typeof body === "string" ? undefined : forms.get(body);
  if (!kept) return compress(body, encoding, false);
  kept.made[encoding] ??= compress(body, encoding, true).then((form) => {
    kept.ready[encoding] = form;
    return form;
  });
  return kept.made[encoding];
}

/** A kept body's form in `encoding` if it has been made already (else undefined: not waited for). */
export function readyCompressedBody(body: Buffer, encoding: Encoding): Buffer | undefined {
  return forms.get(body)?.ready[encoding];
}
