/** What the benches share: a throwaway PostgreSQL database, percentiles, GET calls measured under concurrent
 * clients against a trivial endpoint in the same run, and HTTP clients on a thread of their own. */
import crypto from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';

export const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : def;
};

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/** The median of unsorted values (the upper one of an even count, as `percentile(sorted, 0.5)`). */
export const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

/** A new database on the server of `admin` (default BENCH_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/postgres): its URL, and `drop` to remove it afterwards. */
export const throwawayPostgres = async (
  admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
) => {
  const name = `oj_bench_${crypto.randomBytes(4).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await d.end();
    },
  };
};

export interface Timing {
  median: number;
  p99: number;
  rps: number;
}

/** Each client (a session token) makes `rounds` GET calls one after another, all clients at once. */
export const measureGets = async (
  app: FastifyInstance,
  tokens: string[],
  rounds: number,
  label: string,
  url: (client: number, round: number) => string,
): Promise<Timing> => {
  const times: number[] = [];
  const start = performance.now();
  await Promise.all(
    tokens.map(async (token, client) => {
      for (let r = 0; r < rounds; r++) {
        const s = performance.now();
        const res = await app.inject({ method: 'GET', url: url(client, r), headers: { authorization: token } });
        times.push(performance.now() - s);
        if (res.statusCode !== 200 || res.json().status !== 200) throw new Error(`${label}: ${res.body.slice(0, 200)}`);
      }
    }),
  );
  const total = performance.now() - start;
  times.sort((a, b) => a - b);
  return { median: percentile(times, 0.5), p99: percentile(times, 0.99), rps: (times.length / total) * 1000 };
};

/** The calls (the first one the trivial baseline) measured after one unmeasured pass of each, three times
 * interleaved so a noisy moment on a shared machine does not land on one call only; prints the medians of the three
 * runs as a table with each call's ratio to the baseline. */
export const compareCalls = async (
  app: FastifyInstance,
  tokens: string[],
  rounds: number,
  calls: [label: string, url: (client: number, round: number) => string][],
) => {
  for (const [label, url] of calls) await measureGets(app, tokens, rounds, label, url);
  const runs: Timing[][] = calls.map(() => []);
  for (let k = 0; k < 3; k++) {
    for (const [i, [label, url]] of calls.entries()) runs[i].push(await measureGets(app, tokens, rounds, label, url));
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const summary = runs.map((r) => ({
    median: med(r.map((x) => x.median)),
    p99: med(r.map((x) => x.p99)),
    rps: med(r.map((x) => x.rps)),
  }));
  console.log('| call | median ms | p99 ms | req/s | median vs trivial |');
  console.log('|---|---|---|---|---|');
  for (const [i, [label]] of calls.entries()) {
    const x = summary[i];
    console.log(
      `| ${label} | ${x.median.toFixed(2)} | ${x.p99.toFixed(2)} | ${x.rps.toFixed(0)} | ${(x.median / summary[0].median).toFixed(2)}x |`,
    );
  }
};

/** One call of an HTTP client: a GET without a body, a POST with a JSON one; `token` signs it in. */
export interface ClientCall {
  path: string;
  body?: object;
  token?: string | null;
}

/** The clients of `httpClients`, on a thread of their own (plain JavaScript, Node's http, kept-alive connections).
 * An answer must be 200, and an envelope's status 200 too. */
const CLIENT_CODE = `
const http = require('node:http');
const { parentPort, workerData: { base, clients, rounds, seconds } } = require('node:worker_threads');
const agent = new http.Agent({ keepAlive: true, maxSockets: clients.length });
const send = ({ path, body, token }) => new Promise((resolve, reject) => {
  const data = body === undefined ? undefined : JSON.stringify(body);
  const headers = data === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) };
  if (token) headers.authorization = token;
  const req = http.request(base + path, { method: data === undefined ? 'GET' : 'POST', agent, headers }, (res) => {
    let text = '';
    res.on('data', (d) => { text += d; });
    res.on('end', () => (res.statusCode === 200 && (!text.startsWith('{"status":') || text.startsWith('{"status":200'))
      ? resolve() : reject(new Error(res.statusCode + ' ' + text.slice(0, 200)))));
  });
  req.on('error', reject);
  req.end(data);
});
(async () => {
  const times = [];
  const started = performance.now();
  const end = started + (seconds ?? Infinity) * 1000;
  await Promise.all(clients.map(async (calls) => {
    for (let r = 0; r < (rounds ?? Infinity) && performance.now() < end; r++) {
      const t = performance.now();
      await send(calls[r % calls.length]);
      times.push(performance.now() - t);
    }
  }));
  parentPort.postMessage({ times, total: performance.now() - started });
  agent.destroy();
})().catch((err) => parentPort.postMessage({ error: String(err) }));
`;

/**
 * Clients against the server at `base` (http://host:port), on a thread of their own so that their requests and the
 * reading of the answers do not share the server's event loop: each client sends its calls in turn, one after
 * another, `rounds` times or for `seconds`, all clients at once. Answers each call's time (sorted, ms) and the run's
 * length (ms).
 */
export const httpClients = (
  base: string,
  clients: ClientCall[][],
  run: { rounds: number } | { seconds: number },
): Promise<{ times: number[]; total: number }> =>
  new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT_CODE, { eval: true, workerData: { base, clients, ...run } });
    worker.once('message', (m: { times: number[]; total: number; error?: string }) => {
      void worker.terminate();
      if (m.error) reject(new Error(m.error));
      else resolve({ times: m.times.sort((a, b) => a - b), total: m.total });
    });
    worker.once('error', reject);
  });
