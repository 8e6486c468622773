import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "../scripts/vite-precompress";

export default defineConfig(({ isSsrBuild }) => ({
  // the server render (vite build --ssr, into dist-server) needs no copy of public/
  publicDir: isSsrBuild ? false : "public",
  // The server render carries its packages (React among them) in its bundle, built for production: left
  // to Node, React would pick its development build whenever NODE_ENV is unset, as under `npm start`.
  ...(isSsrBuild
    ? { ssr: { noExternal: true }, define: { "process.env.NODE_ENV": JSON.stringify("production") } }
    : {}),
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      // a route's loader and pending screen load with its page too (the router awaits them), so the
      // first load carries only the routes' definitions: each page's reads and screens are its own
      codeSplittingOptions: {
        defaultBehavior: [["component"], ["errorComponent"], ["notFoundComponent"], ["loader"], ["pendingComponent"]],
      },
    }),
    react(),
    tailwindcss(),
    precompress({ before: startAfterFirstPaint }),
  ],
  resolve: {
    alias: [
      // @tanstack/react-store asks for the React 16/17 shim of useSyncExternalStore; React 18 has the
      // hook itself, and the package's own non-shim build uses it (the shim's fallback is dead code here)
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: "use-sync-external-store/with-selector",
      },
    ],
  },
  build: {
    manifest: true,
    sourcemap: process.env.SOURCEMAP === "1",
    target: "es2022",
    // Everything the first paint needs in one chunk next to the entry: a phone on HTTP/1.1 opens six
    // connections per host, and a dozen small module requests would queue the page's image behind them.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: { codeSplitting: { groups: [{ name: "app", tags: ["$initial" as const] }] } },
          // tRPC's packages do not say they are free of side effects (package.json "sideEffects"), so
          // the bundler kept what the storefront never calls (the WebSocket link, streaming): they are
          treeshake: { moduleSideEffects: (id: string) => !/\/node_modules\/@trpc\//.test(id) },
        },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { "/api": "http://localhost:3000", "/media": "http://localhost:3000" },
  },
}));

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
