// Writes the OpenAPI document to a file, built exactly as the app serves it (src/http/openapi.ts
// apiDocument). `npx tsx scripts/openapi.ts [file]` (default: api/openapi.json, committed; a test keeps
// it current). Used by `npm run lint:openapi` (redocly) and by the example client's type generation.
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { apiDocument } from "../src/api-document";
import { loadEnv } from "../src/env";

const here = fileURLToPath(new URL(".", import.meta.url));
export const DEFAULT_DOCUMENT_FILE = resolve(here, "../openapi.json");

/** The document with the default development origins, so that the committed file does not depend on who built it. */
export function documentText(): string {
  const env = loadEnv({ NODE_ENV: "development", LOG_LEVEL: "silent" });
  return `${JSON.stringify(apiDocument(env), null, 2)}\n`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = resolve(process.argv[2] ?? DEFAULT_DOCUMENT_FILE);
  writeFileSync(file, documentText());
  console.log(`OpenAPI document written to ${file}`);
}
