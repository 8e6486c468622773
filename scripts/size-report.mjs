#!/usr/bin/env node
// The size report (issue 24: "files hold one idea, about 400 lines at most; functions stay under 80 lines
// unless a decision record says why"): the product's TypeScript files over 400 lines and its functions of
// 80 lines or more (declarations, methods, arrow functions and function expressions, measured from their
// first line to their last), largest first. Tests, migrations and generated files are left out.
// Usage: node scripts/size-report.mjs [--max-file N] [--max-function N] [--json]
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "@babel/parser";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const SOURCES = ["api/src", "db/src", "storefront/src", "backoffice/src"];
const SKIP = /(^|\/)(node_modules|dist|dist-server)\/|routeTree\.gen\.ts$|\.test\.tsx?$|\.d\.ts$/;
const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const MAX_FILE = arg("--max-file", 400);
const MAX_FUNCTION = arg("--max-function", 80);

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (SKIP.test(relative(root, path))) return [];
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const FUNCTION_TYPES = new Set([
  "FunctionDeclaration",
  "FunctionExpression",
  "ArrowFunctionExpression",
  "ObjectMethod",
  "ClassMethod",
  "ClassPrivateMethod",
]);

/** A function's name: its own, else the variable, property or call it is given to. */
function nameOf(node, parent) {
  if (node.id?.name) return node.id.name;
  if (node.key?.name) return node.key.name;
  if (parent?.type === "VariableDeclarator" && parent.id?.name) return parent.id.name;
  if (parent?.type === "ObjectProperty" && parent.key) return parent.key.name ?? parent.key.value ?? "(property)";
  if (parent?.type === "CallExpression") {
    const callee = parent.callee;
    const name = callee.name ?? callee.property?.name;
    return `(argument of ${name ?? "a call"})`;
  }
  return "(anonymous)";
}

/** Every function node of the tree, with its parent. */
function* functions(node, parent = null) {
  if (!node || typeof node.type !== "string") return;
  if (FUNCTION_TYPES.has(node.type)) yield { node, parent };
  for (const [key, value] of Object.entries(node)) {
    if (key === "loc" || key === "leadingComments" || key === "trailingComments") continue;
    if (Array.isArray(value)) for (const child of value) yield* functions(child, node);
    else if (value && typeof value === "object" && typeof value.type === "string") yield* functions(value, node);
  }
}

const longFiles = [];
const longFunctions = [];
for (const file of SOURCES.flatMap((dir) => filesUnder(join(root, dir)))) {
  const text = readFileSync(file, "utf8");
  const path = relative(root, file);
  const lines = text.split("\n").length;
  if (lines > MAX_FILE) longFiles.push({ path, lines });
  const ast = parse(text, { sourceType: "module", plugins: ["typescript", ...(file.endsWith(".tsx") ? ["jsx"] : [])] });
  for (const { node, parent } of functions(ast.program)) {
    const length = node.loc.end.line - node.loc.start.line + 1;
    if (length >= MAX_FUNCTION) {
      longFunctions.push({ path: `${path}:${node.loc.start.line}`, name: nameOf(node, parent), lines: length });
    }
  }
}
longFiles.sort((a, b) => b.lines - a.lines);
longFunctions.sort((a, b) => b.lines - a.lines);

if (process.argv.includes("--json")) {
  console.log(JSON.stringify({ longFiles, longFunctions }, null, 2));
} else {
  console.log(`files over ${MAX_FILE} lines: ${longFiles.length}`);
  for (const f of longFiles) console.log(`  ${String(f.lines).padStart(5)}  ${f.path}`);
  console.log(`functions of ${MAX_FUNCTION} lines or more: ${longFunctions.length}`);
  for (const f of longFunctions) console.log(`  ${String(f.lines).padStart(5)}  ${f.name}  ${f.path}`);
}
