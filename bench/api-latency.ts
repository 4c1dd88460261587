/**
 * API latency at scale: 10,000 problems, 10,000 users and 1,000,000 submissions, bulk-loaded with
 * generate_series into a throwaway database; then median / p99 latency and requests per second of the list
 * endpoints against a trivial endpoint measured in the same run (sequential app.inject calls, no network).
 *
 *   node --import tsx bench/api-latency.ts --db postgres   # BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres
 *   node --import tsx bench/api-latency.ts --db pglite [--submissions 1000000]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { seedRoles } from '../apps/server/src/bootstrap.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { createServices } from '../apps/server/src/services.js';
import { arg, throwawayPostgres } from './bench-kit.js';

const kind = arg('db', 'postgres');
const SUBMISSIONS = Number(arg('submissions', '1000000'));
const PROBLEMS = 10_000;
const USERS = 10_000;
const REQUESTS = Number(arg('requests', '400'));

const main = async () => {
  let url: string | undefined;
  let drop = async () => {};
  if (kind === 'postgres') ({ url, drop } = await throwawayPostgres());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-bench-'));
  const database = await openDatabase(url ? { url } : { dataDir: 'memory' });
  try {
    const db = database.db;
    const services = createServices(db, { dataDir, bus: database.bus });
    await seedRoles(db);
    await services.site.seed();

    const t0 = Date.now();
    await db.transaction(async (tx) => {
      // Triggers off for the bulk load; the aggregates are rebuilt once at the end.
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(
        sql.raw(`INSERT INTO users (uid, username, password_hash, nickname)
          SELECT 'u' || g, 'user' || g, 'scrypt$x', 'nick' || g FROM generate_series(1, ${USERS}) g`),
      );
      await tx.execute(
        sql.raw(`INSERT INTO user_roles (uid, role_id) SELECT 'u' || g, 1003 FROM generate_series(1, ${USERS}) g`),
      );
      await tx.execute(
        sql.raw(`INSERT INTO problems (id, problem_id, title, case_version, difficulty, type)
          SELECT 999 + g, 'P' || (999 + g), 'Problem ' || g, '1', g % 3, g % 2 FROM generate_series(1, ${PROBLEMS}) g`),
      );
      await tx.execute(
        sql.raw(`INSERT INTO submissions (pid, display_pid, uid, username, submit_time, status, length, code, language,
            time_ms, memory_kb, score, oi_rank_score)
          SELECT 1000 + (g::bigint * 7919) % ${PROBLEMS}, 'P' || (1000 + (g::bigint * 7919) % ${PROBLEMS}),
            'u' || (1 + (g::bigint * 31) % ${USERS}), 'user' || (1 + (g::bigint * 31) % ${USERS}),
            now() - ((g % 525600) * interval '1 minute'), (array[0, -1, 1, 0, 3, -2, 0, 8])[1 + g % 8], 12,
            'int main(){}', 'C++', 10, 1024,
            CASE WHEN ((g::bigint * 7919) % ${PROBLEMS}) % 2 = 1 THEN (g % 101) END,
            CASE WHEN ((g::bigint * 7919) % ${PROBLEMS}) % 2 = 1 THEN round((g % 101) * 0.1) END
          FROM generate_series(1, ${SUBMISSIONS}) g`),
      );
    });
    const t1 = Date.now();
    await db.execute(sql`SELECT oj_rebuild_aggregates()`);
    // A database in service is vacuumed by autovacuum; measure that steady state, not the just-loaded one.
    await db.execute(sql`VACUUM ANALYZE`);
    const t2 = Date.now();
    console.error(`${kind}: loaded ${SUBMISSIONS} submissions in ${t1 - t0} ms, aggregates in ${t2 - t1} ms`);

    const app = await buildApp({ services, logLevel: 'silent', judgeToken: 'bench' });
    await app.ready();
    const meta = { ip: '127.0.0.1', userAgent: 'bench' };
    const student = (await services.sessions.issue('u42', meta)).token;
    await db.execute(sql`INSERT INTO users (uid, username, password_hash) VALUES ('root', 'root', 'scrypt$x')`);
    await db.execute(sql`INSERT INTO user_roles (uid, role_id) VALUES ('root', 1000)`);
    const root = (await services.sessions.issue('root', meta)).token;

    const measure = async (label: string, urlOf: (i: number) => string, token?: string) => {
      const headers = token ? { authorization: token } : {};
      for (let i = 0; i < 30; i++) await app.inject({ method: 'GET', url: urlOf(i), headers });
      const times: number[] = [];
      const start = performance.now();
      for (let i = 0; i < REQUESTS; i++) {
        const s = performance.now();
        const res = await app.inject({ method: 'GET', url: urlOf(i), headers });
        times.push(performance.now() - s);
        if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      const total = performance.now() - start;
      times.sort((a, b) => a - b);
      return {
        label,
        median: times[Math.floor(times.length / 2)],
        p99: times[Math.floor(times.length * 0.99)],
        rps: (REQUESTS / total) * 1000,
      };
    };
    const rows = [
      await measure('trivial: get-website-config', () => '/api/get-website-config'),
      await measure(
        'get-problem-list (page 1..50, 30/page)',
        (i) => `/api/get-problem-list?currentPage=${1 + (i % 50)}&limit=30`,
      ),
      await measure(
        'get-problem-list keyword',
        (i) => `/api/get-problem-list?keyword=Problem%20${1 + (i % 999)}&limit=30`,
      ),
      await measure(
        'get-submission-list by user (own)',
        (i) => `/api/get-submission-list?currentPage=${1 + (i % 5)}&limit=15`,
        student,
      ),
      await measure(
        'get-submission-list by problem (root)',
        (i) => `/api/get-submission-list?problemID=P${1000 + ((i * 37) % PROBLEMS)}&completeProblemID=true&limit=15`,
        root,
      ),
      await measure(
        'get-rank-list ACM (page 1..50)',
        (i) => `/api/get-rank-list?type=0&currentPage=${1 + (i % 50)}&limit=30`,
      ),
      await measure(
        'get-rank-list OI (page 1..50)',
        (i) => `/api/get-rank-list?type=1&currentPage=${1 + (i % 50)}&limit=30`,
      ),
    ];
    const base = rows[0].median;
    console.log(
      `\n${kind}, ${SUBMISSIONS} submissions, ${PROBLEMS} problems, ${USERS} users, ${REQUESTS} sequential requests each`,
    );
    console.log('| endpoint | median ms | p99 ms | req/s | median vs trivial |');
    console.log('|---|---|---|---|---|');
    for (const r of rows) {
      console.log(
        `| ${r.label} | ${r.median.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.rps.toFixed(0)} | ${(r.median / base).toFixed(2)}x |`,
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
