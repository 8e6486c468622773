// The API key a request presents (modules/api-keys checks it): read by the REST admin check (route.ts)
// and by tRPC, which refuses keys (trpc/trpc.ts).

/** The key an `Authorization` header carries, when it uses the Bearer scheme; undefined otherwise. */
export function bearerToken(authorization: string | string[] | undefined): string | undefined {
  if (typeof authorization !== "string") return undefined;
  const match = /^Bearer(?:\s+(.*))?$/i.exec(authorization.trim());
  return match ? (match[1] ?? "").trim() : undefined;
}
