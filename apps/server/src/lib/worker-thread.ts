/** Starting the server's worker threads (the copy-detection engine's, the embedded database's). */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** A new thread running the module `name` beside the calling module (`callerUrl`, its import.meta.url). Built to
 * JavaScript (scripts/build-node.mjs), `<name>.js` lies beside the bundle and runs as it is. Run from the TypeScript
 * sources (`node --import tsx`, or under vitest) a thread does not get tsx's loader from the parent's `--import tsx`
 * (Node 20 runs no `--import` in worker threads, and its hooks do not reach them), so the thread starts with a line
 * that loads `<name>.ts` through tsx's own `tsImport`. */
export const startWorkerThread = (callerUrl: string, name: string, options: WorkerOptions = {}): Worker => {
  // A module loaded through tsx's tsImport has a query on its URL (a thread started from such a thread).
  const caller = new URL(callerUrl);
  caller.search = '';
  const fromSource = caller.pathname.endsWith('.ts');
  const entry = new URL(`./${name}.${fromSource ? 'ts' : 'js'}`, caller);
  if (!fromSource) return new Worker(entry, options);
  // tsx's ESM API as `import` resolves it (require.resolve would give its CommonJS build, which cannot load here).
  const pkgPath = createRequire(caller).resolve('tsx/package.json');
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as {
    exports: { './esm/api': { import: { default: string } } };
  };
  const api = new URL(pkg.exports['./esm/api'].import.default, pathToFileURL(pkgPath)).href;
  const boot = `import(${JSON.stringify(api)}).then((m) => m.tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(caller.href)}))`;
  return new Worker(boot, { ...options, eval: true });
};
