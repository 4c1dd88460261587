/** The engine on a worker thread, so a check never blocks the server's requests. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CompareInput, CompareResult } from './compare.js';
import type { FingerprintData } from './fingerprint.js';
import type { EngineLanguage } from './languages.js';

type Request =
  | { op: 'fingerprintMany'; items: { code: string; language: EngineLanguage }[] }
  | { op: 'compare'; input: CompareInput };
export type WorkerRequest = Request & { id: number };
export type WorkerResponse = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };

export interface EngineWorker {
  fingerprintMany(
    items: { code: string; language: EngineLanguage }[],
  ): Promise<{ tokens: number; data: FingerprintData }[]>;
  compare(input: CompareInput): Promise<CompareResult>;
  /** Ends the thread; calls still waiting fail. */
  close(): Promise<void>;
}

/** A new thread running worker.ts. Built to JavaScript, worker.js runs as it is. Run from the TypeScript sources
 * (`node --import tsx`, as `npm start` and the server's scripts do, or under vitest) a thread does not get tsx's
 * loader from the parent's `--import tsx` (Node 20 runs no `--import` in worker threads, and its hooks do not reach
 * them), so the thread starts with a line that loads worker.ts through tsx's own `tsImport`. */
function startWorker(): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = new URL(fromSource ? './worker.ts' : './worker.js', import.meta.url);
  if (!fromSource) return new Worker(entry);
  // tsx's ESM API as `import` resolves it (require.resolve would give its CommonJS build, which cannot load here).
  const pkgPath = createRequire(import.meta.url).resolve('tsx/package.json');
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as {
    exports: { './esm/api': { import: { default: string } } };
  };
  const api = new URL(pkg.exports['./esm/api'].import.default, pathToFileURL(pkgPath)).href;
  const boot = `import(${JSON.stringify(api)}).then((m) => m.tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(boot, { eval: true });
}

/** A worker thread running fingerprint() and compare(); one request at a time in order. The thread does not keep
 * the process alive while nothing is asked of it. */
export function createEngineWorker(): EngineWorker {
  const worker = startWorker();
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let closed = false;
  worker.unref();

  const failAll = (e: Error) => {
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  };
  worker.on('message', (res: WorkerResponse) => {
    const p = pending.get(res.id);
    if (!p) return;
    pending.delete(res.id);
    if (pending.size === 0) worker.unref();
    if (res.ok) p.resolve(res.result);
    else p.reject(new Error(`plagiarism engine: ${res.error}`));
  });
  worker.on('error', (e) => failAll(e instanceof Error ? e : new Error(String(e))));
  worker.on('exit', (code) => {
    closed = true;
    failAll(new Error(`plagiarism engine worker exited (${code})`));
  });

  const call = (req: Request) =>
    new Promise<unknown>((resolve, reject) => {
      if (closed) return reject(new Error('plagiarism engine worker is closed'));
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ ...req, id });
    });

  return {
    fingerprintMany: (items) =>
      call({ op: 'fingerprintMany', items }) as Promise<{ tokens: number; data: FingerprintData }[]>,
    compare: (input) => call({ op: 'compare', input }) as Promise<CompareResult>,
    async close() {
      if (closed) return;
      closed = true;
      await worker.terminate();
    },
  };
}
