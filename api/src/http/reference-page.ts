// /api/docs: the guides an integrator reads first (quick start, pagination, idempotency, errors, versions,
// webhooks), then every operation of the OpenAPI document and its shared schemas, as one plain HTML page.
import { STATUS_CODES } from "node:http";
import { escapeHtml } from "../lib/html";
import { CHANGELOG } from "./api-version";
import type { OpenApiDocument } from "./openapi";
import { CODE_BY_STATUS, NAMED_CODES } from "./problem";

/** The errors guide: the problem shape and one anchored entry per code, where each problem's `type` points. */
function errorsGuide(): string {
  const entries = [
    ...Object.entries(CODE_BY_STATUS).map(([status, code]) => [code, `${status}: ${STATUS_CODES[Number(status)]}`]),
    ...Object.entries(NAMED_CODES),
  ]
    .map(
      ([code, text]) =>
        `<li id="error-${escapeHtml(code!)}"><code>${escapeHtml(code!)}</code> ${escapeHtml(text!)}</li>`,
    )
    .join("");
  return `<section id="errors"><h2>Errors</h2><p>Every error is an RFC 9457 problem, <code>application/problem+json</code>: <code>{ type, title, status, detail, instance, code, message, issues: [{ path, message }] }</code>. Branch on <code>code</code>; <code>issues</code> names each failing field and the reason; <code>message</code> repeats <code>detail</code>. Every answer carries a <code>Request-Id</code> header, also in the server's log line: quote it when asking for help.</p><ul>${entries}</ul></section>`;
}

const code = (text: string) => `<pre><code>${escapeHtml(text)}</code></pre>`;

