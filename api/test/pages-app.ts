// The storefront origin serving pages for the page tests, on a new seeded database of its own: from a real
// build folder, or from a throwaway one that holds the fallback index.html (and any asset a test needs).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { buildApp } from "../src/app";
import { FALLBACK_TEMPLATE } from "../src/modules/seo/html";
import { createTestDatabase, type TestDatabase, testEnv } from "./harness";

/** A real build folder, or the name prefix of a throwaway one with the fallback page and `files` (by path). */
type PagesBuild = string | { prefix: string; files?: Record<string, string | Buffer> };

function throwawayBuild(prefix: string, files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  writeFileSync(join(dir, "index.html"), FALLBACK_TEMPLATE);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

/**
 * The pages app for a test file or a describe block: started before its tests, closed after them (with its
 * database and its throwaway build). `keep` hands the app and its database to the file's own variables.
 */
export function usePagesApp(
  options: { build: PagesBuild; env?: Record<string, string> },
  keep: (started: { db: TestDatabase; app: FastifyInstance }) => void,
): void {
  let db: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  let throwaway: string | undefined;
  beforeAll(async () => {
    const { build } = options;
    const spa = typeof build === "string" ? build : throwawayBuild(build.prefix, build.files ?? {});
    if (spa !== build) throwaway = spa;
    db = await createTestDatabase();
    app = await buildApp({ surface: "storefront", db: db.handle.db, env: testEnv(options.env), spa });
    keep({ db, app });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await db?.drop();
    if (throwaway) rmSync(throwaway, { recursive: true, force: true });
  });
}
