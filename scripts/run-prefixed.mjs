// Runs a command with every line of its output prefixed by a name, so that commands side by side can
// share one log (scripts/side-by-side.mjs, scripts/e2e-suites.mjs). Resolves to its exit code; every
// line is also kept in `lines`, for a failure report at the end.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

/** @returns {Promise<number>} */
export function runPrefixed({ name, command, args, cwd, env = process.env, lines = [] }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on("line", (line) => {
        lines.push(line);
        console.log(`[${name}] ${line}`);
      });
    }
    child.on("error", (error) => {
      console.log(`[${name}] FAILED to start: ${error.message}`);
      resolve(1);
    });
    child.on("exit", (code, signal) => {
      const took = `${Math.round((Date.now() - started) / 1000)} s`;
      console.log(`[${name}] ${code === 0 ? "passed" : `FAILED (${signal ?? `exit code ${code}`})`} in ${took}`);
      resolve(code ?? 1);
    });
  });
}
