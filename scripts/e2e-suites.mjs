#!/usr/bin/env node
// `npm run test:e2e`: the storefront and back-office browser suites, in parts, on two lanes side by side.
// Each part is one Playwright run with its own server and database (scripts/e2e-server.mjs) on its own
// ports, all against the same builds. A lane takes the next part when its last one ends, so the lanes end
// together instead of the longer suite running on alone (the machine has two cores: a third lane would
// only slow the other two).
// - The back office is one part: its specs build on each other's data, in order.
// - The storefront's specs keep no order between them; its parts are sized from CI's timings.
// - The engine-free specs (the markup and accessibility checkers, and the specs that only read seeded
//   pages) are a part of their own, on the embedded database only (scripts/playwright-config.ts).
// - On the embedded database the parts' servers start on copies of one database made first.
// Each line of output is prefixed with its part; the exit code is the first failing part's. A failing
// part's failure report is printed again at the very end, where a CI log's tail shows it.
// E2E_PORT=<n> moves the ports: part k uses n + 10k to n + 10k + 3 (default n = 4100). E2E_LANES=<n>
// changes the number of lanes.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { runPrefixed } from "./run-prefixed.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const base = Number(process.env.E2E_PORT ?? 4100);
const lanes = Number(process.env.E2E_LANES ?? 2);
// extra arguments go to every Playwright run (e.g. --reporter=dot)
const extra = process.argv.slice(2);

/** Storefront spec files by part (about 2.5 minutes each on CI); the last part takes every other spec. */
const STOREFRONT_PARTS = [
  ["shop.spec.ts", "order-pages.spec.ts", "notifications.spec.ts"],
  [
    "sale-journey.spec.ts",
    "content.spec.ts",
    "buyer-forms.spec.ts",
    "faults.spec.ts",
    "catalog-walk.spec.ts",
    "payments.spec.ts",
    "terms-and-bank.spec.ts",
  ],
];

/** The parts, longest first: each lane takes the next one when it is free. */
const parts = [
  ...(process.env.DATABASE_URL
    ? []
    : [{ name: "storefront engine-free", suite: "storefront", env: { E2E_ENGINE_FREE: "only" } }]),
  { name: "backoffice", suite: "backoffice", env: {} },
  ...STOREFRONT_PARTS.map((files, i) => ({
    name: `storefront ${i + 1}`,
    suite: "storefront",
    env: { E2E_FILES: files.join(",") },
  })),
  {
    name: `storefront ${STOREFRONT_PARTS.length + 1}`,
    suite: "storefront",
    env: { E2E_SKIP_FILES: STOREFRONT_PARTS.flat().join(","), E2E_ENGINE_FREE: "skip" },
  },
].map((part, index) => ({ ...part, port: base + 10 * index }));

const FAILURE_REPORT_LINES = 200;
const outputs = new Map(parts.map(({ name }) => [name, []]));

/** Playwright's report of what failed: from its first numbered failure ("  1) …") to the end. */
function failureReport(lines) {
  const start = lines.findIndex((line) => /^\s+1\) /.test(line));
  const report = start === -1 ? lines.slice(-40) : lines.slice(start);
  return report.filter((line) => !line.startsWith("[WebServer]")).slice(0, FAILURE_REPORT_LINES);
}

function run({ name, suite, env, port }) {
  return runPrefixed({
    name,
    command: "npx",
    args: ["playwright", "test", ...extra],
    cwd: join(root, suite),
    env: { ...process.env, ...env, E2E_PORT: String(port) },
    lines: outputs.get(name),
  });
}

// On the embedded database every part's server starts on a copy of one database created, migrated and
// seeded here, as `npm start` makes one (scripts/e2e-server.mjs --prepare-pglite), instead of each doing it
let template;
if (!process.env.DATABASE_URL && !process.env.E2E_PGLITE_TEMPLATE) {
  template = mkdtempSync(join(tmpdir(), "e2e-pglite-template-"));
  const prepared = spawnSync(
    process.execPath,
    [join(root, "scripts", "e2e-server.mjs"), "--prepare-pglite", template],
    {
      stdio: "inherit",
    },
  );
  if (prepared.status !== 0) {
    console.log(`== the embedded database for the browser suites could not be made (exit code ${prepared.status})`);
    process.exit(1);
  }
  for (const part of parts) part.env = { ...part.env, E2E_PGLITE_TEMPLATE: template };
}

const queue = [...parts];
const codes = new Map();
async function lane() {
  for (let part = queue.shift(); part; part = queue.shift()) codes.set(part.name, await run(part));
}
await Promise.all(Array.from({ length: lanes }, lane));

if (template) rmSync(template, { recursive: true, force: true });

const failed = parts.filter(({ name }) => codes.get(name) !== 0);
for (const { name } of failed) {
  console.log(`\n== ${name}: what failed`);
  for (const line of failureReport(outputs.get(name))) console.log(`[${name}] ${line}`);
}
console.log(
  `\n== browser suites: ${parts.map(({ name }) => `${name} ${codes.get(name) === 0 ? "passed" : "FAILED"}`).join(", ")}`,
);
process.exit(failed.length === 0 ? 0 : codes.get(failed[0].name));
