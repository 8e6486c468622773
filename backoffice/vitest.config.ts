import { defineConfig } from "vitest/config";

// Unit tests next to the code; Playwright specs in e2e/ are never collected.
export default defineConfig({
  test: { include: ["src/**/*.test.{ts,tsx}"], env: { TZ: "UTC" } },
});
