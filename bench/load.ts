/**
 * Load: N simulated students on PostgreSQL against the real topology (apps/server/test/topology:
 * servers as `npm start` runs them behind Debian's nginx, standalone judges through nginx). Each student logs in,
 * then until the end browses the problem list, opens a problem, refreshes the contest board, looks at the
 * submission list, and submits (Accepted or Wrong Answer, C) every 30 s, with a think time between requests; each
 * comes from its own address (X-Forwarded-For, trusted from nginx through OJ_TRUST_PROXY), as a class behind a
 * balancer would. Prints p50/p99 per endpoint, errors (target 0), the queue's wait and the judges' utilisation.
 *
 *   node --import tsx bench/load.ts --servers 2 --students 500 --duration 300 --judges 2
 *   node --import tsx bench/load.ts --servers 1 ...    (the single-instance run to compare with)
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) is the server the throwaway database
 * is made on. Ports 18560-18569.
 */
import { JUDGE_STATUS as S } from '@oj/shared';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.js';
import { createServices } from '../apps/server/src/services.js';
import { emptyDatabase, hasNginx, seedContest, startTopology } from '../apps/server/test/topology/topology.js';
import { arg, percentile } from './bench-kit.js';

const servers = Number(arg('servers', '2'));
const students = Number(arg('students', '500'));
const durationS = Number(arg('duration', '300'));
const judgesN = Number(arg('judges', '2'));
const submitEveryS = Number(arg('submit-every', '30'));
const thinkMs = Number(arg('think-ms', '3000'));
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
if (!hasNginx()) throw new Error('nginx is not installed');

