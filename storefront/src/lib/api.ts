// Plain fetch to the documented REST paths, for what the storefront does not yet ask through tRPC: its
// writes and the client-only pages' reads (the public reads go through ./trpc.ts).
// Errors follow the old client's shape, "<status>: <body or statusText>", and keep the parsed body.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** The server's JSON error message, when there is one. */
export function serverMessage(error: unknown): string | null {
  if (error instanceof ApiError && error.body && typeof error.body === "object" && "message" in error.body) {
    const message = (error.body as { message: unknown }).message;
    return typeof message === "string" ? message : null;
  }
  return null;
}

async function raise(res: Response): Promise<never> {
  const text = (await res.text().catch(() => "")) || res.statusText;
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  throw new ApiError(res.status, body, `${res.status}: ${text}`);
}

/** How the server-side render reads GET paths: in-process, never over HTTP (see entry-server.tsx). */
export type ServerGet = (path: string) => Promise<unknown>;
let serverGet: ServerGet | null = null;

/** Server only: route the app's GET reads through the API's own services. */
export function setServerGet(get: ServerGet): void {
  serverGet = get;
}

export async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  if (serverGet && method === "GET") return (await serverGet(path)) as T;
  const res = await fetch(path, {
    method,
    credentials: "include",
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) await raise(res);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

export const getJson = <T>(path: string) => request<T>("GET", path);
export const postJson = <T>(path: string, body: unknown, headers?: Record<string, string>) =>
  request<T>("POST", path, body, headers);
