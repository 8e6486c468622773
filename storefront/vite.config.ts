import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  // the server render (vite build --ssr, into dist-server) needs no copy of public/
  publicDir: isSsrBuild ? false : "public",
  plugins: [
    tanstackRouter({ target: "react", autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    precompress({ before: startAfterFirstPaint }),
  ],
  build: {
    manifest: true,
    sourcemap: false,
    target: "es2022",
    // Everything the first paint needs in one chunk next to the entry: a phone on HTTP/1.1 opens six
    // connections per host, and a dozen small module requests would queue the page's image behind them.
    rolldownOptions: isSsrBuild
      ? {}
      : { output: { codeSplitting: { groups: [{ name: "app", tags: ["$initial" as const] }] } } },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { "/api": "http://localhost:3000", "/media": "http://localhost:3000" },
  },
}));

/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to each text asset of the build, so that the
 * API's static file server sends them as they are (no compression work per request).
 */
function precompress(options: { before?: (outDir: string) => void } = {}): Plugin {
  let outDir = "";
  let skip = false;
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  return {
    name: "precompress",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      skip = Boolean(config.build.ssr);
    },
    closeBundle() {
      if (skip) return;
      options.before?.(outDir);
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|svg|html|json|webmanifest|txt|xml)$/.test(file) || file.includes(`${sep}.vite${sep}`))
          continue;
        const data = readFileSync(file);
        if (data.length < 512) continue;
        const br = brotliCompressSync(data, {
          params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: data.length },
        });
        const gz = gzipSync(data, { level: 9 });
        if (br.length < data.length) writeFileSync(`${file}.br`, br);
        if (gz.length < data.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

/**
 * Replaces the page's entry script with a tiny boot script that imports the entry once the server's
 * page has painted: on a slow phone network the first paint and its largest image then do not share
 * the line with the app's code. Until the app has hydrated, the boot script holds clicks on the
 * server's links and buttons; src/main.tsx replays them.
 */
function startAfterFirstPaint(outDir: string): void {
  const file = join(outDir, "index.html");
  const html = readFileSync(file, "utf8");
  const tag = /<script type="module" crossorigin src="(\/assets\/index-([\w-]+)\.js)"><\/script>/.exec(html);
  if (!tag) throw new Error("startAfterFirstPaint: the entry script is not in index.html");
  const [scriptTag, entry, hash] = tag as unknown as [string, string, string];
  const boot = `// Starts the storefront after the first paint (see storefront/vite.config.ts).
const root = document.getElementById("root");
const held = [];
if (root && root.firstElementChild) {
  const hold = (event) => {
    const target = event.target instanceof Element ? event.target.closest("a[href], button, summary") : null;
    if (!target || !root.contains(target) || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(target);
  };
  document.addEventListener("click", hold, true);
  window.__heldClicks = { held, stop: () => document.removeEventListener("click", hold, true) };
}
let started = false;
const start = () => {
  if (started) return;
  started = true;
  import(${JSON.stringify(entry)});
};
requestAnimationFrame(() => setTimeout(start, 0));
// a page opened in a background tab paints no frame: start anyway
setTimeout(start, 1000);
`;
  const bootName = `/assets/boot-${hash}.js`;
  writeFileSync(join(outDir, bootName), boot);
  writeFileSync(file, html.replace(scriptTag, `<script type="module" src="${bootName}"></script>`));
}
