import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { defineConfig } from "vitest/config";
import { LongestFirstSequencer } from "./test/sequencer";

/**
 * Files that open no database: the unit tests beside the source (src/**) and these. On a PostgreSQL
 * server (DATABASE_URL: CI's second pass) they are left out, since they would only repeat; the config
 * refuses to load if one of them reaches the test harness or a database.
 */
const ENGINE_FREE_TESTS = [
  "test/wallet-config.test.ts",
  "test/request-deadline.test.ts",
  "test/settings-contract.test.ts",
  "test/seo-head.test.ts",
];

function testFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFilesUnder(path);
    return entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

const engineFree = [...testFilesUnder("src"), ...ENGINE_FREE_TESTS];
for (const file of engineFree) {
  if (/from "(\.\/harness|\.\.\/test\/harness|@ch\/db)"|openDatabase\(/.test(readFileSync(file, "utf8"))) {
    throw new Error(`${file} opens a database: it cannot be left out of the PostgreSQL pass (api/vitest.config.ts)`);
  }
}

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    exclude: ["test/reliability/**", ...(process.env.DATABASE_URL ? engineFree : [])],
    // one migrated and seeded database per run, copied by each file (test/harness.ts)
    globalSetup: ["test/global-setup.ts"],
    // every answer of every API test checked against the OpenAPI document (test/contract.ts); sign-in at
    // a test's cost: argon2 at its lowest, refusals without the 1 s pause (test/sign-in-cost-setup.ts)
    setupFiles: ["test/contract-setup.ts", "test/sign-in-cost-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    sequence: { sequencer: LongestFirstSequencer },
    pool: "forks",
    maxWorkers: 2,
    // files share each worker's loaded modules and PGlite's compiled WASM (a file's own state is its
    // database and apps, test/harness.ts): 5 min instead of 25 on this machine
    isolate: false,
    // on CI a failing test runs once more; vitest reports it as flaky when it then passes
    retry: process.env.CI ? 1 : 0,
    env: { TZ: "UTC" },
  },
});
