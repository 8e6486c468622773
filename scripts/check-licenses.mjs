#!/usr/bin/env node
// The licence check: every production dependency of the workspaces (npm's own `.prod` selector, which
// follows the workspaces and leaves out devDependencies) must carry an OSI-approved licence.
// license-checker-rseidelsohn reads the licences; its own --production does not follow npm workspaces,
// so it is given the production packages by name. A package whose package.json names its licence
// ambiguously is clarified, after reading its licence text, in scripts/licenses-clarified.json.
import { execFileSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
/** OSI-approved licences seen among the production dependencies (SPDX ids, and the expressions used). */
const OSI_APPROVED = [
  "MIT",
  "MIT-0",
  "ISC",
  "0BSD",
  "BSD-2-Clause",
  "BSD-3-Clause",
  "Apache-2.0",
  "BlueOak-1.0.0",
  "Unlicense",
  "LGPL-3.0-or-later",
  "MPL-2.0",
  "Python-2.0",
  "(MIT OR Apache-2.0)",
  "MIT OR Apache-2.0",
];

const run = (command, args) =>
  execFileSync(command, args, { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
const production = JSON.parse(run("npm", ["query", ".prod"])).filter((p) => p.version && !p.private);
if (production.length < 50) throw new Error(`only ${production.length} production packages found`);
const names = [...new Set(production.map((p) => `${p.name}@${p.version}`))];

const checker = join(root, "node_modules", ".bin", "license-checker-rseidelsohn");
try {
  const summary = run(checker, [
    "--start",
    root,
    "--includePackages",
    names.join(";"),
    "--clarificationsFile",
    join(root, "scripts", "licenses-clarified.json"),
    "--onlyAllow",
    OSI_APPROVED.join(";"),
    "--summary",
  ]);
  process.stdout.write(summary);
  console.log(`licence check: ${names.length} production packages, every one under an OSI-approved licence`);
} catch (error) {
  process.stdout.write(String(error.stdout ?? ""));
  process.stderr.write(String(error.stderr ?? error.message));
  console.error("licence check FAILED: a production dependency is not under an OSI-approved licence (above)");
  process.exit(1);
}
