/**
 * Training rank and problem list at scale (issue 16): one private training with 40 problems, 2,000 registered users
 * and 200,000 submissions to it, bulk-loaded with generate_series into a throwaway PostgreSQL database (the rank
 * cells then rebuilt problem by problem, as adding the problems to the training would); then median and p99 latency
 * of get-training-rank and get-training-problem-list under 20 concurrent clients, against a trivial endpoint
 * (get-website-config) measured the same way in the same run.
 *
 *   node --import tsx bench/training-rank.ts   # BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres
 *   node --import tsx bench/training-rank.ts --clients 20 --rounds 50
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { seedRoles } from '../apps/server/src/bootstrap.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { createServices } from '../apps/server/src/services.js';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : def;
};
const USERS = Number(arg('users', '2000'));
const PROBLEMS = 40;
const SUBMISSIONS = Number(arg('submissions', '200000'));
const CLIENTS = Number(arg('clients', '20'));
const ROUNDS = Number(arg('rounds', '50'));
const TID = 1;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

const main = async () => {
  const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `oj_bench_${crypto.randomBytes(4).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const u = new URL(admin);
  u.pathname = `/${name}`;
  const drop = async () => {
    const d = new pg.Client({ connectionString: admin });
    await d.connect();
    await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await d.end();
  };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-bench-'));
  const database = await openDatabase({ url: u.toString() });
  try {
    const db = database.db;
    const services = createServices(db, { dataDir });
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

    const measure = async (label: string, url: (client: number, round: number) => string) => {
      const times: number[] = [];
      const start = performance.now();
      await Promise.all(
        tokens.map(async (token, client) => {
          for (let r = 0; r < ROUNDS; r++) {
            const s = performance.now();
            const res = await app.inject({ method: 'GET', url: url(client, r), headers: { authorization: token } });
            times.push(performance.now() - s);
            if (res.statusCode !== 200 || res.json().status !== 200)
              throw new Error(`${label}: ${res.body.slice(0, 200)}`);
          }
        }),
      );
      const total = performance.now() - start;
      times.sort((a, b) => a - b);
      return {
        label,
        median: percentile(times, 0.5),
        p99: percentile(times, 0.99),
        rps: (times.length / total) * 1000,
      };
    };

    const trivial = () => '/api/get-website-config';
    const rank = (client: number, round: number) =>
      `/api/get-training-rank?tid=${TID}&limit=30&currentPage=${1 + ((client * 7 + round) % 67)}`;
    const problems = () => `/api/get-training-problem-list?tid=${TID}`;
    // One unmeasured pass of each first (JIT, pool).
    await measure('warm-up', trivial);
    await measure('warm-up', rank);
    await measure('warm-up', problems);
    const runs: Record<string, { median: number; p99: number; rps: number }[]> = {
      trivial: [],
      rank: [],
      problems: [],
    };
    // Interleaved, three times, so that a noisy moment on the shared machine does not land on one call only.
    for (let k = 0; k < 3; k++) {
      runs.trivial.push(await measure('trivial', trivial));
      runs.rank.push(await measure('rank', rank));
      runs.problems.push(await measure('problems', problems));
    }
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const summary = (key: string) => ({
      median: med(runs[key].map((r) => r.median)),
      p99: med(runs[key].map((r) => r.p99)),
      rps: med(runs[key].map((r) => r.rps)),
    });
    const base = summary('trivial');
    console.log(
      `\npostgres, private training: ${PROBLEMS} problems, ${USERS} registered users, ${SUBMISSIONS} submissions, ${cells} cells; ${CLIENTS} clients x ${ROUNDS} requests, median of 3 runs`,
    );
    console.log('| call | median ms | p99 ms | req/s | median vs trivial |');
    console.log('|---|---|---|---|---|');
    for (const [key, label] of [
      ['trivial', 'get-website-config (trivial)'],
      ['rank', 'get-training-rank (30 rows, pages 1-67)'],
      ['problems', 'get-training-problem-list (40 problems)'],
    ]) {
      const s = summary(key);
      console.log(
        `| ${label} | ${s.median.toFixed(2)} | ${s.p99.toFixed(2)} | ${s.rps.toFixed(0)} | ${(s.median / base.median).toFixed(2)}x |`,
      );
    }
    await app.close();
  } finally {
    await database.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

await main();
