// The OpenAPI document as a contract (issue 16 item 1): built from the route list, complete, current
// on disk (api/openapi.json, which the example client and redocly read), and strict enough that the
// answer check of every API test (test/contract.ts) catches a wrong answer.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEFAULT_DOCUMENT_FILE, documentText } from "../scripts/openapi";
import { apiDocument } from "../src/api-document";
import { loadEnv } from "../src/env";
import { HTTP_METHODS, referencePage } from "../src/http/reference-page";
import { allRoutes } from "../src/routes";
import { checkAnswer, checkWebhookPayload } from "./contract";
import { startTestApps } from "./harness";

const document = apiDocument(loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" }));
type Operation = {
  operationId: string;
  tags: string[];
  summary: string;
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
};
const operations = Object.entries(document.paths).flatMap(([path, ops]) =>
  Object.entries(ops as Record<string, Operation>)
    .filter(([method]) => HTTP_METHODS.has(method))
    .map(([method, op]) => ({ path, method, op })),
);

describe("the OpenAPI document", () => {
  it("has one operation per route, each with a unique operationId and a response schema", () => {
    for (const spec of allRoutes) {
      expect(spec.operationId, `${spec.method} ${spec.url}`).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(spec.response, `${spec.method} ${spec.url}`).toBeDefined();
    }
    const ids = operations.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    // every route, plus the media upload (a plugin of its own)
    expect(operations.length).toBe(allRoutes.length + 1);
  });

  it("declares security on every operation: none on public paths, session or API key on admin ones", () => {
    for (const { path, method, op } of operations) {
      expect(Array.isArray(op.security), `${method} ${path}`).toBe(true);
      // a session, and a key with the scopes the path needs, or a session alone (key-scopes-contract.test.ts)
      if (path.startsWith("/api/admin/") && op.security!.length > 0) {
        expect(op.security![0]).toEqual({ session: [] });
        expect(op.security!.slice(1), `${method} ${path}`).toEqual(op.security!.length === 2 ? [{ apiKey: [] }] : []);
        // the scopes a key needs, in the operation's extension (none there when no key may call it)
        const scopes = (op as Record<string, unknown>)["x-api-key-scopes"];
        if (op.security!.length === 2) {
          expect(scopes, `${method} ${path}`).toEqual(
            expect.arrayContaining([expect.stringMatching(/^[a-z]+:(read|write)$/)]),
          );
        } else expect(scopes, `${method} ${path}`).toBeUndefined();
      }
    }
    const adminRoutes = allRoutes.filter((r) => r.access === "admin");
    expect(adminRoutes.length).toBeGreaterThan(0);
    for (const spec of adminRoutes) {
      const op = (document.paths as Record<string, Record<string, Operation>>)[
        spec.url.replace(/:([A-Za-z]+)/g, "{$1}")
      ]![spec.method.toLowerCase()]!;
      expect(op.security![0], spec.url).toEqual({ session: [] });
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(["401", "403", "429"]));
    }
  });

  it("gives every success answer a schema and every error the shared Error shape", () => {
    for (const { path, method, op } of operations) {
      const statuses = Object.keys(op.responses);
      expect(
        statuses.some((s) => s.startsWith("2")),
        `${method} ${path}`,
      ).toBe(true);
      expect(
        statuses.some((s) => s.startsWith("4")),
        `${method} ${path}`,
      ).toBe(true);
      for (const [status, answer] of Object.entries(op.responses)) {
        if (status === "304") continue; // not modified: no body
        const media = Object.values(answer.content ?? {});
        expect(media.length, `${method} ${path} ${status}`).toBeGreaterThan(0);
        for (const m of media) expect(m.schema, `${method} ${path} ${status}`).toBeDefined();
        if (!status.startsWith("2")) {
          // the shared Error shape, or that shape with the fields a route adds (errorFields)
          const schema = answer.content?.["application/problem+json"]?.schema as { $ref?: string; allOf?: unknown[] };
          expect(schema.$ref ?? schema.allOf?.[0], `${method} ${path} ${status}`).toEqual(
            schema.$ref ? "#/components/schemas/Error" : { $ref: "#/components/schemas/Error" },
          );
        }
      }
    }
  });

  it("declares the CSV exports as text/csv", () => {
    const exports = operations.filter((o) => o.path.endsWith(".csv"));
    expect(exports.map((o) => o.op.operationId).sort()).toEqual(["exportContactsCsv", "exportOrdersCsv"]);
    for (const { op } of exports) {
      expect(Object.keys(op.responses["200"]!.content!)).toEqual(["text/csv"]);
      expect(op.responses["200"]!.content!["text/csv"]!.schema).toMatchObject({ type: "string" });
    }
  });

  it("carries zod's rules into the request schemas (formats, lengths, bounds)", () => {
    // the contact form's body is a shared schema, named once in components
    expect(at(document.paths, "/api/contact", "post", "requestBody", "content", "application/json", "schema")).toEqual({
      $ref: "#/components/schemas/ContactInput",
    });
    expect(at(document.components, "schemas", "ContactInput", "properties", "email")).toMatchObject({
      format: "email",
      maxLength: 254,
    });
    expect(at(document.paths, "/api/products/{id}", "get", "parameters", "0")).toMatchObject({
      name: "id",
      in: "path",
      required: true,
      schema: { minimum: 1 },
    });
  });

  it("names the shared schemas once and refers to them from every operation and webhook", () => {
    const schemas = document.components.schemas as Record<string, unknown>;
    for (const name of ["Product", "AdminOrder", "OrderReceipt", "Invoice", "ProposalDetail", "WebhookEndpoint"]) {
      expect(schemas[name], name).toBeDefined();
    }
    const text = JSON.stringify(document);
    expect(text).not.toContain("$defs");
    // every reference names a schema that exists, and every named schema is used
    const refs = new Set([...text.matchAll(/"#\/components\/schemas\/([A-Za-z]+)"/g)].map((m) => m[1]!));
    for (const ref of refs) expect(schemas[ref], ref).toBeDefined();
    for (const name of Object.keys(schemas)) expect(refs.has(name), name).toBe(true);
    expect(
      at(document.paths, "/api/products/{id}", "get", "responses", "200", "content", "application/json", "schema"),
    ).toEqual({
      $ref: "#/components/schemas/Product",
    });
  });

  it("leaves the answers' objects open to added fields, and closes them for the tests' checks", () => {
    const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" });
    const closed = apiDocument(env, "closed");
    const product = (doc: typeof document) =>
      (doc.components.schemas as Record<string, Record<string, unknown>>).Product!;
    expect(product(document).additionalProperties).toBeUndefined();
    expect(product(closed).additionalProperties).toBe(false);
    // a request body stays closed in both: an unknown field is refused (400)
    const input = (doc: typeof document) =>
      (doc.components.schemas as Record<string, Record<string, unknown>>).ContactInput!;
    expect(input(document).additionalProperties).toBe(false);
    expect(input(closed).additionalProperties).toBe(false);
  });

  it("gives every operation and webhook an example that its own schema accepts (closed, as the tests check)", () => {
    type Media = Record<string, { example?: unknown }>;
    let checked = 0;
    for (const { path, method, op } of operations) {
      const routeUrl = path.replace(/\{([A-Za-z]+)\}/g, ":$1");
      for (const [status, answer] of Object.entries(op.responses)) {
        const json = (answer.content as Media | undefined)?.["application/json"];
        if (!status.startsWith("2") || !json) continue;
        expect(json.example, `${method} ${path} ${status}`).toBeDefined();
        const body = Buffer.from(JSON.stringify(json.example));
        const violations = checkAnswer({
          method: method.toUpperCase(),
          routeUrl,
          status: Number(status),
          contentType: "application/json",
          body,
        });
        expect(violations, `${method} ${path} ${status}`).toEqual([]);
        checked++;
      }
      const request = (op as { requestBody?: { content?: Media } }).requestBody?.content?.["application/json"];
      if (request) expect(request.example, `${method} ${path} body`).toBeDefined();
    }
    expect(checked).toBeGreaterThan(100);
    const webhooks = document.webhooks as Record<string, { post: { requestBody: { content: Media } } }>;
    for (const [type, entry] of Object.entries(webhooks)) {
      const example = entry.post.requestBody.content["application/json"]!.example as { type: string };
      expect(example.type, type).toBe(type);
      expect(checkWebhookPayload(example), type).toEqual([]);
    }
  });

  it("names each path's server: admin paths on the back-office origin, the rest on the storefront's", () => {
    for (const [path, item] of Object.entries(document.paths)) {
      const servers = (item as { servers?: { url: string }[] }).servers;
      expect(
        servers?.map((s) => s.url),
        path,
      ).toEqual([path.startsWith("/api/admin/") ? "{backoffice}" : "{storefront}"]);
    }
  });

  it("lists every tag it uses, with a description", () => {
    const declared = new Map(document.tags.map((t) => [t.name, t.description]));
    for (const { op } of operations) for (const tag of op.tags) expect(declared.get(tag), tag).toBeTruthy();
  });

  it("is current on disk (api/openapi.json: run `npx tsx api/scripts/openapi.ts` after changing a route)", () => {
    expect(readFileSync(DEFAULT_DOCUMENT_FILE, "utf8") === documentText()).toBe(true);
  });

  it("renders the reference page with each operation's security and answer schemas", () => {
    const html = referencePage(document);
    expect(html).toContain('id="listProducts"');
    expect(html).toContain("<b>Security:</b> session cookie or API key");
    expect(html).toContain("200 body (text/csv)");
  });
});

