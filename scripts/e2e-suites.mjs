#!/usr/bin/env node
// `npm run test:e2e`: the storefront and back-office browser suites side by side, each with its own
// server and database (scripts/e2e-server.mjs) on its own ports, both against the same builds.
// Each line of output is prefixed with its suite; the exit code is the first failing suite's. A failing
// suite's failure report is printed again at the very end, where a CI log's tail shows it.
// E2E_PORT=<n> moves them: storefront on n (to n+3), back office on n+10 (to n+13).
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const base = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : undefined;
const suites = [
  { name: "storefront", port: base },
  { name: "backoffice", port: base === undefined ? undefined : base + 10 },
];
// extra arguments go to both Playwright runs (e.g. --reporter=dot)
const extra = process.argv.slice(2);

const FAILURE_REPORT_LINES = 200;
const outputs = new Map(suites.map(({ name }) => [name, []]));

/** Playwright's report of what failed: from its first numbered failure ("  1) …") to the end. */
function failureReport(lines) {
  const start = lines.findIndex((line) => /^\s+1\) /.test(line));
  const report = start === -1 ? lines.slice(-40) : lines.slice(start);
  return report.filter((line) => !line.startsWith("[WebServer]")).slice(0, FAILURE_REPORT_LINES);
}

const runs = suites.map(
  ({ name, port }) =>
    new Promise((resolve) => {
      const env = { ...process.env };
      if (port === undefined) delete env.E2E_PORT;
      else env.E2E_PORT = String(port);
      const child = spawn("npx", ["playwright", "test", ...extra], {
        cwd: join(root, name),
        env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      for (const stream of [child.stdout, child.stderr]) {
        createInterface({ input: stream }).on("line", (line) => {
          outputs.get(name).push(line);
          console.log(`[${name}] ${line}`);
        });
      }
      child.on("error", (error) => {
        console.log(`[${name}] FAILED to start: ${error.message}`);
        resolve(1);
      });
      child.on("exit", (code, signal) => {
        console.log(`[${name}] ${code === 0 ? "passed" : `FAILED (${signal ?? `exit code ${code}`})`}`);
        resolve(code ?? 1);
      });
    }),
);
const codes = await Promise.all(runs);
suites.forEach(({ name }, index) => {
  if (codes[index] === 0) return;
  console.log(`\n== ${name}: what failed`);
  for (const line of failureReport(outputs.get(name))) console.log(`[${name}] ${line}`);
});
console.log(
  `\n== browser suites: ${suites.map(({ name }, i) => `${name} ${codes[i] === 0 ? "passed" : "FAILED"}`).join(", ")}`,
);
process.exit(codes.find((code) => code !== 0) ?? 0);
