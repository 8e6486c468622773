// Fetch with the spec's error message: "<status>: <body text or status text>". Cookies always sent.
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

export async function http<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: "include",
    headers: body === undefined ? {} : { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return readAnswer<T>(res);
}

/** A response's body (JSON, else its text); a refusal is thrown as an HttpError carrying that body. */
export async function readAnswer<T>(res: Response): Promise<T> {
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  if (!res.ok) throw new HttpError(res.status, `${res.status}: ${text || res.statusText}`, parsed);
  return parsed as T;
}

/** The server's message from an error body, for toasts. */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof HttpError && error.body && typeof error.body === "object" && "message" in error.body) {
    return String((error.body as { message: unknown }).message);
  }
  return fallback;
}