/** The guides before the reference: what an integrator reads first. */
function guides(document: OpenApiDocument): string {
  const [storefront, backoffice] = document.servers.map((s) => Object.values(s.variables ?? {})[0]?.default ?? s.url);
  const admin = backoffice ?? "https://admin.example.com";
  const sections: [string, string, string][] = [
    [
      "quick-start",
      "Quick start with an API key",
      `<p>The owner creates a key in the back office (API Keys) with the scopes it needs, per domain, read or write (write includes read): <code>orders</code>, <code>leads</code>, <code>proposals</code>, <code>catalog</code>, <code>content</code>, <code>webhooks</code>. Send it as a bearer token to the back-office origin; public paths are on the storefront origin (each path names its server). A key is limited per key, never per address; each counted answer says how much is left in <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> and <code>RateLimit-Reset</code>.</p>${code(
        `curl -H "Authorization: Bearer $KEY" "${admin}/api/admin/orders?limit=20"`,
      )}`,
    ],
    [
      "pagination",
      "Pagination and syncing",
      `<p>Lists page with an opaque <code>cursor</code>: follow the <code>next</code> URL of the body, or the <code>Link: &lt;…&gt;; rel="next"</code> header of the lists that answer a plain array, until there is none. Every admin list takes <code>updatedSince</code>, <code>createdSince</code> and <code>createdBefore</code>: to sync, keep the largest <code>updatedAt</code> you saw and ask for what changed since. Or read the events feed: <code>GET /api/admin/events?cursor=…</code> lists every event oldest first; keep its <code>nextCursor</code> and ask again later for what happened since.</p>${code(
        `curl -H "Authorization: Bearer $KEY" "${admin}/api/admin/events?limit=100"
# … later, from where you stopped:
curl -H "Authorization: Bearer $KEY" "${admin}/api/admin/events?cursor=$NEXT_CURSOR"`,
      )}`,
    ],
    [
      "money",
      "Money",
      `<p>On <code>/api/admin/*</code>, in webhooks and in the events feed every amount is a <code>Money</code>: whole minor units and the currency, as Stripe has it (cents for <code>USD</code>; millionths for <code>USDT</code>). Request bodies send money the same way. The spec's public paths (the storefront's) keep their dollar fields. A client pinned to <code>Api-Version: 2026-11-28</code> keeps the dollars and <code>…Cents</code> fields of that version.</p>${code(
        `"totalAmount": { "amount": 4906528, "currency": "USD" }      // $49,065.28
"usdtAmount": { "amount": 21558004217, "currency": "USDT" }  // 21558.004217 USDT`,
      )}`,
    ],
    [
      "idempotency",
      "Idempotency and concurrency",
      `<p>A POST that creates (an order, a payment, a proposal) takes an <code>Idempotency-Key</code> header (16 to 255 printable characters, kept 24 hours): sent again with the same body it answers the first answer again with <code>Idempotent-Replayed: true</code>; with another body it is 422; while the first still runs, 409. GET answers carry an <code>ETag</code>: send it in <code>If-None-Match</code> for a 304 when nothing changed, and in <code>If-Match</code> on a PUT, PATCH or DELETE to be refused with 412 if someone changed the resource since you read it.</p>${code(
        `curl -X POST -H "Authorization: Bearer $KEY" -H "Idempotency-Key: crm-order-2026-0001" \
  -H "Content-Type: application/json" "${admin}/api/admin/orders" -d @order.json`,
      )}`,
    ],
    [
      "webhooks",
      "Webhooks and their verification",
      `<p>Register an endpoint (<code>POST /api/admin/webhooks</code>, or the back office) for the event types you want; its secret (<code>whsec_…</code>) is shown once. Each delivery is <code>POST { type, timestamp, data }</code> signed per Standard Webhooks; the <code>webhooks</code> section of <a href="/api/openapi.json">the document</a> states every type's data. Answer 2xx quickly; anything else is retried for 3 days, and 410 Gone disables the endpoint. Deduplicate on <code>webhook-id</code>: retries, resends and replays keep it. One resource's events arrive in the order they happened. <code>POST /api/admin/webhooks/{id}/test</code> sends a test event; <code>POST /api/admin/webhooks/{id}/replay</code> sends a time range again.</p><p>TypeScript (the <code>standardwebhooks</code> package):</p>${code(
        `import { Webhook } from "standardwebhooks";
const event = new Webhook(process.env.WEBHOOK_SECRET!).verify(rawBody, headers) as { type: string; data: unknown };`,
      )}<p>Python (the <code>standardwebhooks</code> package):</p>${code(
        `from standardwebhooks.webhooks import Webhook
event = Webhook(os.environ["WEBHOOK_SECRET"]).verify(raw_body, headers)`,
      )}<p>curl and openssl, by hand (the signature is base64 HMAC-SHA256 of <code>id.timestamp.body</code> with the secret's decoded bytes):</p>${code(
        `SECRET_BYTES=$(echo "\${WEBHOOK_SECRET#whsec_}" | base64 -d | xxd -p -c 256)
printf '%s.%s.%s' "$WEBHOOK_ID" "$WEBHOOK_TIMESTAMP" "$BODY" \
  | openssl dgst -sha256 -mac HMAC -macopt "hexkey:$SECRET_BYTES" -binary | base64
# compare with the part after "v1," of webhook-signature`,
      )}`,
    ],
  ];
  const links = sections.map(([id, title]) => `<a href="#${id}">${escapeHtml(title)}</a>`).join(" · ");
  const origins = `<p>Storefront origin: <code>${escapeHtml(storefront ?? "")}</code>; back-office origin: <code>${escapeHtml(admin)}</code>.</p>`;
  return `<nav>${links} · <a href="#errors">Errors</a> · <a href="#changelog">Versions and changelog</a></nav>${origins}${sections
    .map(([id, title, body]) => `<section id="${id}"><h2>${escapeHtml(title)}</h2>${body}</section>`)
    .join("")}`;
}

/** The changelog: each version (a date) and what it changed; `Api-Version` pins one. */
function changelogSection(): string {
  const entries = CHANGELOG.map(
    (entry) =>
      `<li id="version-${entry.date}"><b>${entry.date}</b>${entry.breaking ? " (breaking)" : ""}<ul>${entry.changes.map((c) => `<li>${escapeHtml(c)}</li>`).join("")}</ul></li>`,
  ).join("");
  return `<section id="changelog"><h2>Versions and changelog</h2><p>Every answer names its version in <code>Api-Version</code> (a date); send the same header to pin one. Fields, operations and events are added within a version, so read the fields you know and ignore the rest. A breaking change ships only under a new date, and the previous version's shapes stay served to requests that pin it for at least 12 months.</p><ul>${entries}</ul></section>`;
}