/** A value deep inside the document (JSON read by keys). */
function at(value: unknown, ...keys: string[]): unknown {
  return keys.reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], value);
}

describe("the webhook payload check of the API tests", () => {
  it("accepts a payload of the document's shape and names what is wrong in another", () => {
    const good = {
      type: "product.deleted",
      timestamp: "2026-11-28T10:00:00.000Z",
      data: { id: 7, deletedAt: "2026-11-28T10:00:00.000Z", addedLater: true },
    };
    expect(checkWebhookPayload(good)).toEqual([]);
    expect(checkWebhookPayload({ ...good, data: { id: "7" } })[0]).toMatch(/^webhook product\.deleted: \/data/);
    expect(checkWebhookPayload({ ...good, type: "order.exploded" })[0]).toMatch(/no entry/);
    expect(Object.keys(document.webhooks ?? {}).length).toBeGreaterThanOrEqual(13);
  });
});

describe("the answer check of the API tests", () => {
  const answer = (status: number, body: unknown, routeUrl = "/api/products/:id") =>
    checkAnswer({
      method: "GET",
      routeUrl,
      status,
      contentType: status >= 400 ? "application/problem+json; charset=utf-8" : "application/json; charset=utf-8",
      body: Buffer.from(JSON.stringify(body)),
    });
  const product = {
    id: 1,
    name: "Studio",
    description: "A 20 ft home",
    price: 45000,
    images: ["/media/a.webp"],
    imageDetails: [{ url: "/media/a.webp", width: 800, height: 600 }],
    category: "20ft-homes",
    featured: true,
    inStock: true,
    specs: { bedrooms: 1 },
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
  };

  it("accepts an answer that matches, and refuses a wrong field, an extra field and an undeclared status", () => {
    expect(answer(200, product)).toEqual([]);
    const problem = (status: number, code: string) => ({
      type: `/api/docs#error-${code}`,
      title: "Not Found",
      status,
      detail: "Not found",
      instance: "/api/products/9",
      code,
      message: "Not found",
      issues: [],
    });
    expect(answer(404, problem(404, "not_found"))).toEqual([]);
    expect(answer(404, { message: "Not found", issues: [] })[0]).toMatch(/must have required property 'type'/);
    expect(answer(200, { ...product, price: "45000" })[0]).toMatch(/getProduct's 200 schema: \/price must be number/);
    expect(answer(200, { ...product, secret: 1 })[0]).toMatch(/additional properties/);
    expect(answer(200, { ...product, createdAt: "yesterday" })[0]).toMatch(/createdAt must match format/);
    expect(answer(409, problem(409, "conflict"))[0]).toMatch(/status not declared by getProduct/);
    expect(answer(200, [], "/api/nowhere")[0]).toMatch(/no operation in the OpenAPI document/);
  });
});

/**
 * Fastify's printRoutes() tree ("├── /api/admin/orders (GET, HEAD)" with children indented by four
 * characters per level, each naming the rest of its path) as full paths with their methods.
 */
function routesOf(tree: string): { path: string; methods: string[] }[] {
  const parents: string[] = [];
  const routes: { path: string; methods: string[] }[] = [];
  for (const line of tree.split("\n")) {
    const match = /^(.*?)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (parents[depth - 1] ?? "") + match[2]!;
    parents[depth] = path;
    parents.length = depth + 1;
    if (match[3]) routes.push({ path, methods: match[3].split(", ") });
  }
  return routes;
}

describe("the apps serve no /api path the document leaves out", () => {
  // served outside the route list on purpose: the document itself, its reference page and tRPC (the apps' own wire)
  const UNDOCUMENTED = [/^\/api\/openapi\.json$/, /^\/api\/docs$/, /^\/api\/trpc\//];

  it("every /api route registered on either origin is an operation of the document", async () => {
    const apps = await startTestApps({ seed: false });
    try {
      const documented = new Set(operations.map((o) => `${o.method.toUpperCase()} ${o.path}`));
      const served: string[] = [];
      for (const app of [apps.storefront, apps.backoffice]) {
        for (const { path: pattern, methods } of routesOf(app.printRoutes({ commonPrefix: false }))) {
          if (!pattern.startsWith("/api/")) continue;
          const path = pattern.replace(/:([A-Za-z]+)/g, "{$1}");
          if (UNDOCUMENTED.some((p) => p.test(path))) continue;
          for (const method of methods.filter((m) => m !== "HEAD" && m !== "OPTIONS")) served.push(`${method} ${path}`);
        }
      }
      expect(served.length).toBeGreaterThan(100);
      expect(served.filter((route) => !documented.has(route))).toEqual([]);
    } finally {
      await apps.close();
    }
  });
});
