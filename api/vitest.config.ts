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
    env: { TZ: "UTC" },
  },
});
