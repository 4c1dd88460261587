/**
 * The copy-detection pairs endpoint on a finished check of a contest's size: 300 students x 5 problems (1,500
 * submissions), the check's pairs above the stored floor bulk-loaded into a throwaway PostgreSQL database (by default
 * 6,000 pairs, 1,200 a problem: about the share of unrelated pairs above 0.2 the engine's bench finds, plus the copies),
 * each with 8 fragments. Then median and p99 latency of get pairs (the first page at the default threshold, a later
 * page, one user's pairs, one problem's) under 20 concurrent clients of the scope's admin, against a trivial endpoint
 * (get-website-config) measured the same way in the same run. The target (decision 0047): p99 under 100 ms.
 *
 *   node --import tsx bench/plagiarism-pairs.ts   # BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres
 *   node --import tsx bench/plagiarism-pairs.ts --pairs 6000 --clients 20 --rounds 50
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

const STUDENTS = 300;
const PROBLEMS = 5;
const PAIRS = Number(arg('pairs', '6000'));
const CLIENTS = Number(arg('clients', '20'));
const ROUNDS = Number(arg('rounds', '50'));
const CHECK = 1;

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
    const fragment = `{"left":{"startLine":3,"startCol":0,"endLine":20,"endCol":1},"right":{"startLine":5,"startCol":2,"endLine":22,"endCol":1},"tokens":120}`;
    const fragments = `[${Array.from({ length: 8 }, () => fragment).join(',')}]`;
    await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(
        sql.raw(`INSERT INTO users (uid, username, password_hash)
          SELECT 'u' || g, 'user' || g, 'scrypt$x' FROM generate_series(1, ${STUDENTS}) g
          UNION ALL SELECT 'root', 'root', 'scrypt$x'`),
      );
      await tx.execute(sql.raw(`INSERT INTO user_roles (uid, role_id) VALUES ('root', 1000)`));
      await tx.execute(
        sql.raw(`INSERT INTO problems (id, problem_id, title, case_version)
          SELECT 999 + g, 'P' || (999 + g), 'Problem ' || g, '1' FROM generate_series(1, ${PROBLEMS}) g`),
      );
      await tx.execute(
        sql.raw(`INSERT INTO plagiarism_checks (id, scope_kind, scope_id, status, uid, pair_count, progress_done, progress_total, finished_at)
          VALUES (${CHECK}, 'problem', 1000, 'done', 'root', ${PAIRS}, 1505, 1505, now())`),
      );
      // Pair g: problem g % 5, users a < b spread over the 300 students, similarities spread over 0.2..1.
      await tx.execute(
        sql.raw(`INSERT INTO plagiarism_pairs (check_id, left_submit_id, right_submit_id, left_uid, right_uid, pid,
            language, similarity, longest_fragment, shared_tokens, fragments)
          SELECT ${CHECK}, g, ${PAIRS} + g, 'u' || (1 + g % ${STUDENTS}), 'u' || (1 + (g * 7 + 13) % ${STUDENTS}),
            1000 + g % ${PROBLEMS}, 'cpp', 0.2 + 0.8 * ((g * 7919) % 1000) / 1000.0, 20 + g % 200, 40 + g % 400,
            '${fragments}'::jsonb
          FROM generate_series(1, ${PAIRS}) g`),
      );
    });
    await db.execute(sql`ANALYZE plagiarism_pairs`);
    console.error(`loaded ${PAIRS} pairs in ${Date.now() - t0} ms`);

    const app = await buildApp({ services, logLevel: 'silent', judgeToken: 'bench' });
    await app.ready();
    const meta = { ip: '127.0.0.1', userAgent: 'bench' };
    const tokens = await Promise.all(
      Array.from({ length: CLIENTS }, async () => (await services.sessions.issue('root', meta)).token),
    );
    console.log(
      `\npostgres, a finished check: ${STUDENTS} students x ${PROBLEMS} problems, ${PAIRS} pairs of 8 fragments; ${CLIENTS} clients x ${ROUNDS} requests, median of 3 runs`,
    );
    const pairs = `/api/plagiarism/pairs?checkId=${CHECK}&limit=20`;
    await compareCalls(app, tokens, ROUNDS, [
      ['get-website-config (trivial)', () => '/api/get-website-config'],
      ['pairs, first page at 0.5', () => `${pairs}&minSimilarity=0.5`],
      ['pairs, pages 1-50 at 0.2', (client, round) => `${pairs}&currentPage=${1 + ((client * 7 + round) % 50)}`],
      ['pairs of one user', (client, round) => `${pairs}&uid=u${1 + ((client * 31 + round) % STUDENTS)}`],
      [
        'pairs of one problem at 0.5',
        (client, round) => `${pairs}&pid=${1000 + ((client + round) % PROBLEMS)}&minSimilarity=0.5`,
      ],
    ]);
    await app.close();
  } finally {
    await database.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

await main();
