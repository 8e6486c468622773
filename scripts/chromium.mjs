// The chromium every browser tool here starts (Debian's packages, or CHROMIUM_PATH), with one set of
// flags.
// - Lighthouse (the benchmark and scripts/lighthouse.mjs) measures pages in the full browser, as shoppers
//   run it: CHROMIUM_PATH.
// - The Playwright suites drive Debian's headless shell (package chromium-headless-shell: the same
//   Chromium, built without the desktop browser's shell, as Playwright's own headless runs use); it takes
//   about half the processor time of the full browser for the same specs, which on CI's two cores is the
//   suites' length. TEST_CHROMIUM_PATH overrides it; without the shell the full browser is used.
import { existsSync } from "node:fs";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const TEST_CHROMIUM_PATH =
  process.env.TEST_CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

/** Flags for a test machine: no sandbox (root in a container), no GPU, no background traffic. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
