#!/usr/bin/env node
// The Node side as built JavaScript: the server, the judge worker and the command-line tools start without
// transpiling TypeScript at run time (tsx spent about a second of every start on it) and without resolving and
// loading each of the thousand-odd modules they are made of (one file per program, read once). esbuild bundles
// each program with the workspace packages and the npm packages it imports; the few packages that read files
// beside their own code (PGlite's WebAssembly, the tree-sitter grammars) stay outside and load from node_modules.
// A bundle sits directly in its workspace's `dist/`, at the depth of its `src/`, so paths a module computes from
// its own place (config.ts's REPO_ROOT, the judge's JUDGE_ROOT) are the same built or not. Types are checked by
// `npm run typecheck`, not here.
//
//   node scripts/build-node.mjs           build when a source changed since the last build
//   node scripts/build-node.mjs --force   build anyway
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Each program: its source, and the bundle `npm start`, the judge and the tools run. */
export const PROGRAMS = {
  // Bundled as CommonJS (main.cjs) and started by a main.js that runs it with V8's code cache (code-cache.mjs) and
  // these V8 flags. PGlite's WebAssembly (9 MB: PostgreSQL) is compiled fast, then optimised again function by
  // function as it runs (V8's dynamic tiering): at V8's default budget a start alone has it optimise hundreds of
  // functions that never run again, about a second of CPU while the start needs both cores; at a budget a hundred
  // times larger only what stays hot is optimised, within the first few hundred queries (bench/start-up.ts).
  server: {
    src: 'apps/server/src/main.ts',
    out: 'apps/server/dist/main.js',
    codeCache: true,
    v8Flags: ['--wasm-tiering-budget=180000000'],
  },
  // The copy-detection engine's thread (modules/plagiarism/engine/engine-worker.ts starts ./worker.js beside the
  // bundle that runs it).
  plagiarismWorker: { src: 'apps/server/src/modules/plagiarism/engine/worker.ts', out: 'apps/server/dist/worker.js' },
  // The embedded database's thread (db/pglite-thread.ts starts ./pglite-worker.js the same way), started with the
  // server's own flags (V8's are the process's), from its code cache too.
  databaseThread: {
    src: 'apps/server/src/db/pglite-worker.ts',
    out: 'apps/server/dist/pglite-worker.js',
    codeCache: true,
  },
  backup: { src: 'apps/server/src/backup-cli.ts', out: 'apps/server/dist/backup-cli.js' },
  judgeToken: { src: 'apps/server/src/judge-token-cli.ts', out: 'apps/server/dist/judge-token-cli.js' },
  // In chunks beside it (cli-*.js): each command loads what it needs (`local` neither the worker nor the doctor).
  judge: { src: 'apps/judge/src/cli.ts', out: 'apps/judge/dist/cli.js', chunks: true },
};

/** The sources the bundles are made of, watched for changes. */
const SOURCES = ['packages/shared/src', 'packages/remote-judge/src', 'apps/judge/src', 'apps/server/src'];
/** npm packages loaded from node_modules as they are: they read files beside their own code. */
const EXTERNAL = [/^@electric-sql\/pglite(\/|$)/, /^web-tree-sitter$/, /^tree-sitter-/, /^pg-native$/, /^tsx(\/|$)/];
const STAMP = path.join(root, 'apps/server/dist/.built');

const newest = (dir) => {
  let max = fs.statSync(dir).mtimeMs;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    max = Math.max(max, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return max;
};

/** True when there is no build, or a source, the lock file or this script changed since it. */
export const isStale = () => {
  if (!fs.existsSync(STAMP) || Object.values(PROGRAMS).some((p) => !fs.existsSync(path.join(root, p.out)))) {
    return true;
  }
  const built = fs.statSync(STAMP).mtimeMs;
  const inputs = [import.meta.filename, path.join(root, 'package-lock.json')].map((f) => fs.statSync(f).mtimeMs);
  return Math.max(...inputs, ...SOURCES.map((d) => newest(path.join(root, d)))) > built;
};

export const build = async () => {
  const esbuild = await import('esbuild');
  const started = Date.now();
  const external = {
    name: 'external',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) =>
        EXTERNAL.some((re) => re.test(args.path)) ? { path: args.path, external: true } : undefined,
      );
    },
  };
  for (const dir of ['apps/server/dist', 'apps/judge/dist'])
    fs.rmSync(path.join(root, dir), { recursive: true, force: true });
  await Promise.all(
    Object.values(PROGRAMS).map(async (p) => {
      const cjs = p.codeCache ? p.out.replace(/\.js$/, '.cjs') : undefined;
      await esbuild.build({
        absWorkingDir: root,
        // Code splitting (ES modules only) also keeps a dynamically imported module's imports tree-shaken: without
        // it esbuild wraps them for lazy start and keeps every export (all of @oj/shared's contract, for one).
        ...(p.chunks
          ? {
              entryPoints: { [path.basename(p.out, '.js')]: p.src },
              outdir: path.dirname(p.out),
              splitting: true,
              chunkNames: `${path.basename(p.out, '.js')}-[hash]`,
            }
          : { entryPoints: [p.src], outfile: cjs ?? p.out }),
        bundle: true,
        platform: 'node',
        target: 'node20',
        plugins: [external],
        ...(cjs
          ? {
              format: 'cjs',
              // The sources are ES modules: what they ask of import.meta, a CommonJS module has as __filename.
              define: { 'import.meta.url': '__ojModuleUrl', 'import.meta.dirname': '__dirname' },
              banner: { js: "var __ojModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
            }
          : {
              format: 'esm',
              // The CommonJS packages inside an ES module bundle ask for `require` (fastify and its plugins).
              banner: {
                js: "import { createRequire as __ojRequire } from 'node:module'; const require = __ojRequire(import.meta.url);",
              },
            }),
        sourcemap: 'linked',
        keepNames: true,
        legalComments: 'none',
        logLevel: 'warning',
      });
      if (cjs) {
        const loader = path.relative(path.dirname(path.join(root, p.out)), path.join(root, 'scripts/code-cache.mjs'));
        fs.writeFileSync(
          path.join(root, p.out),
          `// Written by scripts/build-node.mjs: runs ${path.basename(cjs)} with V8's code cache.\n` +
            `import { runWithCodeCache } from '${loader}';\n\n` +
            `runWithCodeCache(new URL('./${path.basename(cjs)}', import.meta.url), ${JSON.stringify(p.v8Flags ?? [])});\n`,
        );
      }
    }),
  );
  fs.writeFileSync(STAMP, `${new Date().toISOString()}\n`);
  return Date.now() - started;
};

/** Builds when stale; says so when it does. */
export const ensureBuilt = async () => {
  if (!isStale()) return;
  const ms = await build();
  // On stderr: a tool's own output (a token, a file name) stays alone on stdout.
  console.error(`[build-node] the server, the judge and the tools built in ${ms} ms`);
};

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  if (process.argv.includes('--force')) console.log(`[build-node] built in ${await build()} ms`);
  else await ensureBuilt();
}
