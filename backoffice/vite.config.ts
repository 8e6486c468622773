import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tanstackRouter({ target: "react", autoCodeSplitting: true }), react(), tailwindcss()],
  build: { manifest: true, sourcemap: false, target: "es2022" },
  server: {
    port: 5174,
    strictPort: true,
    proxy: { "/api": "http://localhost:3001", "/media": "http://localhost:3001" },
  },
});
