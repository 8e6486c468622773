#!/usr/bin/env node
// Builds the API into one ES module, dist/server.mjs, for `npm start`: Node then runs plain JavaScript
// instead of compiling TypeScript at start (tsx), which costs about 35 MB of memory for the whole run.
// The workspace packages (@ch/db, its seed and migrations) are bundled in; npm packages stay external
// and load from node_modules as usual. Each module's `import.meta.url` keeps pointing at its source
// file, so paths it computes from it (migrations, seed images, the repository root) stay right; the
// bundle is therefore built and run in place, in this checkout.
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const apiRoot = join(dirname(fileURLToPath(import.meta.url)), "..");

const keepModuleUrls = {
  name: "keep-module-urls",
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: source.replaceAll("import.meta.url", url), loader: "ts" };
    });
  },
};

const externalPackages = {
  name: "external-packages",
  setup(b) {
    // bare imports are npm packages (external) except the workspace's own @ch/* sources
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@ch/") ? undefined : { path: args.path, external: true },
    );
  },
};

const result = await build({
  entryPoints: [join(apiRoot, "src/server.ts")],
  outfile: join(apiRoot, "dist/server.mjs"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: "linked",
  plugins: [keepModuleUrls, externalPackages],
  logLevel: "warning",
  write: false,
});
// each file written under a temporary name, then renamed: a process starting from the bundle while it
// is rebuilt (browser suites side by side) reads the old file or the new one, never half of one
await mkdir(join(apiRoot, "dist"), { recursive: true });
for (const file of result.outputFiles) {
  const temporary = `${file.path}.${process.pid}.tmp`;
  await writeFile(temporary, file.contents);
  await rename(temporary, file.path);
}
