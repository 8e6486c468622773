// The document's word on API keys, held to it per operation (issue 25 item 2): every admin operation
// states the scopes a key needs (`security: [{ session: [] }, { apiKey: [...] }]`, and "API key scope: …"
// in its description) or that no key may call it (session only). For each one, a key with exactly those
// scopes gets past authorization (whatever its empty body then earns: 400, 404…), a key of another
// domain is refused with 403 naming what it lacks, and a session-only operation refuses every key.
import type { ApiKeyScope } from "@ch/contracts/api-keys";
import { describe, expect, it } from "vitest";
import { apiDocument } from "../src/api-document";
import { loadEnv } from "../src/env";
import { HTTP_METHODS } from "../src/http/reference-page";
import { type TestApps, useSignedInApps } from "./harness";
import { createApiKey } from "./staff-requests";

let apps: TestApps;
let cookie: string;

useSignedInApps({ env: { API_KEY_RATE_LIMIT: "100000" }, timeoutMs: 120_000 }, (signedIn) => {
  ({ apps, cookie } = signedIn);
});

interface Operation {
  operationId: string;
  description?: string;
  security: Record<string, string[]>[];
  "x-api-key-scopes"?: string[];
}

const document = apiDocument(loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" }));
const adminOperations = Object.entries(document.paths)
  .filter(([path]) => path.startsWith("/api/admin/"))
  .flatMap(([path, item]) =>
    Object.entries(item as Record<string, Operation>)
      .filter(([method]) => HTTP_METHODS.has(method))
      .map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  )
  // sign-in, setup and the like: a person's steps, no credentials at all
  .filter(({ op }) => op.security.length > 0);

const declaredScopes = (op: Operation) =>
  op.security.some((s) => "apiKey" in s) ? (op["x-api-key-scopes"] ?? []) : null;

/** A URL of the path with sample parameters (a row that may not exist: 404 is past authorization too). */
const urlOf = (path: string) => path.replace("{txHash}", "a".repeat(64)).replace(/\{[A-Za-z]+\}/g, "1");

const call = (method: string, path: string, key: string) =>
  apps.backoffice.inject({
    method: method as "GET",
    url: urlOf(path),
    ...(method === "GET" || method === "DELETE"
      ? { headers: { authorization: `Bearer ${key}` } }
      : { headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, payload: "{}" }),
  });

/** Another domain's read scope than any of these: what a key of the wrong domain holds. */
function otherScope(scopes: readonly string[]): ApiKeyScope {
  const domains = new Set(scopes.map((s) => s.split(":")[0]));
  const other = ["catalog", "leads", "webhooks", "orders"].find((d) => !domains.has(d))!;
  return `${other}:read` as ApiKeyScope;
}

describe("every admin operation states the key scope it needs, and keeps to it", () => {
  it("states it in the document: scopes for a key, or that no key may call it", () => {
    expect(adminOperations.length).toBeGreaterThan(80);
    for (const { path, method, op } of adminOperations) {
      const scopes = declaredScopes(op);
      if (scopes === null) expect(op.description ?? "", `${method} ${path}`).toContain("Not open to API keys");
      else {
        expect(scopes.length, `${method} ${path}`).toBeGreaterThan(0);
        if (op.operationId !== "uploadMedia") expect(op.description, `${method} ${path}`).toContain("API key scope:");
      }
    }
  });

  it("answers a key with the declared scopes, refuses one without them (403 naming them) and keys where none may", async () => {
    const keys = new Map<string, string>();
    const keyFor = async (scopes: readonly string[]) => {
      const name = [...scopes].sort().join(" ");
      let key = keys.get(name);
      if (!key) {
        key = await createApiKey(apps, cookie, scopes);
        keys.set(name, key);
      }
      return key;
    };
    const wrong: string[] = [];
    for (const { path, method, op } of adminOperations) {
      const scopes = declaredScopes(op);
      const label = `${method} ${path}`;
      if (scopes === null) {
        const res = await call(method, path, await keyFor(["orders:write", "leads:write", "webhooks:write"]));
        if (res.statusCode !== 403) wrong.push(`${label}: a key got ${res.statusCode}, not 403`);
        continue;
      }
      const allowed = await call(method, path, await keyFor(scopes));
      if (allowed.statusCode === 401 || allowed.statusCode === 403) {
        wrong.push(`${label}: a key with ${scopes.join(", ")} got ${allowed.statusCode}: ${allowed.body}`);
      }
      const refused = await call(method, path, await keyFor([otherScope(scopes)]));
      const missing = (refused.json() as { missingScopes?: string[] }).missingScopes ?? [];
      if (refused.statusCode !== 403 || [...missing].sort().join() !== [...scopes].sort().join()) {
        wrong.push(`${label}: a key without ${scopes.join(", ")} got ${refused.statusCode} ${refused.body}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
