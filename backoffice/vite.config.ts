import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "../scripts/vite-precompress";

export default defineConfig({
  plugins: [tanstackRouter({ target: "react", autoCodeSplitting: true }), react(), tailwindcss(), precompress()],
  build: {
    manifest: true,
    sourcemap: false,
    target: "es2022",
    rolldownOptions: {
      // tRPC's packages declare no "sideEffects"; they have none at import time, so unused links
      // (wsLink and friends) can be dropped from the entry.
      treeshake: { moduleSideEffects: (id: string) => !/node_modules[\\/]@trpc[\\/]/.test(id) },
    },
  },
  server: {
    port: 5174,
    strictPort: true,
    proxy: { "/api": "http://localhost:3001", "/media": "http://localhost:3001" },
  },
});
