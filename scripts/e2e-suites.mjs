#!/usr/bin/env node
// `npm run test:e2e`: the storefront and back-office browser suites side by side, each with its own
// server and database (scripts/e2e-server.mjs) on its own ports, both against the same builds.
// Each line of output is prefixed with its suite; the exit code is the first failing suite's.
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
        createInterface({ input: stream }).on("line", (line) => console.log(`[${name}] ${line}`));
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
process.exit(codes.find((code) => code !== 0) ?? 0);
