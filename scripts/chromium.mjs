// The one chromium every browser tool here starts (Debian's package, or CHROMIUM_PATH), with one set of
// flags: the Playwright suites, Lighthouse in the benchmark and scripts/lighthouse.mjs.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

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
