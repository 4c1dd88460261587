import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Judger, runWorker } from './worker.js';

// A worker asked to stop while it still probes its languages (compilers, precompiled headers: seconds) stops at once,
// before it serves: an orchestrator's stop timeout (Docker's 10 s) must not wait for the probes.
describe('a worker stopped while it starts', () => {
  let server: http.Server;
  let url: string;
  const requests: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      requests.push(req.url ?? '');
      res.writeHead(500).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('ends without waiting for its language probes and claims nothing', async () => {
    let probed = false;
    const judger = {
      // Probes that would take a minute.
      languages: () =>
        new Promise<string[]>((resolve) =>
          setTimeout(() => {
            probed = true;
            resolve(['C++']);
          }, 60_000).unref(),
        ),
    } as unknown as Judger;
    const drain = new AbortController();
    const started = Date.now();
    const running = runWorker({ server: url, token: 't', judger, drain: drain.signal, concurrency: 1 });
    setTimeout(() => drain.abort(), 50);
    await running;
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(probed).toBe(false);
    expect(requests).toEqual([]);
  });
});
