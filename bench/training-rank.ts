/**
 * Training rank and problem list at scale: one private training with 40 problems, 2,000 registered users
 * and 200,000 submissions to it, bulk-loaded with generate_series into a throwaway PostgreSQL database (the rank
 * cells then rebuilt problem by problem, as adding the problems to the training would); then median and p99 latency
 * of get-training-rank and get-training-problem-list under 20 concurrent clients, against a trivial endpoint
 * (get-website-config) measured the same way in the same run.
 *
 *   node --import tsx bench/training-rank.ts   # BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres
 *   node --import tsx bench/training-rank.ts --clients 20 --rounds 50
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { seedRoles } from '../apps/server/src/bootstrap.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { createServices } from '../apps/server/src/services.js';
import { arg, compareCalls, throwawayPostgres } from './bench-kit.js';

const USERS = Number(arg('users', '2000'));
const PROBLEMS = 40;
const SUBMISSIONS = Number(arg('submissions', '200000'));
const CLIENTS = Number(arg('clients', '20'));
const ROUNDS = Number(arg('rounds', '50'));
const TID = 1;

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
      // Triggers off for the bulk load; the aggregates and the rank cells are rebuilt afterwards.
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(
        sql.raw(`INSERT INTO users (uid, username, password_hash, nickname, realname, school)
          SELECT 'u' || g, 'user' || g, 'scrypt$x', 'nick' || g, 'Real ' || g, 'School ' || (g % 20)
          FROM generate_series(1, ${USERS}) g
          UNION ALL SELECT 'root', 'root', 'scrypt$x', 'root', NULL, NULL`),
      );
      await tx.execute(
        sql.raw(`INSERT INTO user_roles (uid, role_id) SELECT 'u' || g, 1003 FROM generate_series(1, ${USERS}) g
          UNION ALL SELECT 'root', 1000`),
      );
      await tx.execute(
        sql.raw(`INSERT INTO problems (id, problem_id, title, case_version, difficulty, type)
          SELECT 999 + g, 'P' || (999 + g), 'Problem ' || g, '1', g % 3, 0 FROM generate_series(1, ${PROBLEMS}) g`),
      );
      await tx.execute(sql.raw(`INSERT INTO training_categories (id, name, color) VALUES (1, 'Bench', '#2d8cf0')`));
      await tx.execute(
        sql.raw(`INSERT INTO trainings (id, uid, author, title, description, auth, private_pwd, category_id)
          VALUES (${TID}, 'root', 'root', 'Bench training', 'forty problems', 'Private', 'pw', 1)`),
      );
      await tx.execute(
        sql.raw(
          `INSERT INTO training_registers (tid, uid) SELECT ${TID}, 'u' || g FROM generate_series(1, ${USERS}) g`,
        ),
      );
      await tx.execute(
        sql.raw(`INSERT INTO submissions (pid, display_pid, uid, username, submit_time, status, length, code, language,
            time_ms, memory_kb, cid, tid)
          SELECT 1000 + p, 'P' || (1000 + p), 'u' || (1 + (g::bigint * 7919) % ${USERS}),
            'user' || (1 + (g::bigint * 7919) % ${USERS}), now() - interval '30 days' + t * interval '1 second',
            (array[0, -1, 1, 0, 3, -2, -1, 0])[1 + v], 12, 'int main(){}', 'C++', 5 + (g % 900), 1024, 0, ${TID}
          FROM generate_series(1, ${SUBMISSIONS}) g,
            LATERAL (SELECT ((hashint4(g)::bigint + 2147483648) % ${PROBLEMS})::int AS p,
              ((hashint4(g + 1000000000)::bigint + 2147483648) % 8)::int AS v,
              ((hashint4(-g)::bigint + 2147483648) % 2592000)::int AS t) h`),
      );
    });
    const t1 = Date.now();
    await db.execute(sql`SELECT oj_rebuild_aggregates()`);
    const t2 = Date.now();
    // The problems join the training one by one, as the admin page adds them: each rebuilds its cells.
    for (let p = 0; p < PROBLEMS; p++) {
      await db.execute(
        sql.raw(
          `INSERT INTO training_problems (tid, pid, display_id, rank) VALUES (${TID}, ${1000 + p}, 'T${p + 1}', ${p + 1})`,
        ),
      );
      await db.execute(sql.raw(`SELECT oj_rebuild_training_problem(${TID}, ${1000 + p})`));
    }
    const t3 = Date.now();
    await db.execute(sql`VACUUM ANALYZE`);
    const count = async (q: string) =>
      ((await db.execute(sql.raw(q))) as unknown as { rows: { n: number }[] }).rows[0].n;
    const cells = await count(`SELECT count(*)::int AS n FROM training_cells WHERE tid = ${TID}`);
    console.error(
      `loaded ${SUBMISSIONS} submissions in ${t1 - t0} ms, aggregates in ${t2 - t1} ms, ${cells} rank cells (${PROBLEMS} problems added) in ${t3 - t2} ms`,
    );

    const app = await buildApp({ services, logLevel: 'silent', judgeToken: 'bench' });
    await app.ready();
    const meta = { ip: '127.0.0.1', userAgent: 'bench' };
    const tokens = await Promise.all(
      Array.from({ length: CLIENTS }, async (_, i) => (await services.sessions.issue(`u${1 + i * 97}`, meta)).token),
    );

    console.log(
      `\npostgres, private training: ${PROBLEMS} problems, ${USERS} registered users, ${SUBMISSIONS} submissions, ${cells} cells; ${CLIENTS} clients x ${ROUNDS} requests, median of 3 runs`,
    );
    await compareCalls(app, tokens, ROUNDS, [
      ['get-website-config (trivial)', () => '/api/get-website-config'],
      [
        'get-training-rank (30 rows, pages 1-67)',
        (client, round) => `/api/get-training-rank?tid=${TID}&limit=30&currentPage=${1 + ((client * 7 + round) % 67)}`,
      ],
      ['get-training-problem-list (40 problems)', () => `/api/get-training-problem-list?tid=${TID}`],
    ]);
    await app.close();
  } finally {
    await database.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

await main();