const ERROR_STATUS_NOTE = (code: string) => (code.startsWith("2") ? "" : " (Error)");

/** The keys of a path item that are operations (a path item also holds `servers`). */
export const HTTP_METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

/** A schema or parameter list, folded; a reference to a shared schema links to it (#schema-<name>). */
const details = (label: string, value: unknown, id?: string) =>
  `<details${id ? ` id="${escapeHtml(id)}"` : ""}><summary>${escapeHtml(label)}</summary><pre>${escapeHtml(
    JSON.stringify(value, null, 2),
  ).replace(/&quot;#\/components\/schemas\/([A-Za-z]+)&quot;/g, '<a href="#schema-$1">$1</a>')}</pre></details>`;

/** The shared schemas (components.schemas), one folded entry each, which the operations link to. */
function schemasSection(document: OpenApiDocument): string {
  const entries = Object.entries(document.components.schemas)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, schema]) => details(name, schema, `schema-${name}`))
    .join("");
  return `<section id="schemas"><h2>Schemas</h2><p>The shapes several operations and webhooks share, by the name a generated client gives them (<code>components["schemas"]["Product"]</code>).</p>${entries}</section>`;
}

export function referencePage(document: OpenApiDocument): string {
  const rows = Object.entries(document.paths)
    .flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method]) => HTTP_METHODS.has(method))
        .map(([method, op]) => {
          const operation = op as {
            operationId: string;
            summary: string;
            security?: Record<string, string[]>[];
            requestBody?: { content?: Record<string, { schema?: unknown }> };
            parameters: unknown[];
            responses: Record<
              string,
              { description: string; content?: Record<string, { schema?: unknown; example?: unknown }> }
            >;
          };
          const body = Object.entries(operation.requestBody?.content ?? {})
            .map(([type, media]) => details(`Request body (${type})`, media.schema ?? {}))
            .join("");
          const params = operation.parameters.length ? details("Parameters", operation.parameters) : "";
          const security = operation.security?.length
            ? `session cookie or API key (${operation.security.flatMap((s) => Object.keys(s)).join(" | ")})`
            : "none";
          const responses = Object.entries(operation.responses)
            .map(([code, r]) => {
              const [type, media] = Object.entries(r.content ?? {})[0] ?? [];
              const schema =
                code.startsWith("2") && media?.schema
                  ? details(`${code} body (${type})`, media.schema) +
                    (media.example !== undefined ? details(`${code} example`, media.example) : "")
                  : "";
              return `<li><code>${code}</code> ${escapeHtml(r.description)}${ERROR_STATUS_NOTE(code)}${schema}</li>`;
            })
            .join("");
          return `<section id="${escapeHtml(operation.operationId)}"><h2><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code> <small>${escapeHtml(operation.operationId)}</small></h2><p>${escapeHtml(operation.summary)}</p><p><b>Security:</b> ${escapeHtml(security)}</p>${params}${body}<ul>${responses}</ul></section>`;
        }),
    )
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>API reference · ${escapeHtml(document.info.title)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1f2937}h1{font-size:1.6rem}h2{font-size:1.05rem;margin:0}h2 small{color:#6b7280;font-weight:400}section{border:1px solid #e5e7eb;border-radius:8px;padding:1rem;margin:1rem 0}.m{display:inline-block;min-width:4.5rem;font-weight:700}.get{color:#047857}.post{color:#1d4ed8}.put,.patch{color:#b45309}.delete{color:#b91c1c}pre{background:#f9fafb;padding:.75rem;overflow:auto;font-size:12px}</style></head>
<body><h1>${escapeHtml(document.info.title)}</h1><p>${escapeHtml(document.info.description)}</p><p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${document.openapi}). </p>${guides(document)}${errorsGuide()}${changelogSection()}${rows}${schemasSection(document)}</body></html>`;
}
