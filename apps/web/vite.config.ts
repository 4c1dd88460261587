import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { PROBLEM_PAGE_NAMESPACES, PROBLEM_PAGE_PATH } from './src/features/problem/problem-page-path';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every compressible file of the
 * build, however small (a first visit loads a few chunks of a few hundred bytes), each only when smaller than the
 * file: the server sends the one the browser accepts (decision 0038), and scripts/check-bundle-size.mjs measures them. index.html is left alone (small, never cached). */
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

/** The one part of a module that antd takes from it, where the module's index would bring much more into the first
 * visit's download (decisions 0038, 0045). Each entry: the antd file that imports, what it imports, and what it gets.
 * - antd's form context module (imported by Input, Button, Space and others) takes only `FormProvider` from
 *   @rc-component/form, whose index assigns Field, List and useForm onto the Form component and so keeps the whole
 *   form library and its validator (about 11 KB brotli); it gets the module that defines FormProvider.
 * - The button's style tokens take `isBright` from the colour picker's presets panel, which imports antd's Collapse
 *   and the whole colour picker; they get the same function alone (IS_BRIGHT below). With the next two rules, about
 *   11 KB brotli less in the first visit (decision 0045).
 * - antd's colour class takes only the `Color` class from @rc-component/color-picker; it gets the module that defines
 *   it, not the picker's index.
 * - ConfigProvider wraps the app in the shared tooltip popup (UniqueProvider, with @rc-component/trigger) only when
 *   `tooltip.unique` is set, which this app never sets (app/app.tsx); it gets a stand-in, so the trigger library
 *   arrives with the first component that pops something up.
 * The form, colour picker and tooltip themselves still import the full packages. */
const IS_BRIGHT = '\0oj-antd-is-bright';
const NO_TOOLTIP_UNIQUE = '\0oj-antd-no-tooltip-unique';
const NARROWED: { importer: RegExp; source: string; to: string }[] = [
  {
    importer: /antd[\\/]es[\\/]form[\\/]context\.js$/,
    source: '@rc-component/form',
    to: '@rc-component/form/es/FormContext',
  },
  {
    importer: /antd[\\/]es[\\/]button[\\/]style[\\/]token\.js$/,
    source: '../../color-picker/components/ColorPresets',
    to: IS_BRIGHT,
  },
  {
    importer: /antd[\\/]es[\\/]color-picker[\\/]color\.js$/,
    source: '@rc-component/color-picker',
    to: '@rc-component/color-picker/es/color',
  },
  {
    importer: /antd[\\/]es[\\/]config-provider[\\/]index\.js$/,
    source: '../tooltip/UniqueProvider',
    to: NO_TOOLTIP_UNIQUE,
  },
];
const VIRTUAL: Record<string, string> = {
  // antd/es/color-picker/components/ColorPresets.js's isBright, word for word.
  [IS_BRIGHT]: `import { Color as RcColor } from '@rc-component/color-picker/es/color';
export const isBright = (value, bgColorToken) => {
  const { r, g, b, a } = value.toRgb();
  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  if (a <= 0.5) return hsv.v > 0.5;
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};`,
  [NO_TOOLTIP_UNIQUE]: 'export default ({ children }) => children;',
};
const antdNarrowImports = (): Plugin => ({
  name: 'oj-antd-narrow-imports',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source in VIRTUAL) return source;
    const narrowed = importer && NARROWED.find((n) => n.source === source && n.importer.test(importer));
    if (!narrowed) return null;
    if (narrowed.to in VIRTUAL) return narrowed.to;
    return this.resolve(narrowed.to, importer, { skipSelf: true });
  },
  load(id) {
    return VIRTUAL[id] ?? null;
  },
});

/** The pages whose chunks the server names as module preloads in the index.html it sends for one of their paths
 * (decision 0048): the browser fetches them while the entry itself arrives and runs, instead of once the entry asks
 * for them. Each page's modules (source paths, or a package's own file) with what they import statically, less what
 * the entry already brings; and its texts' modules in each language (the server names those of the visitor's
 * language). */
const LANGUAGES = ['zh-CN', 'en-US'] as const;
/** The grammar of the editor's starting language: C++ unless the visitor saved another for the problem
 * (src/features/problem/editor-storage.ts, `initialLanguage`; C is highlighted as C++ too). Named with the page, it
 * arrives with the page's chunks instead of being asked for once the editor has rendered. */
const CPP_GRAMMAR = fileURLToPath(import.meta.resolve('@codemirror/lang-cpp'));
const ROUTE_PRELOADS = [
  {
    path: PROBLEM_PAGE_PATH,
    modules: ['src/features/problem/problem-detail-page.tsx', 'src/features/problem/code-editor.tsx', CPP_GRAMMAR],
    texts: Object.fromEntries(
      LANGUAGES.map((lang) => [lang, PROBLEM_PAGE_NAMESPACES.map((ns) => `src/features/${ns}/texts/${lang}.ts`)]),
    ),
  },
];

/** Writes dist/route-preloads.json: `[{ path: <regular expression source>, files: ['/assets/…js', …],
 * texts: { 'zh-CN': [...], 'en-US': [...] } }]`. */
const routePreloads = (): Plugin => ({
  name: 'oj-route-preloads',
  apply: 'build',
  async writeBundle(options, bundle: OutputBundle) {
    const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
    const byFile = new Map(chunks.map((c) => [c.fileName, c]));
    const closure = (start: OutputChunk[]) => {
      const seen = new Set<string>();
      const visit = (c: OutputChunk | undefined) => {
        if (!c || seen.has(c.fileName)) return;
        seen.add(c.fileName);
        for (const dep of c.imports) visit(byFile.get(dep));
      };
      for (const c of start) visit(c);
      return seen;
    };
    const entry = closure(chunks.filter((c) => c.isEntry));
    const root = path.resolve(import.meta.dirname);
    const filesOf = (modules: string[]) => {
      const start = modules.map((m) => {
        const found = chunks.find((c) => c.facadeModuleId === path.resolve(root, m));
        if (!found) throw new Error(`route preloads: ${m} is not a chunk of the build`);
        return found;
      });
      return [...closure(start)].filter((f) => !entry.has(f)).map((f) => `/${f}`);
    };
    const preloads = ROUTE_PRELOADS.map(({ path: pattern, modules, texts }) => ({
      path: pattern.source,
      files: filesOf(modules),
      texts: Object.fromEntries(Object.entries(texts).map(([lang, list]) => [lang, filesOf(list)])),
    }));
    await fs.writeFile(path.join(options.dir ?? 'dist', 'route-preloads.json'), `${JSON.stringify(preloads)}\n`);
  },
});

// The server (apps/server) serves dist/ and answers /api on the same origin; in development Vite proxies to it.
export default defineConfig({
  plugins: [react(), antdNarrowImports(), precompress(), routePreloads()],
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
    // A lazy chunk's own imports are not preloaded ahead of it (each by a <link rel="modulepreload"> the page appends):
    // the browser asks for them as soon as the chunk arrives, and the links cost the main thread about a millisecond
    // each while the page loads (the problem page's second wave appended 45, 44 ms of a profiled load). The stylesheets
    // of a lazy chunk are still loaded with it. Interleaved on one machine, 16 visits each, the problem page's editor
    // showed 14% and took a keystroke 9% sooner without them (decision 0048). The entry's own imports are still named
    // in index.html: without the link the browser found the runtime chunk only once it had parsed the entry, one more
    // round trip before the entry could run.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
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
