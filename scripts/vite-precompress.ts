// A Vite plugin shared by both apps' builds (storefront/ and backoffice/ vite.config.ts).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import type { Plugin } from "vite";

/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to each text asset of the build, so that the
 * API's static file server sends them as they are (no compression work per request).
 */
export function precompress(options: { before?: (outDir: string) => void } = {}): Plugin {
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
