// A small HTTP client over node:http with an explicit keep-alive agent and a time limit per request.
import http from "node:http";

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
  startedAt: number;
}

export function request(
  url: string,
  options: {
    method?: string;
    body?: unknown;
    headers?: Record<string, string>;
    agent?: http.Agent;
    timeoutMs?: number;
  } = {},
): Promise<Answer> {
  const startedAt = Date.now();
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: options.method ?? (payload ? "POST" : "GET"),
        agent: options.agent ?? false,
        headers: {
          ...(payload
            ? { "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) }
            : {}),
          ...options.headers,
        },
        timeout: options.timeoutMs ?? 10_000,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c) => {
          body += c;
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, ms: Date.now() - startedAt, startedAt }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer within ${options.timeoutMs ?? 10_000} ms`)));
    req.on("error", (error) => reject(Object.assign(error, { startedAt })));
    if (payload) req.write(payload);
    req.end();
  });
}

/** The first product in stock of those the storefront at `base` lists: its id and price, for an order body. */
export async function productInStock(base: string): Promise<{ id: number; price: number }> {
  const products = JSON.parse((await request(`${base}/api/products`)).body) as {
    id: number;
    price: number;
    inStock: boolean;
  }[];
  return products.find((p) => p.inStock)!;
}

/** Runs `count` tasks with at most `concurrency` at a time. */
export async function pool<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A Bot API on loopback that answers every message at once and keeps each request body, in order. */
export async function startTelegramSink(port: number): Promise<{ server: http.Server; messages: string[] }> {
  const messages: string[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      messages.push(body);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ ok: true, result: { message_id: messages.length } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { server, messages };
}
