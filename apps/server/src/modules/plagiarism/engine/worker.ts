/** The engine's worker thread (started by `createEngineWorker` in engine-worker.ts): fingerprints and compares off
 * the main thread. Each grammar is loaded once per worker, on first use. */
import { parentPort } from 'node:worker_threads';
import { compare } from './compare.js';
import type { WorkerRequest, WorkerResponse } from './engine-worker.js';
import { fingerprint } from './fingerprint.js';
import { loadLanguage } from './tokenize.js';

const port = parentPort;
if (!port) throw new Error('worker.ts runs as a worker thread (createEngineWorker)');

const handle = async (req: WorkerRequest) => {
  if (req.op === 'fingerprintMany') {
    const out = [];
    for (const item of req.items) out.push(await fingerprint(item.code, item.language));
    return out;
  }
  await loadLanguage(req.input.language);
  return compare(req.input);
};

port.on('message', (req: WorkerRequest) => {
  handle(req).then(
    (result) => port.postMessage({ id: req.id, ok: true, result } satisfies WorkerResponse),
    (e: unknown) =>
      port.postMessage({
        id: req.id,
        ok: false,
        error: e instanceof Error ? e.message : String(e),
      } satisfies WorkerResponse),
  );
});
