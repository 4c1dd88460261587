/**
 * A class gradebook at scale (decision 0052): a group of 300 students with 20 assignments (group trainings with due
 * times, late-until and a late penalty) of 10 problems each (half ACM, half OI) and 200,000 submissions to them around
 * their due times, bulk-loaded into a throwaway PostgreSQL database, the homework cells then computed by the same SQL
 * the submissions trigger runs. Measured, warm, in one run:
 *  - GET /api/group/gradebook under concurrent teachers (median and p99), against a trivial endpoint
 *    (get-website-config) measured the same way (targets: p99 at most 150 ms);
 *  - the xlsx export (the grid and one students x problems sheet per assignment; target: at most 3 s), and the CSV;
 *  - a verdict to an open gradebook: from a submission's new verdict being committed to the `gradebook` event on a
 *    teacher's event stream, and to the gradebook read again after it (target: within 2 s).
 *
 *   node --import tsx bench/gradebook.ts   # BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres
 *   node --import tsx bench/gradebook.ts --clients 5 --rounds 40 --verdicts 10
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { seedRoles } from '../apps/server/src/bootstrap.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { createServices } from '../apps/server/src/services.js';
import { openSse } from '../apps/server/test/sse-client.js';
import { arg, compareCalls, median, throwawayPostgres } from './bench-kit.js';

const STUDENTS = Number(arg('students', '300'));
const ASSIGNMENTS = 20;
const PER = 10;
const SUBMISSIONS = Number(arg('submissions', '200000'));
const CLIENTS = Number(arg('clients', '5'));
const ROUNDS = Number(arg('rounds', '40'));
const VERDICTS = Number(arg('verdicts', '10'));
const GID = 1;

const main = async () => {
  const { url, drop } = await throwawayPostgres();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-bench-'));
  const database = await openDatabase({ url });
  try {
    const db = database.db;
    const services = createServices(db, { dataDir, bus: database.bus });
    await seedRoles(db);
    await services.site.seed();
    const run = (q: string) => db.execute(sql.raw(q));

    const t0 = Date.now();
    await db.transaction(async (tx) => {
      // Triggers off for the bulk load; the cells are computed afterwards by the trigger's own function.
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      const x = (q: string) => tx.execute(sql.raw(q));
      await x(`INSERT INTO users (uid, username, password_hash, nickname, realname)
        SELECT 'u' || g, 'student' || g, 'scrypt$x', 'nick' || g, 'Real ' || g FROM generate_series(1, ${STUDENTS}) g
        UNION ALL SELECT 'teacher', 'teacher', 'scrypt$x', NULL, 'The Teacher'`);
      await x(`INSERT INTO user_roles (uid, role_id) SELECT 'u' || g, 1003 FROM generate_series(1, ${STUDENTS}) g
        UNION ALL SELECT 'teacher', 1003`);
      await x(`INSERT INTO groups (id, name, short_name, brief, description, uid)
        VALUES (${GID}, 'Class 8B', 'c8b', 'A class', 'A class', 'teacher')`);
      await x(`INSERT INTO group_members (gid, uid, auth) SELECT ${GID}, 'u' || g, 3 FROM generate_series(1, ${STUDENTS}) g
        UNION ALL SELECT ${GID}, 'teacher', 5`);
      await x(`INSERT INTO problems (id, problem_id, title, case_version, type, io_score, is_group, gid)
        SELECT 999 + g, 'P' || (999 + g), 'Problem ' || g, '1', g % 2, 100, 1, ${GID}
        FROM generate_series(1, ${ASSIGNMENTS * PER}) g`);
      await x(`INSERT INTO training_categories (id, name, color) VALUES (1, 'Homework', '#2d8cf0')`);
      // Weekly assignments, the last few still open; two days late allowed at 10 % a day.
      await x(`INSERT INTO trainings (id, uid, author, title, description, category_id, gid, open_time, due_time,
          late_until, late_penalty, late_penalty_unit, late_penalty_floor)
        SELECT a, 'teacher', 'teacher', 'Week ' || a, 'homework', 1, ${GID},
          now() - interval '140 days' + (a - 1) * interval '7 days',
          now() - interval '130 days' + a * interval '7 days',
          now() - interval '128 days' + a * interval '7 days', 10, 'day', 50
        FROM generate_series(1, ${ASSIGNMENTS}) a`);
      await x(`INSERT INTO training_problems (tid, pid, display_id, rank)
        SELECT a, 999 + (a - 1) * ${PER} + p, 'P' || (999 + (a - 1) * ${PER} + p), p
        FROM generate_series(1, ${ASSIGNMENTS}) a, generate_series(1, ${PER}) p`);
      // Tries spread from the open time to two days past the due time.
      await x(`INSERT INTO submissions (pid, display_pid, uid, username, submit_time, status, score, length, code,
          language, time_ms, memory_kb, cid, tid, gid)
        SELECT 999 + (a - 1) * ${PER} + p, 'P' || (999 + (a - 1) * ${PER} + p), 'u' || s, 'student' || s,
          now() - interval '140 days' + (a - 1) * interval '7 days' + t * interval '1 second',
          (array[0, -1, 1, 0, 8, -2, -1, 0])[1 + v], (array[100, 0, 0, 100, 60, 0, 20, 100])[1 + v],
          12, 'int main(){}', 'C++', 5 + (g % 900), 1024, 0, a, ${GID}
        FROM generate_series(1, ${SUBMISSIONS}) g,
          LATERAL (SELECT 1 + ((hashint4(g)::bigint + 2147483648) % ${ASSIGNMENTS})::int AS a,
            1 + ((hashint4(g + 7)::bigint + 2147483648) % ${PER})::int AS p,
            1 + ((hashint4(-g)::bigint + 2147483648) % ${STUDENTS})::int AS s,
            ((hashint4(g + 1000000000)::bigint + 2147483648) % 8)::int AS v,
            ((hashint4(g + 99)::bigint + 2147483648) % (12 * 86400))::int AS t) h`);
    });
    const t1 = Date.now();
    for (let a = 1; a <= ASSIGNMENTS; a++) await run(`SELECT oj_sync_training_homework(${a}, NULL)`);
    const t2 = Date.now();
    await run('VACUUM ANALYZE');
    const cells = ((await run('SELECT count(*)::int AS n FROM training_cells')) as unknown as { rows: { n: number }[] })
      .rows[0].n;
    console.error(`loaded ${SUBMISSIONS} submissions in ${t1 - t0} ms; ${cells} homework cells in ${t2 - t1} ms`);

    const app = await buildApp({ services, logLevel: 'silent', judgeToken: 'bench' });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const meta = { ip: '127.0.0.1', userAgent: 'bench' };
    const tokens = await Promise.all(
      Array.from({ length: CLIENTS }, async () => (await services.sessions.issue('teacher', meta)).token),
    );

    console.log(
      `\npostgres, a group of ${STUDENTS} students, ${ASSIGNMENTS} assignments x ${PER} problems, ${SUBMISSIONS} submissions, ${cells} cells; ${CLIENTS} teachers x ${ROUNDS} requests, median of 3 runs`,
    );
    await compareCalls(app, tokens, ROUNDS, [
      ['get-website-config (trivial)', () => '/api/get-website-config'],
      ['group/gradebook (300 x 20)', () => `/api/group/gradebook?gid=${GID}`],
    ]);

    const download = async (format: string) => {
      const s = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: `/api/file/download-group-gradebook?gid=${GID}&format=${format}`,
        headers: { authorization: tokens[0] },
      });
      if (res.statusCode !== 200) throw new Error(res.body.slice(0, 200));
      return { ms: performance.now() - s, bytes: res.rawPayload.length };
    };
    for (const format of ['xlsx', 'csv']) {
      await download(format);
      const runs = [await download(format), await download(format), await download(format)];
      console.log(
        `| export ${format} | median ${median(runs.map((r) => r.ms)).toFixed(0)} ms | ${(runs[0].bytes / 1024).toFixed(0)} KiB |`,
      );
    }

    // A verdict changes (as a judge's report or a rejudge writes it): the trigger tells the channel, the instance
    // finds the submission's group and tells the teacher's stream; the page then reads the gradebook again.
    const stream = await openSse(base, `/api/events?gid=${GID}`, { authorization: tokens[0] });
    if (stream.status !== 200) throw new Error(`event stream refused: ${stream.status}`);
    const toEvent: number[] = [];
    const toBook: number[] = [];
    const ids = (
      (await run(
        `SELECT submit_id AS id FROM submissions WHERE tid = ${ASSIGNMENTS} ORDER BY submit_id LIMIT ${VERDICTS}`,
      )) as unknown as { rows: { id: number }[] }
    ).rows.map((r) => Number(r.id));
    for (const id of ids) {
      await new Promise((r) => setTimeout(r, 1500));
      const seen = stream.events.length;
      const s = performance.now();
      await run(`UPDATE submissions SET status = CASE status WHEN 0 THEN -1 ELSE 0 END WHERE submit_id = ${id}`);
      const event = await stream.next((e) => e.event === 'gradebook' && stream.events.indexOf(e) >= seen, 10_000);
      toEvent.push(event.at - s);
      const res = await app.inject({
        method: 'GET',
        url: `/api/group/gradebook?gid=${GID}`,
        headers: { authorization: tokens[0] },
      });
      if (res.statusCode !== 200) throw new Error(res.body.slice(0, 200));
      toBook.push(performance.now() - s);
    }
    stream.close();
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    console.log(
      `| verdict to gradebook event | median ${median(toEvent).toFixed(0)} ms | max ${sorted(toEvent).at(-1)?.toFixed(0)} ms | (${VERDICTS} verdicts; the debounce window is 1,000 ms) |`,
    );
    console.log(
      `| verdict to gradebook read again | median ${median(toBook).toFixed(0)} ms | max ${sorted(toBook).at(-1)?.toFixed(0)} ms | |`,
    );
    await app.close();
  } finally {
    await database.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

await main();
