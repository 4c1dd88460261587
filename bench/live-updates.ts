// Live updates (decision 0034): figures printed, never asserted.
//   node --import tsx bench/live-updates.ts [--runs 15] [--streams 2000] [--events 300]
// A real server process on a throwaway PostgreSQL database (bench-kit's, on BENCH_DATABASE_URL's server):
// 1. submit → verdict shown: `runs` submissions of root, each claimed by a protocol-level judge that reports
//    Accepted after a random 0.2–3 s; an SSE client and a client polling check-submissions-status every 2 s (the
//    pages' polling interval) watch the same submission in the same run; medians and their ratio.
// 2. `streams` open streams on the one instance (one per user): the server's memory per stream (heap and RSS after
//    a GC, over the same process before opening them), and event delivery: `events` single status changes of
//    random users' submissions, written to the database one at a time, from the commit to the event arriving
//    (p50/p99), then one statement changing every user's submission at once (a rejudge: the last arrival).
// 3. the same users each watching one public contest: a verdict moves its board; from the report to every stream's
//    board event (3 rounds).
import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JUDGE_STATUS, ROLE_IDS } from '@oj/shared';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { bootstrap } from '../apps/server/src/bootstrap.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { submissions } from '../apps/server/src/db/schema.js';
import { hashPassword } from '../apps/server/src/lib/password.js';
import { createServices } from '../apps/server/src/services.js';
import { createProblem } from '../apps/server/test/judge-helpers.js';
import { openSse } from '../apps/server/test/sse-client.js';
import { arg, percentile, throwawayPostgres } from './bench-kit.js';

const TOKEN = 'bench-judge-token';
const ROOT_PASSWORD = 'bench-root-1';

// ---- the server process --------------------------------------------------------------------------------------
if (process.argv[2] === 'serve') {
  const url = process.argv[3];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-bench-live-'));
  const database = await openDatabase({ url });
  const services = createServices(database.db, { dataDir, bus: database.bus });
  await bootstrap(services, { rootPassword: ROOT_PASSWORD });
  await services.site.updateSwitches({ defaultSubmitInterval: 0 });
  const app = await buildApp({ services, logLevel: 'warn', judgeToken: TOKEN });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.on('message', (m: string) => {
    if (m === 'mem') {
      (globalThis as { gc?: () => void }).gc?.();
      const { heapUsed, rss, external } = process.memoryUsage();
      process.send?.({ heapUsed, rss, external, open: services.live.openCount() });
    }
    if (m === 'stop') void app.close().then(() => database.close().then(() => process.exit(0)));
  });
  process.send?.({ port });
} else {
  await main();
}