const run = Date.now().toString(36);
const AC = `#include <stdio.h>\n/* ${run} */\nint main(void){long long a,b;while(scanf("%lld %lld",&a,&b)==2)printf("%lld\\n",a+b);return 0;}\n`;
const WA = `#include <stdio.h>\n/* ${run} */\nint main(void){long long a,b;while(scanf("%lld %lld",&a,&b)==2)printf("%lld\\n",a-b);return 0;}\n`;
const rows = <T>(r: unknown) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as T[];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const main = async () => {
  const db = await emptyDatabase(adminUrl, 'oj_load');
  const topo = await startTopology({
    databaseUrl: db.url,
    basePort: 18_560,
    servers,
    judges: judgesN,
    serverEnv: { OJ_TRUST_PROXY: '127.0.0.1' },
  }).catch(async (err) => {
    await db.drop();
    throw err;
  });
  const database = await openDatabase({ url: db.url });
  try {
    const services = createServices(database.db, { dataDir: topo.dataDir, bus: database.bus });
    const { users, cid } = await seedContest(topo, services, {
      run,
      prefix: 'load',
      users: students,
      password: 'load-pass-1',
      title: `Load ${run}`,
      hours: 6,
    });

    const times = new Map<string, number[]>();
    const errors = new Map<string, number>();
    let submits = 0;
    const timed = async (name: string, method: string, path: string, body: unknown, token: string, ip: string) => {
      const start = performance.now();
      let ok = false;
      let what = '';
      try {
        const res = await fetch(`${topo.url}${path}`, {
          method,
          headers: {
            authorization: token,
            'x-forwarded-for': ip,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(60_000),
        });
        const json = (await res.json().catch(() => null)) as { status: number; msg: string } | null;
        ok = res.status === 200 && json?.status === 200;
        what = `${res.status} ${json?.msg ?? ''}`;
      } catch (e) {
        what = (e as Error).message;
      }
      const ms = performance.now() - start;
      if (ok) {
        const list = times.get(name) ?? [];
        list.push(ms);
        times.set(name, list);
      } else {
        const key = `${name}: ${what}`.slice(0, 160);
        errors.set(key, (errors.get(key) ?? 0) + 1);
      }
      return ok;
    };

    const end = Date.now() + durationS * 1000;
    const student = async (i: number) => {
      const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      // Arrivals spread over the first think time.
      await sleep(Math.random() * thinkMs);
      let why = '';
      const login = await fetch(`${topo.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ username: users[i].username, password: 'load-pass-1' }),
        signal: AbortSignal.timeout(60_000),
      }).catch((e: Error) => {
        why = e.message;
        return null;
      });
      const token = login?.headers.get('authorization');
      if (!token) {
        const key = `login: ${login ? login.status : why}`;
        errors.set(key, (errors.get(key) ?? 0) + 1);
        return;
      }
      let nextSubmit = Date.now() + Math.random() * submitEveryS * 1000;
      let k = 0;
      while (Date.now() < end) {
        if (Date.now() >= nextSubmit) {
          nextSubmit += submitEveryS * 1000;
          const code = k++ % 2 === 0 ? AC : WA;
          if (
            await timed(
              'submit',
              'POST',
              '/api/submit-problem-judge',
              { pid: 'A', cid, language: 'C', code },
              token,
              ip,
            )
          )
            submits++;
        } else {
          const step = Math.floor(Math.random() * 4);
          if (step === 0)
            await timed('problem list', 'GET', '/api/get-problem-list?currentPage=1&limit=20', undefined, token, ip);
          else if (step === 1)
            await timed('problem', 'GET', '/api/get-problem-detail?problemId=1000', undefined, token, ip);
          else if (step === 2)
            await timed(
              'contest board',
              'POST',
              '/api/get-contest-rank',
              { cid, currentPage: 1, limit: 50 },
              token,
              ip,
            );
          else
            await timed(
              'submission list',
              'GET',
              `/api/get-submission-list?currentPage=1&limit=20&onlyMine=true&cid=${cid}`,
              undefined,
              token,
              ip,
            );
        }
        await sleep(thinkMs * (0.5 + Math.random()));
      }
    };

    // The queue and the judges, sampled every 2 s.
    const samples: { queued: number; oldestS: number; running: number }[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const [q] = rows<{ queued: number; oldest: number | null; running: number }>(
          await database.db.execute(sql`
            SELECT count(*) FILTER (WHERE state = 'queued')::int AS queued,
              extract(epoch FROM now() - min(created_at) FILTER (WHERE state = 'queued'))::float AS oldest,
              count(*) FILTER (WHERE state = 'running')::int AS running
            FROM judge_tasks`),
        );
        samples.push({ queued: q.queued, oldestS: q.oldest ?? 0, running: q.running });
        await sleep(2000);
      }
    })();
    const started = Date.now();
    await Promise.all(Array.from({ length: students }, (_, i) => student(i)));
    const elapsedS = (Date.now() - started) / 1000;
    sampling = false;
    await sampler;

    const [t] = rows<{ done: number; wait_p50: number; wait_p99: number }>(
      await database.db.execute(sql`
        SELECT count(*)::int AS done,
          percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM updated_at - created_at))::float AS wait_p50,
          percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM updated_at - created_at))::float AS wait_p99
        FROM judge_tasks WHERE state = 'done' AND kind = 'judge'`),
    );
    const [{ judged }] = rows<{ judged: number }>(
      await database.db.execute(
        sql`SELECT count(*)::int AS judged FROM submissions WHERE status NOT IN (${S.PENDING}, ${S.COMPILING}, ${S.JUDGING})`,
      ),
    );
    const slots = judgesN;
    const util = samples.length
      ? samples.reduce((a, s) => a + Math.min(s.running, slots), 0) / samples.length / slots
      : 0;
    const lines = [
      `load: ${servers} server instance(s) behind nginx, ${judgesN} judge(s) x 1 slot, ${students} students, ${elapsedS.toFixed(0)} s, think ${thinkMs} ms, submit every ${submitEveryS} s`,
      'endpoint            calls     p50 ms    p99 ms',
    ];
    for (const [name, list] of [...times].sort()) {
      list.sort((a, b) => a - b);
      lines.push(
        `${name.padEnd(18)} ${String(list.length).padStart(6)} ${percentile(list, 0.5).toFixed(1).padStart(10)} ${percentile(list, 0.99).toFixed(1).padStart(9)}`,
      );
    }
    const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
    lines.push(
      `errors: ${errorCount}${errorCount ? ` (${[...errors].map(([k, n]) => `${k} x${n}`).join('; ')})` : ''}`,
    );
    lines.push(
      `submissions: ${submits} accepted by the servers, ${judged} judged by the end (${t.done} judge tasks done); task turnaround (queued to reported) p50 ${(t.wait_p50 ?? 0).toFixed(1)} s, p99 ${(t.wait_p99 ?? 0).toFixed(1)} s`,
    );
    lines.push(
      `queue: backlog max ${Math.max(0, ...samples.map((s) => s.queued))}, at the end ${samples.at(-1)?.queued ?? 0}; oldest queued task max ${Math.max(0, ...samples.map((s) => s.oldestS)).toFixed(0)} s`,
    );
    lines.push(`judge utilisation (running tasks / slots, sampled every 2 s): ${(util * 100).toFixed(0)}%`);
    lines.push(`requests per instance (nginx): ${[...topo.requestCounts()].map(([a, n]) => `${a} ${n}`).join(', ')}`);
    console.log(lines.join('\n'));
  } finally {
    await database.close();
    await topo.stop();
    await db.drop();
  }
};

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
