/**
 * Contest ratings at scale (decision 0046): a history of 100 rated ACM contests of 500 participants each (from a
 * pool of 800 users, so ratings carry from contest to contest), 4 problems and about 1,000 submissions per contest,
 * bulk-loaded into a throwaway PostgreSQL database and the board cells rebuilt. Measured, median of several runs:
 *
 * - the whole history rated from scratch through the service, as the sweep runs it after its first contest was
 *   judged again: every contest's final board read by the board code, Codeforces' computation, 50,000 rating rows
 *   written and the users' ratings set, under the advisory lock (the goal: at most 10 s);
 * - the computation alone (codeforces-rating.ts) over the same standings, for the share it takes;
 * - the last contest alone rated again (a rejudge of the latest contest).
 *
 *   node --import tsx bench/rating-history.ts   # BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres
 *   node --import tsx bench/rating-history.ts --contests 100 --participants 500 --runs 3
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { seedRoles } from '../apps/server/src/bootstrap.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { computeRatingChanges, INITIAL_RATING } from '../apps/server/src/modules/rating/codeforces-rating.js';
import { createServices } from '../apps/server/src/services.js';
import { arg, median, throwawayPostgres } from './bench-kit.js';

const CONTESTS = Number(arg('contests', '100'));
const PARTICIPANTS = Number(arg('participants', '500'));
const RUNS = Number(arg('runs', '3'));
const USERS = Math.round(PARTICIPANTS * 1.6);
const PROBLEMS = 4;
const TRIES = 2;

const timed = async (fn: () => Promise<unknown>) => {
  const t = performance.now();
  await fn();
  return performance.now() - t;
};

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
      // Triggers off for the bulk load; each contest's board cells are rebuilt afterwards.
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(
        sql.raw(`INSERT INTO users (uid, username, password_hash)
          SELECT 'u' || g, 'user' || g, 'scrypt$x' FROM generate_series(1, ${USERS}) g
          UNION ALL SELECT 'root', 'root', 'scrypt$x'`),
      );
      await tx.execute(
        sql.raw(`INSERT INTO user_roles (uid, role_id) SELECT 'u' || g, 1003 FROM generate_series(1, ${USERS}) g
          UNION ALL SELECT 'root', 1000`),
      );
      await tx.execute(
        sql.raw(`INSERT INTO problems (id, problem_id, title, case_version, difficulty, type)
          SELECT 999 + g, 'P' || (999 + g), 'Problem ' || g, '1', 1, 0 FROM generate_series(1, ${PROBLEMS}) g`),
      );
      // Contest c ran for two hours, c days ago counted from the oldest; all have ended.
      await tx.execute(
        sql.raw(`INSERT INTO contests (id, uid, author, title, type, start_time, end_time, rated)
          SELECT 999 + c, 'root', 'root', 'Rated ' || c, 0,
            now() - (${CONTESTS + 1} - c) * interval '1 day', now() - (${CONTESTS + 1} - c) * interval '1 day' + interval '2 hours', 1
          FROM generate_series(1, ${CONTESTS}) c`),
      );
      await tx.execute(
        sql.raw(`INSERT INTO contest_problems (cid, pid, display_id, display_title)
          SELECT 999 + c, 999 + p, chr(64 + p), 'Problem ' || p
          FROM generate_series(1, ${CONTESTS}) c, generate_series(1, ${PROBLEMS}) p`),
      );
      // Per contest, PARTICIPANTS users of the pool (a window moving by contest), TRIES tries each on hashed
      // problems with mixed verdicts at spread times.
      await tx.execute(
        sql.raw(`INSERT INTO submissions (pid, display_pid, uid, username, submit_time, status, length, code, language,
            time_ms, memory_kb, cid, cpid)
          SELECT 999 + 1 + p, chr(65 + p), 'u' || u, 'user' || u,
            cs.start_time + t * interval '1 second', (array[0, -1, 0, 1, 0, -1, 3, 0])[1 + v], 12, 'int main(){}', 'C++',
            10, 1024, cs.id, cp.id
          FROM generate_series(1, ${CONTESTS}) c
            JOIN contests cs ON cs.id = 999 + c,
            generate_series(0, ${PARTICIPANTS * TRIES - 1}) g,
            LATERAL (SELECT 1 + ((c * 37 + g / ${TRIES}) % ${USERS}) AS u,
              ((hashint4(c * 100000 + g)::bigint + 2147483648) % ${PROBLEMS})::int AS p,
              ((hashint4(c * 100000 + g + 1000000000)::bigint + 2147483648) % 8)::int AS v,
              ((hashint4(-(c * 100000 + g))::bigint + 2147483648) % 7200)::int AS t) h,
            contest_problems cp
          WHERE cp.cid = cs.id AND cp.display_id = chr(65 + p)`),
      );
    });
    const t1 = Date.now();
    for (let c = 1; c <= CONTESTS; c++) await db.execute(sql.raw(`SELECT oj_rebuild_contest_cells(${999 + c})`));
    await db.execute(sql`VACUUM ANALYZE`);
    console.error(`loaded ${CONTESTS} contests in ${t1 - t0} ms, board cells rebuilt in ${Date.now() - t1} ms`);

    const rows = async () =>
      ((await db.execute(sql`SELECT count(*)::int AS n FROM contest_ratings`)) as unknown as { rows: { n: number }[] })
        .rows[0].n;
    const fromScratch = async () => {
      await db.execute(sql`DELETE FROM contest_ratings`);
      await db.execute(sql`UPDATE contests SET rating_computed_at = NULL`);
      await db.execute(sql`UPDATE user_records SET rating = NULL`);
    };

    // The whole history, as the sweep computes it.
    const whole: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await fromScratch();
      whole.push(await timed(() => services.ratings.sweep()));
    }
    const written = await rows();

    // The computation alone, over the standings the boards gave (read once, outside the timing).
    const standings: Awaited<ReturnType<typeof services.contests.finalStandings>>[] = [];
    const boardsRead = await timed(async () => {
      for (let c = 1; c <= CONTESTS; c++) standings.push(await services.contests.finalStandings(999 + c));
    });
    const alone: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      alone.push(
        await timed(async () => {
          const ratings = new Map<string, number>();
          for (const s of standings) {
            const changes = computeRatingChanges(
              (s?.places ?? []).map((p) => ({ ...p, rating: ratings.get(p.uid) ?? INITIAL_RATING })),
            );
            for (const ch of changes) ratings.set(ch.uid, ch.newRating);
          }
        }),
      );
    }

    // The latest contest judged again: it alone is computed.
    const last: number[] = [];
    for (let i = 0; i < RUNS; i++) last.push(await timed(() => services.ratings.recompute(999 + CONTESTS)));

    const f = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    console.log(
      `\npostgres: ${CONTESTS} rated contests x ${PARTICIPANTS} participants (${USERS} users), ${written} rating rows; median of ${RUNS} runs`,
    );
    console.log(
      `  whole history through the service (boards read, computed, written): ${f(median(whole))}  [goal <= 10 s]`,
    );
    console.log(`  of which the computation alone (codeforces-rating.ts):            ${f(median(alone))}`);
    console.log(`  the final boards alone, read once (contest.service.ts):          ${f(boardsRead)}`);
    console.log(`  the latest contest alone, recomputed:                              ${f(median(last))}`);
  } finally {
    await database.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

await main();
