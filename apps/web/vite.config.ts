import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every compressible file of the
 * build over 1 KB, each only when smaller than the file: the server sends the one the browser accepts (decision
 * 0038), and scripts/check-bundle-size.mjs measures them. index.html is left alone (small, never cached). */
const precompress = (): Plugin => ({
  name: 'oj-precompress',
  apply: 'build',
  async writeBundle(options, bundle) {
    const dir = options.dir ?? 'dist';
    const files = Object.keys(bundle).filter((f) => /\.(js|css|svg|json|ttf)$/.test(f));
    await Promise.all(
      files.map(async (file) => {
        const full = path.join(dir, file);
        const data = await fs.readFile(full);
        if (data.length < 1024) return;
        const [br, gz] = await Promise.all([
          brotli(data, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              [zlib.constants.BROTLI_PARAM_MODE]: file.endsWith('.ttf')
                ? zlib.constants.BROTLI_MODE_GENERIC
                : zlib.constants.BROTLI_MODE_TEXT,
            },
          }),
          gzip(data, { level: 9 }),
        ]);
        if (br.length < data.length) await fs.writeFile(`${full}.br`, br);
        if (gz.length < data.length) await fs.writeFile(`${full}.gz`, gz);
      }),
    );
  },
});

/** antd's form context module (imported by Input, Button, Space and others) takes only `FormProvider` from
 * @rc-component/form, but that package's index assigns Field, List and useForm onto the Form component, which
 * keeps the whole form library and its validator (about 11 KB brotli) in the first visit's bundle. That one import
 * is resolved to the module that defines FormProvider; the form pages still import the full package (decision
 * 0038). */
const rcFormProviderOnly = (): Plugin => ({
  name: 'oj-rc-form-provider-only',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === '@rc-component/form' && importer && /antd[\\/]es[\\/]form[\\/]context\.js$/.test(importer))
      return this.resolve('@rc-component/form/es/FormContext', importer, { skipSelf: true });
    return null;
  },
});

// The server (apps/server) serves dist/ and answers /api on the same origin; in development Vite proxies to it.
export default defineConfig({
  plugins: [react(), rcFormProviderOnly(), precompress()],
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
