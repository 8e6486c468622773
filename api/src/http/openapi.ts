// OpenAPI 3.1 from the REST route list and its zod schemas, and a plain HTML reference page.
import { z } from "zod";
import { escapeHtml } from "../modules/notifications/messages";
import type { RouteSpec } from "./route";

const jsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-2020-12" }) as Record<string, unknown>;

const errorSchema = {
  type: "object",
  properties: {
    message: { type: "string" },
    issues: {
      type: "array",
      items: {
        type: "object",
        properties: { path: { type: "array", items: { type: ["string", "number"] } }, message: { type: "string" } },
      },
    },
  },
  required: ["message", "issues"],
};

function parametersOf(spec: RouteSpec) {
  const params: Record<string, unknown>[] = [];
  for (const [where, schema] of [
    ["path", spec.params],
    ["query", spec.query],
  ] as const) {
    if (!schema) continue;
    const json = jsonSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      params.push({
        name,
        in: where,
        required: where === "path" || (json.required ?? []).includes(name),
        schema: property,
      });
    }
  }
  for (const header of spec.headers ?? []) {
    params.push({
      name: header.name,
      in: "header",
      required: header.required ?? false,
      description: header.description,
      schema: { type: "string" },
    });
  }
  return params;
}

export function openApiDocument(routes: RouteSpec[], servers: { url: string; description: string }[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const spec of routes) {
    const path = spec.url.replace(/:([A-Za-z]+)/g, "{$1}");
    const operation: Record<string, unknown> = {
      summary: spec.summary,
      tags: spec.tags,
      parameters: parametersOf(spec),
      responses: {
        [String(spec.successStatus ?? 200)]: { description: spec.answer, content: { "application/json": {} } },
        "400": {
          description: "Invalid input: the failing fields and reasons",
          content: { "application/json": { schema: errorSchema } },
        },
        ...(spec.access === "admin"
          ? {
              "401": { description: "No valid session", content: { "application/json": { schema: errorSchema } } },
              "403": {
                description: "Cross-origin write refused",
                content: { "application/json": { schema: errorSchema } },
              },
            }
          : {}),
        ...(spec.rateLimit
          ? {
              "429": {
                description: "Too many requests (Retry-After)",
                content: { "application/json": { schema: errorSchema } },
              },
            }
          : {}),
      },
    };
    if (spec.access === "admin") operation.security = [{ session: [] }];
    if (spec.body) {
      operation.requestBody = { required: true, content: { "application/json": { schema: jsonSchema(spec.body) } } };
    }
    paths[path] ??= {};
    paths[path][spec.method.toLowerCase()] = operation;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Container Homes of Texas API",
      version: "1.0.0",
      description:
        "Public storefront endpoints are served on the storefront origin; /api/admin/* only on the back-office origin, with an httpOnly session cookie. Errors are { message, issues }.",
    },
    servers,
    components: { securitySchemes: { session: { type: "apiKey", in: "cookie", name: "ch_admin" } } },
    paths,
  };
}

export function referencePage(document: ReturnType<typeof openApiDocument>): string {
  const rows = Object.entries(document.paths)
    .flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, op]) => {
        const operation = op as {
          summary: string;
          requestBody?: unknown;
          parameters: unknown[];
          responses: Record<string, { description: string }>;
        };
        const content = (operation.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)
          ?.content;
        const body = content
          ? Object.entries(content)
              .map(
                ([type, media]) =>
                  `<details><summary>Request body (${escapeHtml(type)})</summary><pre>${escapeHtml(JSON.stringify(media.schema ?? {}, null, 2))}</pre></details>`,
              )
              .join("")
          : "";
        const params = operation.parameters.length
          ? `<details><summary>Parameters</summary><pre>${escapeHtml(JSON.stringify(operation.parameters, null, 2))}</pre></details>`
          : "";
        const responses = Object.entries(operation.responses)
          .map(([code, r]) => `<li><code>${code}</code> ${escapeHtml(r.description)}</li>`)
          .join("");
        return `<section><h2><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h2><p>${escapeHtml(operation.summary)}</p>${params}${body}<ul>${responses}</ul></section>`;
      }),
    )
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>API reference · ${escapeHtml(document.info.title)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1f2937}h1{font-size:1.6rem}h2{font-size:1.05rem;margin:0}section{border:1px solid #e5e7eb;border-radius:8px;padding:1rem;margin:1rem 0}.m{display:inline-block;min-width:4.5rem;font-weight:700}.get{color:#047857}.post{color:#1d4ed8}.put{color:#b45309}.delete{color:#b91c1c}pre{background:#f9fafb;padding:.75rem;overflow:auto;font-size:12px}</style></head>
<body><h1>${escapeHtml(document.info.title)}</h1><p>${escapeHtml(document.info.description)}</p><p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${document.openapi}).</p>${rows}</body></html>`;
}