async function main() {
  const runs = Number(arg('runs', '15'));
  const streamCount = Number(arg('streams', '2000'));
  const eventCount = Number(arg('events', '300'));
  const db = await throwawayPostgres();
  const child = fork(import.meta.filename, ['serve', db.url], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const reply = <T>() => new Promise<T>((resolve) => child.once('message', (v) => resolve(v as T)));
  try {
    const { port } = await reply<{ port: number }>();
    const base = `http://127.0.0.1:${port}`;
    const call = async (p: string, body: object, token?: string) => {
      const res = await fetch(`${base}${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as { status: number; data: Record<string, unknown> };
      if (json.status !== 200) throw new Error(`${p}: ${JSON.stringify(json)}`);
      return { data: json.data, headers: res.headers };
    };
    const judge = (p: string, body: object) => call(`/api/judge/${p}`, { name: 'bench-judge', ...body }, TOKEN);
    const claim = (waitMs = 5000) =>
      judge('claim', { languages: ['C++'], concurrency: 1, running: 0, waitMs }).then((r) => r.data);

    // The bench's own view of the database (users, a problem, sessions, status writes).
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-bench-live-'));
    const database = await openDatabase({ url: db.url });
    const services = createServices(database.db, { dataDir, bus: database.bus });
    const problem = await createProblem({ services }, { problemId: 'LIVE1', title: 'A+B' }, { languages: ['C++'] });

    // ---- 1. submit → verdict shown ----------------------------------------------------------------------------
    const login = await call('/api/login', { username: 'root', password: ROOT_PASSWORD });
    const rootToken = login.headers.get('authorization') as string;
    await claim(); // declares the judge's languages
    const stream = await openSse(base, '/api/events', { authorization: rootToken });
    if (stream.status !== 200) throw new Error(`stream refused: ${stream.status}`);
    const sseMs: number[] = [];
    const pollMs: number[] = [];
    const sseAfterVerdict: number[] = [];
    const pollAfterVerdict: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const submitted = await call(
        '/api/submit-problem-judge',
        { pid: problem.id, language: 'C++', code: `int main(){} // ${i}` },
        rootToken,
      );
      const submitId = submitted.data.submitId as number;
      const shown = stream.next(
        (e) =>
          e.event === 'submission' &&
          (e.data as { submitId: number; status: number }).submitId === submitId &&
          (e.data as { status: number }).status === JUDGE_STATUS.ACCEPTED,
        30_000,
      );
      const polled = (async () => {
        for (;;) {
          await new Promise((r) => setTimeout(r, 2000));
          const r = await call('/api/check-submissions-status', { submitIds: [submitId] }, rootToken);
          const row = r.data[submitId] as { status: number } | undefined;
          if (row && row.status === JUDGE_STATUS.ACCEPTED) return performance.now();
        }
      })();
      const task = (await claim()) as { taskId: number; attempt: number };
      await new Promise((r) => setTimeout(r, 200 + Math.random() * 2800));
      const reported = performance.now();
      await judge('report', {
        taskId: task.taskId,
        attempt: task.attempt,
        judge: { status: 0, score: 0, time: 1, memory: 1, errorMessage: '', oiRankScore: null, cases: [] },
      });
      const [event, pollAt] = await Promise.all([shown, polled]);
      sseMs.push(event.at - t0);
      pollMs.push(pollAt - t0);
      sseAfterVerdict.push(event.at - reported);
      pollAfterVerdict.push(pollAt - reported);
    }
    stream.close();
    const med = (v: number[]) =>
      percentile(
        [...v].sort((x, y) => x - y),
        0.5,
      );
    console.log(
      `machine: ${os.cpus().length} CPUs, load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log(`1. submit → verdict shown, ${runs} runs (judge reports after 0.2–3 s):`);
    console.log(
      `   SSE      median ${med(sseMs).toFixed(0)} ms   verdict → shown median ${med(sseAfterVerdict).toFixed(1)} ms`,
    );
    console.log(
      `   poll 2 s median ${med(pollMs).toFixed(0)} ms   verdict → shown median ${med(pollAfterVerdict).toFixed(0)} ms`,
    );
    console.log(
      `   ratio poll/SSE: submit → shown ${(med(pollMs) / med(sseMs)).toFixed(2)}×, verdict → shown ${(med(pollAfterVerdict) / med(sseAfterVerdict)).toFixed(0)}×`,
    );

    // ---- 2. many streams on one instance ---------------------------------------------------------------------
    const passwordHash = await hashPassword('password1');
    const people: { uid: string; token: string; submitId: number }[] = [];
    for (let i = 0; i < streamCount; i++) {
      const uid = crypto.randomUUID().replaceAll('-', '');
      await services.users.create({ uid, username: `live${i}`, passwordHash, status: 0 }, [ROLE_IDS.user]);
      const { token } = await services.sessions.issue(uid, { ip: '127.0.0.1', userAgent: 'bench' });
      const [row] = await services.db
        .insert(submissions)
        .values({
          pid: problem.id,
          displayPid: 'LIVE1',
          uid,
          username: `live${i}`,
          status: JUDGE_STATUS.ACCEPTED,
          length: 1,
          code: 'x',
          language: 'C++',
        })
        .returning({ submitId: submissions.submitId });
      people.push({ uid, token, submitId: row.submitId });
    }
    child.send('mem');
    const before = await reply<{ heapUsed: number; rss: number }>();
    const streams: Awaited<ReturnType<typeof openSse>>[] = [];
    for (let i = 0; i < people.length; i += 100) {
      streams.push(
        ...(await Promise.all(
          people.slice(i, i + 100).map((p) => openSse(base, '/api/events', { authorization: p.token })),
        )),
      );
    }
    if (streams.some((s) => s.status !== 200)) throw new Error('a stream was refused');
    await Promise.all(streams.map((s) => s.next((e) => e.event === 'unread', 60_000)));
    child.send('mem');
    const after = await reply<{ heapUsed: number; rss: number; open: number }>();
    const kb = (bytes: number) => (bytes / 1024 / streamCount).toFixed(1);
    console.log(`2. ${after.open} streams open on one instance:`);
    console.log(
      `   memory per stream: heap ${kb(after.heapUsed - before.heapUsed)} KB, RSS ${kb(after.rss - before.rss)} KB`,
    );

    const writer = new pg.Client({ connectionString: db.url });
    writer.on('error', () => {});
    await writer.connect();
    const latencies: number[] = [];
    const byUid = new Map(people.map((p, i) => [p.submitId, streams[i]]));
    const current = new Map(people.map((p) => [p.submitId, JUDGE_STATUS.ACCEPTED as number]));
    for (let i = 0; i < eventCount; i++) {
      const p = people[Math.floor(Math.random() * people.length)];
      const s = byUid.get(p.submitId);
      if (!s) continue;
      // Each write changes the status (an unchanged one tells nothing).
      const want =
        current.get(p.submitId) === JUDGE_STATUS.ACCEPTED ? JUDGE_STATUS.WRONG_ANSWER : JUDGE_STATUS.ACCEPTED;
      current.set(p.submitId, want);
      const arrived = s.next(
        (e) =>
          e.event === 'submission' &&
          (e.data as { submitId: number }).submitId === p.submitId &&
          (e.data as { status: number }).status === want,
      );
      const t0 = performance.now();
      await writer.query('UPDATE submissions SET status = $1 WHERE submit_id = $2', [want, p.submitId]);
      latencies.push((await arrived).at - t0);
      await new Promise((r) => setTimeout(r, 10));
    }
    latencies.sort((x, y) => x - y);
    console.log(
      `   delivery of ${eventCount} single events: p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms, max ${latencies.at(-1)?.toFixed(1)} ms`,
    );

    const all = streams.map((s, i) =>
      s.next(
        (e) =>
          e.event === 'submission' &&
          (e.data as { submitId: number; status: number }).submitId === people[i].submitId &&
          (e.data as { status: number }).status === JUDGE_STATUS.PENDING,
        120_000,
      ),
    );
    const t0 = performance.now();
    await writer.query('UPDATE submissions SET status = $1 WHERE pid = $2 AND uid <> $3', [
      JUDGE_STATUS.PENDING,
      problem.id,
      (await services.users.findByUsername('root'))?.uid ?? '',
    ]);
    const burst = (await Promise.all(all)).map((e) => e.at - t0).sort((x, y) => x - y);
    console.log(
      `   one statement changing ${streamCount} users' submissions: p50 ${percentile(burst, 0.5).toFixed(0)} ms, p99 ${percentile(burst, 0.99).toFixed(0)} ms, last ${burst.at(-1)?.toFixed(0)} ms`,
    );
    await writer.end();
    for (const s of streams) s.close();

    // ---- 3. one board watched by every stream ----------------------------------------------------------------------
    const hour = 3600_000;
    const contest = await call(
      '/api/admin/contest',
      {
        title: 'Live',
        description: 'bench',
        type: 0,
        auth: 0,
        startTime: new Date(Date.now() - hour).toISOString(),
        endTime: new Date(Date.now() + 4 * hour).toISOString(),
        openRank: true,
      },
      rootToken,
    );
    const cid = contest.data.id as number;
    await call('/api/admin/contest/add-problem-from-public', { cid, pid: problem.id, displayId: 'A' }, rootToken);
    await new Promise((r) => setTimeout(r, 3000)); // the closed streams' rows go
    const watchers: Awaited<ReturnType<typeof openSse>>[] = [];
    for (let i = 0; i < people.length; i += 100) {
      watchers.push(
        ...(await Promise.all(
          people.slice(i, i + 100).map((p) => openSse(base, `/api/events?cid=${cid}`, { authorization: p.token })),
        )),
      );
    }
    if (watchers.some((w) => w.status !== 200)) throw new Error('a board stream was refused');
    await Promise.all(watchers.map((w) => w.next((e) => e.event === 'unread', 60_000)));
    await new Promise((r) => setTimeout(r, 2000));
    for (let round = 0; round < 3; round++) {
      const player = people[round];
      await claim(0); // the judge is alive again (it offers the language)
      await call(
        '/api/submit-problem-judge',
        { pid: 'A', cid, language: 'C++', code: `int main(){} // ${round}` },
        player.token,
      );
      const task = (await claim()) as { taskId: number; attempt: number };
      // The new try moved the board too: its events pass, and the once-a-second window with them.
      await new Promise((r) => setTimeout(r, 2000));
      for (const w of watchers) w.events.length = 0;
      const told = watchers.map((w) => w.next((e) => e.event === 'board', 120_000));
      const t0 = performance.now();
      await judge('report', {
        taskId: task.taskId,
        attempt: task.attempt,
        judge: { status: 0, score: 0, time: 1, memory: 1, errorMessage: '', oiRankScore: null, cases: [] },
      });
      const arrivals = (await Promise.all(told)).map((e) => e.at - t0).sort((x, y) => x - y);
      console.log(
        `3. a verdict on a board ${watchers.length} streams watch: p50 ${percentile(arrivals, 0.5).toFixed(0)} ms, p99 ${percentile(arrivals, 0.99).toFixed(0)} ms, last ${arrivals.at(-1)?.toFixed(0)} ms`,
      );
      await new Promise((r) => setTimeout(r, 1500));
    }
    for (const w of watchers) w.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  } finally {
    child.send('stop');
    await new Promise((r) => child.once('exit', r));
    await db.drop();
  }
}
