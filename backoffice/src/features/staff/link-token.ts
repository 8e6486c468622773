// E-mailed links carry their token after "#token=", so it never reaches a server log or a Referer.
export function tokenFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, "")).get("token") ?? "";
}
