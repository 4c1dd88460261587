/**
 * Contest scoreboard at scale: one running ACM contest with 5,000 participants, 12 problems and
 * 300,000 submissions bulk-loaded with generate_series into a throwaway database (board cells rebuilt once, as
 * after a restore); then scoreboard latency (median, p99) under 50 concurrent refreshing clients, and the time
 * from a verdict (a status update that fires the board trigger) to its appearance on the board.
 *
 *   node --import tsx bench/contest-scoreboard.ts   # BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres
 *   node --import tsx bench/contest-scoreboard.ts --clients 50 --rounds 20
 *   node --import tsx bench/contest-scoreboard.ts --users 20000 --submissions 1200000 --baseline   # the rebuild
 *     against the per-cell version bumps it replaced (migration 0034), on the same data
 *   node --import tsx bench/contest-scoreboard.ts --users 20000 --submissions 1200000 --http   # the refreshes over
 *     real HTTP (kept-alive connections) from clients on a thread of their own, so that their requests and the
 *     parsing of the answers do not share the server's event loop (in-process `inject` by default)
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { seedRoles } from '../apps/server/src/bootstrap.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { boardTiming } from '../apps/server/src/modules/contest/contest-board-cache.js';
import { createServices } from '../apps/server/src/services.js';
import { arg, httpClients, percentile, throwawayPostgres } from './bench-kit.js';

const USERS = Number(arg('users', '5000'));
const PROBLEMS = 12;
const SUBMISSIONS = Number(arg('submissions', '300000'));
const CLIENTS = Number(arg('clients', '50'));
const ROUNDS = Number(arg('rounds', '20'));
const CID = 1000;
const HTTP = process.argv.includes('--http');

const main = async () => {
  const { url, drop } = await throwawayPostgres();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-bench-'));
  const database = await openDatabase({ url });
  try {
    const db = database.db;
    const services = createServices(db, { dataDir, bus: database.bus });
    await seedRoles(db);
    await services.site.seed();

    const t0 = Date.now();
    await db.transaction(async (tx) => {
      // Triggers off for the bulk load; the board cells are rebuilt once afterwards.
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(
        sql.raw(`INSERT INTO users (uid, username, password_hash, nickname)
          SELECT 'u' || g, 'user' || g, 'scrypt$x', 'nick' || g FROM generate_series(1, ${USERS}) g
          UNION ALL SELECT 'v' || g, 'verdict' || g, 'scrypt$x', 'v' || g FROM generate_series(1, 5) g
          UNION ALL SELECT 'root', 'root', 'scrypt$x', 'root'`),
      );
      await tx.execute(
        sql.raw(`INSERT INTO user_roles (uid, role_id) SELECT 'u' || g, 1003 FROM generate_series(1, ${USERS}) g`),
      );
      await tx.execute(
        sql.raw(`INSERT INTO problems (id, problem_id, title, case_version, difficulty, type)
          SELECT 999 + g, 'P' || (999 + g), 'Problem ' || g, '1', 1, 0 FROM generate_series(1, ${PROBLEMS}) g`),
      );
      await tx.execute(
        sql.raw(`INSERT INTO contests (id, uid, author, title, type, start_time, end_time, open_rank)
          VALUES (${CID}, 'root', 'root', 'Bench contest', 0, now() - interval '3 hours', now() + interval '2 hours', 1)`),
      );
      await tx.execute(
        sql.raw(`INSERT INTO contest_problems (id, cid, pid, display_id, display_title)
          SELECT g, ${CID}, 999 + g, chr(64 + g), 'Problem ' || g FROM generate_series(1, ${PROBLEMS}) g`),
      );
      await tx.execute(
        sql.raw(`INSERT INTO submissions (pid, display_pid, uid, username, submit_time, status, length, code, language,
            time_ms, memory_kb, cid, cpid)
          SELECT 999 + 1 + p, chr(65 + p), 'u' || (1 + (g::bigint * 7919) % ${USERS}),
            'user' || (1 + (g::bigint * 7919) % ${USERS}), now() - interval '3 hours' + t * interval '1 second',
            (array[0, -1, 1, 0, 3, -2, -1, 0])[1 + v], 12, 'int main(){}', 'C++', 10, 1024, ${CID}, 1 + p
          FROM generate_series(1, ${SUBMISSIONS}) g,
            -- Problem, verdict and time hashed independently of the user: every participant tries most problems
            -- (about 60,000 board cells), with mixed verdicts at spread times.
            LATERAL (SELECT ((hashint4(g)::bigint + 2147483648) % ${PROBLEMS})::int AS p,
              ((hashint4(g + 1000000000)::bigint + 2147483648) % 8)::int AS v,
              ((hashint4(-g)::bigint + 2147483648) % 10800)::int AS t) h`),
      );
    });
    const t1 = Date.now();
    await db.execute(sql.raw(`SELECT oj_rebuild_contest_cells(${CID})`));
    await db.execute(sql`VACUUM ANALYZE`);
    const t2 = Date.now();
    const cellCount = (
      (await db.execute(sql.raw(`SELECT count(*)::int AS n FROM contest_cells WHERE cid = ${CID}`))) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0].n;
    console.error(
      `loaded ${SUBMISSIONS} contest submissions in ${t1 - t0} ms, ${cellCount} board cells in ${t2 - t1} ms`,
    );
    if (process.argv.includes('--baseline')) {
      // The rebuild before migration 0034, for the ratio: every cell through oj_sync_contest_cell, which bumps the
      // contest's board version once per cell inside the one transaction.
      const b0 = Date.now();
      await db.execute(
        sql.raw(`DO $$ DECLARE k record; BEGIN
          FOR k IN SELECT uid, cpid FROM submissions WHERE cid = ${CID}
              UNION SELECT uid, cpid FROM contest_cells WHERE cid = ${CID} AND total > 0 LOOP
            PERFORM oj_sync_contest_cell(${CID}, k.uid, k.cpid);
          END LOOP;
        END $$`),
      );
      const b1 = Date.now();
      await db.execute(sql.raw(`SELECT oj_rebuild_contest_cells(${CID})`));
      const b2 = Date.now();
      console.error(
        `rebuild of ${cellCount} cells: ${b2 - b1} ms; one version bump per cell (before 0034): ${b1 - b0} ms`,
      );
    }

    const app = await buildApp({ services, logLevel: 'silent', judgeToken: 'bench' });
    await app.ready();
    if (HTTP) await app.listen({ port: 0, host: '127.0.0.1' });
    const base = HTTP ? `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` : '';
    const meta = { ip: '127.0.0.1', userAgent: 'bench' };
    const tokens = await Promise.all(
      Array.from({ length: CLIENTS }, async (_, i) => (await services.sessions.issue(`u${1 + i * 97}`, meta)).token),
    );

    const board = (token: string | null, page: number, keyword?: string) =>
      app.inject({
        method: 'POST',
        url: token ? '/api/get-contest-rank' : '/api/get-contest-outside-scoreboard',
        headers: token ? { authorization: token } : {},
        payload: { cid: CID, currentPage: page, limit: 50, keyword },
      });

    // Warm-up (first build of the cached board).
    for (let i = 0; i < 5; i++) await board(tokens[0], 1);

    // A judge's stream of verdicts: every tick a new submission arrives (pending) and the previous one is judged,
    // each firing the board trigger, as judge reports do (300,000 submissions in 5 hours is ~17 a second). On its
    // own connection (as from another server instance), so that the rate does not depend on the pool's queue.
    const verdictStream = (perSecond: number) => {
      let stop = false;
      let judged = 0;
      const judge = new pg.Client({ connectionString: url });
      const run = (async () => {
        await judge.connect();
        let previous: number | undefined;
        for (let i = 0; !stop; i++) {
          const tick = performance.now();
          const user = 1 + ((i * 131) % USERS);
          const cp = 1 + (i % PROBLEMS);
          const inserted = await judge.query(
            `INSERT INTO submissions (pid, display_pid, uid, username, submit_time, status, length, code,
                language, time_ms, memory_kb, cid, cpid)
              VALUES (${999 + cp}, chr(${64 + cp}), 'u${user}', 'user${user}', now(), 5, 12, 'int main(){}', 'C++',
                10, 1024, ${CID}, ${cp})
              RETURNING submit_id AS id`,
          );
          if (previous !== undefined) {
            await judge.query(`UPDATE submissions SET status = ${i % 3 === 0 ? 0 : -1} WHERE submit_id = ${previous}`);
            judged += 1;
          }
          previous = (inserted.rows[0] as { id: number }).id;
          const wait = 1000 / perSecond - (performance.now() - tick);
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        }
        await judge.end();
      })();
      return {
        async stop() {
          stop = true;
          await run;
          return judged;
        },
      };
    };

    const measure = async (label: string, outside: boolean, verdictsPerSecond = 0) => {
      const times: number[] = [];
      // The longest the server's event loop was held meanwhile (a board recomputation or update, a collection).
      const loop = monitorEventLoopDelay({ resolution: 5 });
      loop.enable();
      const stream = verdictsPerSecond ? verdictStream(verdictsPerSecond) : undefined;
      const start = performance.now();
      if (HTTP) {
        // Each client's pages in the order the in-process clients ask for them.
        const clients = tokens.map((token, client) =>
          Array.from({ length: ROUNDS }, (_, r) => ({
            path: outside ? '/api/get-contest-outside-scoreboard' : '/api/get-contest-rank',
            token: outside ? null : token,
            body: { cid: CID, currentPage: 1 + ((client + r) % 100), limit: 50 },
          })),
        );
        times.push(...(await httpClients(base, clients, { rounds: ROUNDS })).times);
      } else
        await Promise.all(
          tokens.map(async (token, client) => {
            for (let r = 0; r < ROUNDS; r++) {
              const s = performance.now();
              const res = await board(outside ? null : token, 1 + ((client + r) % 100));
              times.push(performance.now() - s);
              if (res.statusCode !== 200 || res.json().status !== 200)
                throw new Error(`${label}: ${res.body.slice(0, 200)}`);
            }
          }),
        );
      const total = performance.now() - start;
      loop.disable();
      const judged = await stream?.stop();
      times.sort((a, b) => a - b);
      return {
        label: judged === undefined ? label : `${label}, ${((judged / total) * 1000).toFixed(0)} verdicts/s`,
        median: percentile(times, 0.5),
        p99: percentile(times, 0.99),
        rps: (times.length / total) * 1000,
        loopMax: loop.max / 1e6,
      };
    };
    /** The board recomputed from every cell in the background every `ms` (every minute in a server) while `fn`
     * runs. */
    const fullEvery = async <T>(ms: number, fn: () => Promise<T>) => {
      const before = boardTiming.fullMs;
      boardTiming.fullMs = ms;
      try {
        return await fn();
      } finally {
        boardTiming.fullMs = before;
      }
    };
    // One unmeasured pass of each first: JIT and pool warm-up would otherwise land on whichever runs first.
    await measure('warm-up', false);
    await measure('warm-up', true);
    const rows = [
      await measure(`get-contest-rank, ${CLIENTS} clients x ${ROUNDS} refreshes`, false),
      await measure(`get-contest-outside-scoreboard, ${CLIENTS} clients x ${ROUNDS} refreshes`, true),
      await measure(`get-contest-rank, ${CLIENTS} clients x ${ROUNDS} refreshes during verdicts`, false, 20),
      await fullEvery(1000, () =>
        measure(
          `get-contest-rank, ${CLIENTS} clients x ${ROUNDS} refreshes, the board recomputed from every cell each second`,
          false,
        ),
      ),
    ];

    // Verdict to board: a pending submission of a user with no other submission turns Accepted (the judge's
    // status update fires the trigger); clients keep refreshing while we poll for the new AC.
    const freshness: number[] = [];
    for (let k = 0; k < 5; k++) {
      const uid = `v${k + 1}`;
      const username = `verdict${k + 1}`;
      const inserted = await db.execute(
        sql.raw(`INSERT INTO submissions (pid, display_pid, uid, username, submit_time, status, length, code, language,
            time_ms, memory_kb, cid, cpid)
          VALUES (1011, 'L', '${uid}', '${username}', now(), 5, 12, 'int main(){}', 'C++', 10, 1024, ${CID}, 12)
          RETURNING submit_id AS id`),
      );
      const id = (inserted as unknown as { rows: { id: number }[] }).rows[0].id;
      let stop = false;
      const background = Promise.all(
        tokens.slice(0, 10).map(async (token, i) => {
          while (!stop) await board(token, 1 + i);
        }),
      );
      const s = performance.now();
      await db.execute(sql.raw(`UPDATE submissions SET status = 0 WHERE submit_id = ${id}`));
      for (;;) {
        const res = await board(null, 1, username);
        const row = (
          res.json().data.records as { username: string; submissionInfo: Record<string, { isAC: boolean }> }[]
        ).find((r) => r.username === username);
        if (row?.submissionInfo.L?.isAC) break;
        if (performance.now() - s > 10_000) throw new Error('the verdict did not reach the board within 10 s');
      }
      freshness.push(performance.now() - s);
      stop = true;
      await background;
    }
    freshness.sort((a, b) => a - b);

    console.log(
      `\npostgres, contest with ${USERS} participants, ${PROBLEMS} problems, ${SUBMISSIONS} submissions (page size 50)${HTTP ? ', over HTTP from a client thread' : ', in-process inject'}`,
    );
    console.log('| call | median ms | p99 ms | req/s | event loop held at most, ms |');
    console.log('|---|---|---|---|---|');
    for (const r of rows)
      console.log(
        `| ${r.label} | ${r.median.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.rps.toFixed(0)} | ${r.loopMax.toFixed(0)} |`,
      );
    console.log(
      `\nverdict to board (5 verdicts, 10 clients refreshing): median ${percentile(freshness, 0.5).toFixed(0)} ms, max ${freshness.at(-1)?.toFixed(0)} ms`,
    );
    await app.close();
  } finally {
    await database.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

await main();
