/** The engine on a worker thread, so a check never blocks the server's requests. */
import type { Worker } from 'node:worker_threads';
import { startWorkerThread } from '../../../lib/worker-thread.js';
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

/** A worker thread running fingerprint() and compare(); one request at a time in order. The thread does not keep
 * the process alive while nothing is asked of it. */
export function createEngineWorker(): EngineWorker {
  const worker: Worker = startWorkerThread(import.meta.url, 'worker');
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
