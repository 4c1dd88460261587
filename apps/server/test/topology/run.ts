/**
 * Many servers, many judges, nothing lost, on PostgreSQL: 2 server instances behind nginx, 2 standalone
 * judges through nginx, one database and data directory. 30 users submit 300 times (Accepted, Wrong Answer,
 * Compile Error and Time Limit Exceeded programs; half in a contest); one judge and one server are SIGKILLed
 * mid-run and restarted. Then: every submission has exactly one final verdict, the one its program deserves, judged
 * into the record once; nothing is stuck; the counters and the contest board equal a recomputation from the
 * submissions, and both instances serve the same board. Prints the figures. `npm test` runs it (scripts/test.mjs)
 * when TEST_DATABASE_URL is set; `node --import tsx apps/server/test/topology/run.ts` alone.
 */
import { JUDGE_STATUS as S } from '@oj/shared';
import { sql } from 'drizzle-orm';
import { ensureBuilt } from '../../../../scripts/build-node.mjs';
import { bootstrap } from '../../src/bootstrap.js';
import { openDatabase } from '../../src/db/client.js';
import { createServices } from '../../src/services.js';
import { client, emptyDatabase, hasNginx, ROOT_PASSWORD, seedContest, startTopology } from './topology.js';

const USERS = 30;
const PER_USER = 10;
const PASSWORD = 'topology-pass1';
const SUBMIT_PACE_MS = 4000;
const BASE_PORT = Number(process.env.OJ_TOPOLOGY_PORT ?? 18_540);

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.log('topology: skipped (TEST_DATABASE_URL is not set)');
  process.exit(0);
}
if (!hasNginx()) {
  console.error('topology: nginx is not installed (Debian package nginx; .ci/run installs it)');
  process.exit(1);
}
// The servers and judges it starts are their bundles (test/programs.ts).
await ensureBuilt();

const run = `${Date.now().toString(36)}`;
/** Run-unique sources (the judges' compile cache outlives a run) sharing one compile per kind within the run. */
const PROGRAMS = {
  AC: `#include <stdio.h>\n/* ${run} ac */\nint main(void){long long a,b;while(scanf("%lld %lld",&a,&b)==2)printf("%lld\\n",a+b);return 0;}\n`,
  WA: `#include <stdio.h>\n/* ${run} wa */\nint main(void){long long a,b;while(scanf("%lld %lld",&a,&b)==2)printf("%lld\\n",a-b);return 0;}\n`,
  CE: `/* ${run} ce */\nint main(void){ return missing; }\n`,
  TLE: `/* ${run} tle */\nint main(void){volatile unsigned long x=0;for(;;)x++;return 0;}\n`,
} as const;
type Kind = keyof typeof PROGRAMS;
const EXPECTED: Record<Kind, number> = {
  AC: S.ACCEPTED,
  WA: S.WRONG_ANSWER,
  CE: S.COMPILE_ERROR,
  TLE: S.TIME_LIMIT_EXCEEDED,
};
/** The k-th submission of user u: mostly Accepted and Wrong Answer, some Compile Errors, a few Time Limits. */
const kindOf = (u: number, k: number): Kind =>
  k === 9 && u % 5 === 0 ? 'TLE' : k === 7 ? 'CE' : k % 3 === 1 ? 'WA' : 'AC';

const rows = <T>(r: unknown) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as T[];
const fail = (msg: string) => {
  throw new Error(`topology: ${msg}`);
};

