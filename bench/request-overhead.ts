/**
 * What one request costs the server beside its own work: the trivial endpoint (get-website-config, answered from
 * memory) as a visitor and as a signed-in user, and a signed-in endpoint that reads one row, against a bare Fastify
 * route answering the same JSON, all measured in the same run over real HTTP (keep-alive, `--clients` at once).
 * `--profile` writes a CPU profile of the server's process for each call (bench/*.cpuprofile), to see where the time
 * goes.
 *
 *   node --import tsx bench/request-overhead.ts [--clients 50] [--seconds 5] [--profile] [--db pglite|postgres]
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { bootstrap } from '../apps/server/src/bootstrap.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { createServices } from '../apps/server/src/services.js';
import { arg, httpClients, median, percentile, throwawayPostgres } from './bench-kit.js';

const CLIENTS = Number(arg('clients', '50'));
const SECONDS = Number(arg('seconds', '5'));
const PROFILE = process.argv.includes('--profile');
const kind = arg('db', 'pglite');

/** A server's address (http://host:port), the path a client GETs, and the token that signs it in. */
type Call = [base: string, path: string, token: string | undefined];

interface Result {
  rps: number;
  median: number;
  p99: number;
}

/** `CLIENTS` clients, each one GET after another on a kept-alive connection, for `SECONDS` (bench-kit.ts). */
const load = async ([base, path, token]: Call): Promise<Result> => {
  const clients = Array.from({ length: CLIENTS }, () => [{ path, token }]);
  const { times, total } = await httpClients(base, clients, { seconds: SECONDS });
  return { rps: (times.length / total) * 1000, median: percentile(times, 0.5), p99: percentile(times, 0.99) };
};

const main = async () => {
  let url: string | undefined;
  let drop = async () => {};
  if (kind === 'postgres') ({ url, drop } = await throwawayPostgres());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-bench-'));
  const database = await openDatabase(url ? { url } : { dataDir: 'memory' });
  const services = createServices(database.db, { dataDir, bus: database.bus });
  await bootstrap(services, { rootPassword: 'bench-root-1', samplesDir: path.join(dataDir, 'no-samples') });
  const app = await buildApp({ services, logLevel: 'silent', judgeToken: 'bench' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const config = (await app.inject({ url: '/api/get-website-config' })).body;
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'root', password: 'bench-root-1' },
  });
  const token = login.headers.authorization as string;
  if (!token) throw new Error(`login: ${login.body}`);

  const bare = Fastify();
  const configJson = JSON.parse(config);
  bare.get('/api/get-website-config', async () => configJson);
  await bare.listen({ port: 0, host: '127.0.0.1' });

  const at = (f: { server: { address(): unknown } }) => `http://127.0.0.1:${(f.server.address() as AddressInfo).port}`;
  const calls: [string, Call][] = [
    ['bare Fastify route', [at(bare), '/api/get-website-config', undefined]],
    ['get-website-config, visitor', [at(app), '/api/get-website-config', undefined]],
    ['get-website-config, signed in', [at(app), '/api/get-website-config', token]],
    ['get-user-auth-info (one query), signed in', [at(app), '/api/get-user-auth-info', token]],
  ];
  const inspector = new Session();
  inspector.connect();
  // One unmeasured pass of each, then three interleaved measured runs.
  for (const [, call] of calls) await load(call);
  const runs: Result[][] = calls.map(() => []);
  for (let k = 0; k < 3; k++) {
    for (const [i, [label, call]] of calls.entries()) {
      if (PROFILE && k === 0) {
        await inspector.post('Profiler.enable');
        await inspector.post('Profiler.start');
      }
      runs[i].push(await load(call));
      if (PROFILE && k === 0) {
        const { profile } = await inspector.post('Profiler.stop');
        const file = path.join('bench', `request-overhead-${i}.cpuprofile`);
        fs.writeFileSync(file, JSON.stringify(profile));
        console.log(`${label}: profile in ${file}`);
      }
    }
  }
  const bareRps = median(runs[0].map((r) => r.rps));
  console.log(
    `\n${CLIENTS} clients, ${SECONDS} s a run, medians of 3 runs, ${kind}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log('| call | req/s | median ms | p99 ms | req/s vs bare |');
  console.log('|---|---|---|---|---|');
  for (const [i, [label]] of calls.entries()) {
    const rps = median(runs[i].map((r) => r.rps));
    console.log(
      `| ${label} | ${rps.toFixed(0)} | ${median(runs[i].map((r) => r.median)).toFixed(2)} | ${median(runs[i].map((r) => r.p99)).toFixed(2)} | ${(rps / bareRps).toFixed(2)} |`,
    );
  }
  inspector.disconnect();
  await app.close();
  await bare.close();
  await database.close();
  await drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
};

await main();
