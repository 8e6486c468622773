#!/usr/bin/env node
// `node scripts/side-by-side.mjs a b c`: runs the npm scripts a, b and c at once, each line of output
// prefixed with its script's name, and exits with the first failing one's code after all have ended;
// a failing script's last lines are printed again at the very end, where a CI log's tail shows them.
// `npm test` runs the checks and the build this way, then the unit and reliability suites, whose
// processes leave a core idle while they wait on timers and child processes.
import { runPrefixed } from "./run-prefixed.mjs";

const TAIL_LINES = 80;
const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error("usage: node scripts/side-by-side.mjs <npm script> [<npm script> ...]");
  process.exit(2);
}
const outputs = new Map(scripts.map((name) => [name, []]));
const codes = await Promise.all(
  scripts.map((name) => runPrefixed({ name, command: "npm", args: ["run", name], lines: outputs.get(name) })),
);
const failed = scripts.filter((_, i) => codes[i] !== 0);
for (const name of failed) {
  console.log(`\n== ${name}: its last lines`);
  for (const line of outputs.get(name).slice(-TAIL_LINES)) console.log(`[${name}] ${line}`);
}
console.log(`== ${scripts.map((name, i) => `${name} ${codes[i] === 0 ? "passed" : "FAILED"}`).join(", ")}`);
process.exit(failed.length === 0 ? 0 : codes[scripts.indexOf(failed[0])]);
