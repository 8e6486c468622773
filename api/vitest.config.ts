import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    exclude: ["test/reliability/**"],
    // one migrated and seeded database per run, copied by each file (test/harness.ts)
    globalSetup: ["test/global-setup.ts"],
    // every answer of every API test checked against the OpenAPI document (test/contract.ts)
    setupFiles: ["test/contract-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
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
