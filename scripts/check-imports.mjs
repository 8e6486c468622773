#!/usr/bin/env node
// The import check (CI): no circle of imports in the product's code, type-only imports included.
// Reads every import and re-export of api/src, db/src, storefront/src and backoffice/src (static,
// `import type`, and dynamic `import("…")` with a literal path), resolves relative paths and the
// workspace packages (@ch/db, @ch/api's exports) to files, skipping the generated route tree, and
// reports each strongly connected group of files (Tarjan).
// The code is biome-formatted TypeScript, so a statement's `from "…"` is found reliably by a pattern.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const SOURCES = ["api/src", "db/src", "storefront/src", "backoffice/src"];
const PACKAGES = { "@ch/db": "db/src/index.ts" }; // and @ch/api's exports (api/package.json), below
const SKIP = /(^|\/)(node_modules|dist|dist-server)\/|routeTree\.gen\.ts$/;

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (SKIP.test(relative(root, path))) return [];
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.(ts|tsx)$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
  });
}

function resolveImport(from, specifier) {
  if (PACKAGES[specifier]) return join(root, PACKAGES[specifier]);
  if (specifier.startsWith("@ch/api/contracts/")) return join(root, `api/src/contracts/${specifier.slice(18)}.ts`);
  if (specifier === "@ch/api/router") return join(root, "api/src/trpc/root.ts");
  if (!specifier.startsWith(".") || specifier.endsWith("routeTree.gen")) return null;
  const base = resolve(dirname(from), specifier).replace(/\.js$/, "");
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${relative(root, from)}: cannot resolve "${specifier}"`);
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s*"([^"]+)"|(?:^|\n)\s*import\s*"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)/g;
const graph = new Map();
for (const file of SOURCES.flatMap((dir) => filesUnder(join(root, dir)))) {
  const text = readFileSync(file, "utf8");
  const targets = new Set();
  for (const match of text.matchAll(IMPORT)) {
    const target = resolveImport(file, match[1] ?? match[2] ?? match[3]);
    if (target) targets.add(target);
  }
  graph.set(file, targets);
}

// Tarjan's strongly connected components: a component of more than one file (or a file importing
// itself) is a circle.
let index = 0;
const indexOf = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const circles = [];
function visit(file) {
  indexOf.set(file, index);
  low.set(file, index);
  index += 1;
  stack.push(file);
  onStack.add(file);
  for (const next of graph.get(file) ?? []) {
    if (!indexOf.has(next)) {
      visit(next);
      low.set(file, Math.min(low.get(file), low.get(next)));
    } else if (onStack.has(next)) {
      low.set(file, Math.min(low.get(file), indexOf.get(next)));
    }
  }
  if (low.get(file) === indexOf.get(file)) {
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)?.has(file)) circles.push(group);
  }
}
for (const file of graph.keys()) if (!indexOf.has(file)) visit(file);

const edges = [...graph.values()].reduce((sum, targets) => sum + targets.size, 0);
if (circles.length > 0) {
  for (const group of circles) console.error(`import circle: ${group.map((f) => relative(root, f)).join(" ↔ ")}`);
  console.error(`import check FAILED: ${circles.length} circle(s) among ${graph.size} files`);
  process.exit(1);
}
console.log(`import check: ${graph.size} files, ${edges} imports between them, no circle`);
