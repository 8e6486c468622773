// The example proves the generated types are enough: no type assertion (`as T`, `<T>x`), no `any`,
// no non-null assertion in its own sources (src/api.d.ts is generated and not checked).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const dir = new URL("./src/", import.meta.url).pathname;
const rules = [
  [/\bas\s+(?!const\b)[A-Za-z_{[(]/, "type assertion"],
  [/\bany\b/, "any"],
  [/[\w)\]]!(?=[.;,)\s[])/, "non-null assertion"],
  [/@ts-(ignore|expect-error|nocheck)/, "suppressed type error"],
];
const problems = [];
for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))) {
  readFileSync(join(dir, file), "utf8")
    .split("\n")
    .forEach((line, index) => {
      const code = line.replace(/\/\/.*$/, "").replace(/(["'`])(?:\\.|(?!\1).)*\1/g, '""');
      for (const [pattern, name] of rules) {
        if (pattern.test(code)) problems.push(`${file}:${index + 1}: ${name}: ${line.trim()}`);
      }
    });
}
if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log("examples/integration: no casts, no any");