const main = async () => {
  const started = Date.now();
  const db = await emptyDatabase(adminUrl);
  const topo = await startTopology({
    databaseUrl: db.url,
    basePort: BASE_PORT,
    servers: 2,
    judges: 2,
    log: process.env.TOPOLOGY_LOG ? (l) => console.log(l) : undefined,
  }).catch(async (err) => {
    await db.drop();
    throw err;
  });
  const database = await openDatabase({ url: db.url });
  try {
    const startedIn = (Date.now() - started) / 1000;
    const services = createServices(database.db, { dataDir: topo.dataDir, bus: database.bus });
    // Already seeded by the servers (under the start lock): this finds root and the samples there.
    const seeded = await database.exclusive(() => bootstrap(services, { rootPassword: ROOT_PASSWORD }));
    if (seeded.generatedRootPassword) fail('root was not created by the servers');
    await services.site.updateSwitches({ defaultSubmitInterval: 0 });
    const { api, root, users, pid, cid } = await seedContest(topo, services, {
      run,
      prefix: 'topo',
      users: USERS,
      password: PASSWORD,
      title: `Topology ${run}`,
      hours: 1,
    });
    const uids = users.map((u) => u.uid);
    const tokens = await Promise.all(users.map((u) => api.login(u.username, PASSWORD)));

    // Submitting: every user in turn, each submission through nginx (both instances).
    const acknowledged = new Map<number, Kind>();
    let uncertain = 0;
    let killed = false;
    // The kills: once a third of the submissions are judged, judge 0 while it judges, and server 0 with it.
    const chaos = (async () => {
      const judged = async () =>
        rows<{ n: number }>(
          await database.db.execute(sql`SELECT count(*)::int AS n FROM judge_tasks WHERE state = 'done'`),
        )[0].n;
      const busy = async (name: string | undefined) =>
        !!name &&
        rows<{ n: number }>(
          await database.db.execute(
            sql`SELECT count(*)::int AS n FROM judge_tasks WHERE state = 'running' AND lease_owner = ${name}`,
          ),
        )[0].n > 0;
      while ((await judged()) < (USERS * PER_USER) / 3 || !(await busy(topo.judgeName(0))))
        await new Promise((r) => setTimeout(r, 50));
      console.log(`topology: SIGKILL judge 0 (judging) and server 0 after ${await judged()} judged`);
      await Promise.all([topo.killJudge(0), topo.killServer(0)]);
      killed = true;
      await new Promise((r) => setTimeout(r, 3000));
      await topo.startServer(0);
      topo.startJudge(0);
      console.log('topology: judge 0 and server 0 restarted');
    })();
    /** Whether the user's submission cut off by the kill was stored after all: it is newer than their last one. */
    const lastIds = new Map<number, number>();
    const storedAfterAll = async (u: number) => {
      const [row] = rows<{ id: number | null }>(
        await database.db.execute(sql`SELECT max(submit_id)::int AS id FROM submissions WHERE uid = ${uids[u]}`),
      );
      return row.id !== null && row.id !== (lastIds.get(u) ?? null) ? row.id : null;
    };
    const submitFrom = async (u: number) => {
      for (let k = 0; k < PER_USER; k++) {
        // A student's pace (every ~4 s): the kills meet submits in flight.
        if (k > 0) await new Promise((r) => setTimeout(r, SUBMIT_PACE_MS * (0.5 + Math.random())));
        const kind = kindOf(u, k);
        const inContest = k % 2 === 1;
        const body = {
          pid: inContest ? 'A' : '1000',
          cid: inContest ? cid : 0,
          language: 'C',
          code: PROGRAMS[kind],
        };
        for (let tries = 0; ; tries++) {
          const r = await api.call('POST', '/api/submit-problem-judge', body, tokens[u]).catch(() => null);
          if (r?.http === 200 && r.json?.status === 200) {
            const id = (r.json.data as { submitId: number }).submitId;
            acknowledged.set(id, kind);
            lastIds.set(u, id);
            break;
          }
          // A refused connection is retried by nginx; a request cut off by the kill may or may not have been stored:
          // sent again only when it was not (a user submits one at a time, so their newest submission tells).
          if (!r || r.http === 502 || r.http === 504) {
            uncertain++;
            const id = await storedAfterAll(u);
            if (id !== null) {
              acknowledged.set(id, kind);
              lastIds.set(u, id);
              break;
            }
            continue;
          }
          if (r.http === 429 && tries < 30) {
            await new Promise((res) => setTimeout(res, 1000));
            continue;
          }
          fail(`submit: ${r.http} ${JSON.stringify(r.json)}`);
        }
      }
    };
    const submitStart = Date.now();
    await Promise.all(users.map((_, u) => submitFrom(u)));
    const submitSecs = (Date.now() - submitStart) / 1000;
    await chaos;
    if (!killed) fail('the kills did not happen');

    // Every submission final (the killed judge's tasks come back when their lease runs out: 30 s).
    const unfinished = [S.PENDING, S.COMPILING, S.JUDGING, S.SUBMITTING];
    const deadline = Date.now() + 240_000;
    let left = -1;
    let nextNote = Date.now() + 15_000;
    while (Date.now() < deadline) {
      [{ left }] = rows<{ left: number }>(
        await database.db.execute(
          sql`SELECT count(*)::int AS left FROM submissions WHERE status IN (${sql.join(
            unfinished.map((s) => sql`${s}`),
            sql`, `,
          )})`,
        ),
      );
      if (left === 0) break;
      if (Date.now() >= nextNote) {
        console.log(`topology: ${left} submissions not final yet`);
        nextNote = Date.now() + 15_000;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    if (left !== 0) {
      const states = rows<{ status: number; state: string; attempt: number; last_error: string | null; n: number }>(
        await database.db.execute(sql`
          SELECT s.status, t.state, t.attempt, t.last_error, count(*)::int AS n FROM submissions s
          JOIN judge_tasks t ON t.submit_id = s.submit_id
          WHERE s.status IN (${sql.join(
            unfinished.map((x) => sql`${x}`),
            sql`, `,
          )}) GROUP BY 1, 2, 3, 4`),
      );
      fail(`${left} submissions stuck: ${JSON.stringify(states)}`);
    }
    const judgedSecs = (Date.now() - submitStart) / 1000;

    // Each stored submission: its expected verdict, one judge task (done), its cases once.
    const subs = rows<{
      submit_id: number;
      uid: string;
      status: number;
      cid: number;
      code: string;
      cases: number;
      distinct_cases: number;
      tasks: number;
      done: number;
      attempt: number;
      judger: string | null;
    }>(
      await database.db.execute(sql`
        SELECT s.submit_id, s.uid, s.status, s.cid, s.code, s.judger,
          (SELECT count(*)::int FROM judge_cases c WHERE c.submit_id = s.submit_id) AS cases,
          (SELECT count(DISTINCT c.case_id)::int FROM judge_cases c WHERE c.submit_id = s.submit_id) AS distinct_cases,
          (SELECT count(*)::int FROM judge_tasks t WHERE t.submit_id = s.submit_id) AS tasks,
          (SELECT count(*)::int FROM judge_tasks t WHERE t.submit_id = s.submit_id AND t.state = 'done') AS done,
          (SELECT max(t.attempt)::int FROM judge_tasks t WHERE t.submit_id = s.submit_id) AS attempt
        FROM submissions s`),
    );
    const [{ n: caseCount }] = rows<{ n: number }>(
      await database.db.execute(sql`SELECT count(*)::int AS n FROM problem_cases WHERE pid = ${pid}`),
    );
    if (subs.length !== USERS * PER_USER || acknowledged.size !== subs.length)
      fail(`${subs.length} submissions stored, ${acknowledged.size} accounted for, ${USERS * PER_USER} sent`);
    const kindOfCode = new Map<string, Kind>(Object.entries(PROGRAMS).map(([k, code]) => [code, k as Kind]));
    for (const s of subs) {
      const kind = kindOfCode.get(s.code) ?? fail(`submission ${s.submit_id}: unknown code`);
      if (acknowledged.has(s.submit_id) && acknowledged.get(s.submit_id) !== kind)
        fail(`submission ${s.submit_id}: code mixed up`);
      if (s.status !== EXPECTED[kind]) fail(`submission ${s.submit_id} (${kind}): status ${s.status}`);
      if (s.tasks !== 1 || s.done !== 1) fail(`submission ${s.submit_id}: ${s.tasks} tasks, ${s.done} done`);
      if (s.cases !== s.distinct_cases) fail(`submission ${s.submit_id}: cases recorded twice`);
      if (kind !== 'CE' && s.cases !== caseCount) fail(`submission ${s.submit_id}: ${s.cases} of ${caseCount} cases`);
    }
    const requeued = subs.filter((s) => s.attempt > 1).length;
    const [{ n: handedBack }] = rows<{ n: number }>(
      await database.db.execute(sql`SELECT count(*)::int AS n FROM judge_tasks WHERE last_error LIKE 'handed back%'`),
    );

    // Counters equal a recomputation from the submissions (public ones: cid 0, no group).
    const counterDiff = rows<{ uid: string }>(
      await database.db.execute(sql`
        WITH mine AS (SELECT uid, pid, status FROM submissions WHERE cid = 0 AND gid IS NULL),
        want AS (SELECT u.uid, (SELECT count(*) FROM mine m WHERE m.uid = u.uid)::int AS total,
                   (SELECT count(DISTINCT pid) FROM mine m WHERE m.uid = u.uid AND m.status = ${S.ACCEPTED})::int AS ac
                 FROM users u)
        SELECT w.uid FROM want w LEFT JOIN user_records r ON r.uid = w.uid
        WHERE coalesce(r.total, 0) <> w.total OR coalesce(r.ac, 0) <> w.ac`),
    );
    if (counterDiff.length) fail(`user counters differ for ${counterDiff.length} users`);
    const [pc] = rows<Record<string, number>>(
      await database.db.execute(sql`
        SELECT (SELECT total FROM problem_counts WHERE pid = ${pid}) AS total, count(*)::int AS want_total,
          (SELECT ac FROM problem_counts WHERE pid = ${pid}) AS ac, count(*) FILTER (WHERE status = ${S.ACCEPTED})::int AS want_ac,
          (SELECT wa FROM problem_counts WHERE pid = ${pid}) AS wa, count(*) FILTER (WHERE status = ${S.WRONG_ANSWER})::int AS want_wa,
          (SELECT ce FROM problem_counts WHERE pid = ${pid}) AS ce, count(*) FILTER (WHERE status = ${S.COMPILE_ERROR})::int AS want_ce,
          (SELECT tle FROM problem_counts WHERE pid = ${pid}) AS tle, count(*) FILTER (WHERE status = ${S.TIME_LIMIT_EXCEEDED})::int AS want_tle
        FROM submissions WHERE pid = ${pid} AND cid = 0 AND gid IS NULL`),
    );
    for (const k of ['total', 'ac', 'wa', 'ce', 'tle'])
      if (Number(pc[k] ?? 0) !== Number(pc[`want_${k}`]))
        fail(`problem count ${k}: ${pc[k]}, recomputed ${pc[`want_${k}`]}`);

    // The contest board: as each instance serves it, and recomputed in full, equal to the submissions.
    const board = async (base: string, force: boolean) => {
      const r = await client(base).call(
        'POST',
        '/api/get-contest-rank',
        { cid, currentPage: 1, limit: 100, forceRefresh: force },
        root,
      );
      if (r.json?.status !== 200) fail(`board: ${JSON.stringify(r.json)}`);
      const data = r.json?.data as { records: { uid: string; ac: number; total: number; totalTime: number }[] };
      return data.records
        .map((x) => `${x.uid}:${x.ac}:${x.total}:${x.totalTime}`)
        .sort()
        .join('\n');
    };
    const boards = [
      await board(topo.serverUrls[0], false),
      await board(topo.serverUrls[1], false),
      await board(topo.url, true),
    ];
    if (new Set(boards).size !== 1) {
      const lines = boards.map((b) => new Set(b.split('\n')));
      const only = (i: number) => [...lines[i]].filter((l) => !lines[(i + 1) % 3].has(l) || !lines[(i + 2) % 3].has(l));
      fail(`boards differ (uid:ac:total:totalTime): A ${only(0)} | B ${only(1)} | full ${only(2)}`);
    }
    const wantAc = rows<{ uid: string; ac: number }>(
      await database.db.execute(sql`
        SELECT uid, count(DISTINCT display_pid) FILTER (WHERE status = ${S.ACCEPTED})::int AS ac
        FROM submissions WHERE cid = ${cid} GROUP BY uid`),
    );
    const shown = new Map(
      boards[0]
        .split('\n')
        .filter(Boolean)
        .map((l) => [l.split(':')[0], Number(l.split(':')[1])]),
    );
    const missing = wantAc.filter((w) => (shown.get(w.uid) ?? 0) !== w.ac);
    if (missing.length)
      fail(
        `board of ${shown.size} rows differs from the submissions for ${missing.map((w) => `${w.uid} (shows ${shown.get(w.uid)}, recomputed ${w.ac})`).join(', ')}`,
      );

    const byJudge = new Map<string, number>();
    for (const s of subs) byJudge.set(s.judger ?? '-', (byJudge.get(s.judger ?? '-') ?? 0) + 1);
    const counts = topo.requestCounts();
    console.log(
      [
        'topology: every submission judged once with its expected verdict; counters and board equal a recomputation',
        `  start (2 servers migrating one empty database, 2 judges): ${startedIn.toFixed(1)} s`,
        `  submissions: ${subs.length} stored, each once (${uncertain} submits cut off by the kill, resent when not stored), ${wantAc.length} users on the board`,
        `  submitting took ${submitSecs.toFixed(1)} s; all final after ${judgedSecs.toFixed(1)} s`,
        `  requeued after the judge's kill (attempt > 1): ${requeued}; handed back: ${handedBack}`,
        `  judged per worker: ${[...byJudge].map(([j, n]) => `${j} ${n}`).join(', ')}`,
        `  requests per instance (nginx): ${[...counts].map(([a, n]) => `${a} ${n}`).join(', ')}`,
        `  nginx upstream errors: ${[...topo.upstreamErrors()].map(([k, n]) => `${k} ${n}`).join('; ') || 'none'}`,
        `  total ${((Date.now() - started) / 1000).toFixed(1)} s`,
      ].join('\n'),
    );
  } catch (err) {
    console.error(`nginx upstream errors: ${[...topo.upstreamErrors()].map(([k, n]) => `${k} ${n}`).join('; ')}`);
    throw err;
  } finally {
    await database.close();
    await topo.stop();
    if (process.env.TOPOLOGY_KEEP_DB) console.log(`topology: database kept: ${db.url}`);
    else await db.drop();
  }
};

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
