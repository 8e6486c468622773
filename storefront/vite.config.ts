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
  plugins: [tanstackRouter({ target: "react", autoCodeSplitting: true }), react(), tailwindcss(), precompress()],
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
function precompress(): Plugin {
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
