// One HTTP attempt of a webhook delivery: a POST with a hard time limit for the whole exchange, no
// redirect following (a 3xx is a failed attempt), the DNS lookup of url-policy.ts, and at most
// EXCERPT_BYTES of the answer kept for the back office.
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";

export const EXCERPT_BYTES = 1024;

export interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  responseExcerpt: string | null;
  error: string | null;
}

export interface PostOptions {
  url: URL;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  lookup?: LookupFunction | undefined;
  signal?: AbortSignal | undefined;
  now?: () => number;
}

export function postWebhook(options: PostOptions): Promise<AttemptResult> {
  const now = options.now ?? (() => performance.now());
  const started = now();
  const elapsed = () => Math.max(0, Math.round(now() - started));
  const client = options.url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<AttemptResult, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      resolve({ ...result, durationMs: elapsed() });
    };
    const request = client.request(
      options.url,
      {
        method: "POST",
        headers: { ...options.headers, "content-length": String(Buffer.byteLength(options.body)) },
        agent: false,
        ...(options.lookup ? { lookup: options.lookup } : {}),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let kept = 0;
        const done = () => {
          const excerpt = Buffer.concat(chunks).toString("utf8");
          const ok = status >= 200 && status < 300;
          let error: string | null = null;
          if (status >= 300 && status < 400) {
            error = `redirect not followed (${status}${response.headers.location ? ` to ${response.headers.location}` : ""})`;
          } else if (!ok) error = `answered ${status}`;
          finish({ ok, statusCode: status, responseExcerpt: excerpt || null, error });
          response.destroy();
        };
        response.on("data", (chunk: Buffer) => {
          if (kept < EXCERPT_BYTES) {
            const part = chunk.subarray(0, EXCERPT_BYTES - kept);
            chunks.push(part);
            kept += part.length;
          }
          // the rest of a long answer is not needed
          if (kept >= EXCERPT_BYTES) done();
        });
        response.on("end", done);
        response.on("error", done);
      },
    );
    const fail = (message: string) => {
      finish({ ok: false, statusCode: null, responseExcerpt: null, error: message });
      request.destroy();
    };
    const timer = setTimeout(() => fail(`timed out after ${options.timeoutMs} ms`), options.timeoutMs);
    const onAbort = () => fail("cancelled: the worker is stopping");
    options.signal?.addEventListener("abort", onAbort, { once: true });
    request.on("error", (error: NodeJS.ErrnoException) => fail(error.code ? `${error.message}` : String(error)));
    request.end(options.body);
  });
}
