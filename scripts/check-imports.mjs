#!/usr/bin/env node
// The import check (CI), four rules over the product's code, type-only imports included:
// 1. No circle of imports: each strongly connected group of files is reported (Tarjan).
// 2. No deep import into an API module: a module's face, api/src/modules/<m>/index.ts, is the only file of
//    api/src/modules/<m>/ that a file outside that folder may import. Applies to api/src except test files
//    (*.test.ts); api/test, the storefront and the back office are not held to it.
// 3. The apps reach the API only through its package's export (@ch/api/router) and the contracts through
//    their workspace (@ch/contracts/*): a
//    storefront or back-office file that imports a file of api/src by a relative path fails.
// 4. The layers below the modules name none: api/src/http, api/src/trpc (but its root.ts), api/src/lib and
//    the contracts (contracts/src) import nothing from api/src/modules; only the composition roots (app.ts, routes.ts,
//    admin-auth.ts, api-document.ts, trpc/root.ts…) put modules together.
// Reads every import and re-export of api/src, contracts/src, db/src, storefront/src and backoffice/src (static,
// `import type`, and dynamic `import("…")` with a literal path), resolves relative paths and the
// workspace packages (@ch/db, @ch/contracts, @ch/api's exports) to files, skipping the generated route tree.
// The code is biome-formatted TypeScript, so a statement's `from "…"` is found reliably by a pattern.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const SOURCES = ["api/src", "contracts/src", "db/src", "storefront/src", "backoffice/src"];
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
  if (specifier.startsWith("@ch/contracts/")) return join(root, `contracts/src/${specifier.slice(14)}.ts`);
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
// api/src/modules/<m>/…: the module's folder, else null
const MODULES = join(root, "api/src/modules");
const moduleDirOf = (file) => {
  const path = relative(MODULES, file);
  return path.startsWith("..") || !path.includes("/") ? null : join(MODULES, path.split("/")[0]);
};
const heldToFaces = (file) => relative(root, file).startsWith("api/src/") && !file.endsWith(".test.ts");

const LOWER_LAYERS = ["api/src/http/", "api/src/trpc/", "api/src/lib/", "contracts/src/"];
const COMPOSITION_ROOTS = new Set(["api/src/trpc/root.ts"]);
const isLowerLayer = (file) => {
  const path = relative(root, file);
  return LOWER_LAYERS.some((dir) => path.startsWith(dir)) && !COMPOSITION_ROOTS.has(path) && !path.endsWith(".test.ts");
};
const isContract = (file) => relative(root, file).startsWith("contracts/src/");
const upwardImports = [];

const APPS = ["storefront/src/", "backoffice/src/"];
const isAppFile = (file) => APPS.some((dir) => relative(root, file).startsWith(dir));
const graph = new Map();
const deepImports = [];
const appReaches = [];
for (const file of SOURCES.flatMap((dir) => filesUnder(join(root, dir)))) {
  const text = readFileSync(file, "utf8");
  const targets = new Set();
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    const target = resolveImport(file, specifier);
    if (!target) continue;
    targets.add(target);
    if (isAppFile(file) && specifier.startsWith(".") && /^(api|contracts)\/src\//.test(relative(root, target))) {
      const line = text.slice(0, match.index + match[0].length).split("\n").length;
      appReaches.push({ file, line, specifier });
    }
    const moduleDir = moduleDirOf(target);
    // the contracts stand on their own: zod and each other, nothing of the API or the apps
    const contractsLeak = isContract(file) && !isContract(target);
    if ((moduleDir && isLowerLayer(file)) || contractsLeak) {
      const line = text.slice(0, match.index + match[0].length).split("\n").length;
      upwardImports.push({ file, line, specifier });
    }
    if (moduleDir && target !== join(moduleDir, "index.ts") && moduleDirOf(file) !== moduleDir && heldToFaces(file)) {
      const line = text.slice(0, match.index + match[0].length).split("\n").length;
      deepImports.push({ file, line, specifier, target, face: join(moduleDir, "index.ts") });
    }
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
for (const group of circles) console.error(`import circle: ${group.map((f) => relative(root, f)).join(" ↔ ")}`);
for (const { file, line, specifier, target, face } of deepImports) {
  console.error(
    `deep import: ${relative(root, file)}:${line} imports "${specifier}" (${relative(root, target)}); import it from the module's face, ${relative(root, face)}`,
  );
}
for (const { file, line, specifier } of appReaches) {
  console.error(
    `app reaches into the API: ${relative(root, file)}:${line} imports "${specifier}"; import it from @ch/contracts/* (move it to contracts/src if it is not there)`,
  );
}
for (const { file, line, specifier } of upwardImports) {
  console.error(
    `upward import: ${relative(root, file)}:${line} imports "${specifier}"; a layer below the modules takes what it needs from the composition root (app.ts) instead`,
  );
}
if (circles.length > 0 || deepImports.length > 0 || appReaches.length > 0 || upwardImports.length > 0) {
  console.error(
    `import check FAILED: ${circles.length} circle(s), ${deepImports.length} deep import(s) into a module, ${upwardImports.length} upward import(s) from a layer below the modules and ${appReaches.length} app import(s) past the API's exports among ${graph.size} files`,
  );
  process.exit(1);
}
console.log(
  `import check: ${graph.size} files, ${edges} imports between them, no circle, no deep import into a module, no upward import from http/trpc/lib/contracts, no app import past the API's exports`,
);
