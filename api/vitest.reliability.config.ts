import { defineConfig } from "vitest/config";

// The slower reliability and security suite (npm run test:reliability): concurrency, throttling,
// database outages, shutdown under load, several processes.
export default defineConfig({
  test: {
    include: ["test/reliability/**/*.test.ts"],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: "forks",
    maxWorkers: 1,
    env: { TZ: "UTC" },
  },
});
