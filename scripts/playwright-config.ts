import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from "./chromium.mjs";

/**
 * The browser suites' one Playwright configuration: the built apps and a real API on a fresh database
 * (scripts/e2e-server.mjs), storefront on `port` and back office on `port + 1`. E2E_PORT moves them so
 * suites can run side by side.
 */
export function e2eConfig(options: {
  defaultPort: number;
  /** Which of the two servers the pages are read from. */
  origin: "storefront" | "backoffice";
  /**
   * Specs that read pages the same on either database: the markup and accessibility checkers, and specs
   * that only read seeded content (they write nothing, so no database engine decides what they see).
   */
  engineFreeSpecs: string[];
}) {
  // the specs' helpers find the servers and the mailbox from E2E_PORT, those of either suite (a back-office
  // spec uses the storefront's fixtures): left unset, each would fall back to its own suite's default port
  process.env.E2E_PORT ??= String(options.defaultPort);
  const port = Number(process.env.E2E_PORT);
  return defineConfig({
    testDir: "./e2e",
    // scripts/e2e-suites.mjs runs a suite in parts: E2E_FILES (comma-separated spec file names) runs
    // only those, E2E_ENGINE_FREE=only the engine-free specs, E2E_SKIP_FILES and E2E_ENGINE_FREE=skip
    // leave those out
    ...(process.env.E2E_FILES ? { testMatch: specGlobs(process.env.E2E_FILES) } : {}),
    ...(process.env.E2E_ENGINE_FREE === "only" ? { testMatch: options.engineFreeSpecs } : {}),
    testIgnore: [
      // the engine-free specs run once, on the embedded database: on a PostgreSQL server (DATABASE_URL)
      // they would only repeat
      ...(process.env.DATABASE_URL || process.env.E2E_ENGINE_FREE === "skip" ? options.engineFreeSpecs : []),
      ...specGlobs(process.env.E2E_SKIP_FILES ?? ""),
    ],
    fullyParallel: false,
    workers: 1,
    // on CI a test that fails is run once more and reported as flaky when it then passes
    retries: process.env.CI ? 1 : 0,
    timeout: 60_000,
    expect: { timeout: 10_000 },
    reporter: [["list"]],
    use: {
      baseURL: `http://localhost:${options.origin === "storefront" ? port : port + 1}`,
      trace: "off",
      launchOptions: { executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_FLAGS },
    },
    webServer: {
      command: `node ../scripts/e2e-server.mjs ${port} ${port + 1}`,
      url: `http://localhost:${port}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    },
  });
}

/** "a.spec.ts,b.spec.ts" → glob patterns Playwright matches against the spec files' paths. */
function specGlobs(list: string): string[] {
  return list
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean)
    .map((name) => `**/${name}`);
}
