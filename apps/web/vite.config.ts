import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server (apps/server) serves dist/ and answers /api on the same origin; in development Vite proxies to it.
export default defineConfig({
  plugins: [react()],
  resolve: {
    // The web's '@oj/shared' is the package's client entry: endpoint metadata and zod-free values, schemas as types
    // only, so no zod in the bundle (decision 0005). tsconfig.json (paths) and vitest.config.ts map it the same way.
    alias: [{ find: /^@oj\/shared$/, replacement: '@oj/shared/client' }],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: false } },
  },
  build: {
    // The manifest lets scripts/check-bundle-size.mjs follow the entry chunk's static imports.
    manifest: true,
    // Inline nothing as base64 from src/assets beyond tiny icons: images stay cacheable files.
    assetsInlineLimit: 2048,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // Everything the entry needs goes into one chunk: left to the automatic splitting, the modules the entry
        // shares with lazy pages scatter over dozens of small files that gzip worse (about 8 KB more for /home).
        // Lazy pages keep their own chunks (decision 0008).
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
      },
    },
  },
});
