/**
 * A watched contest's update as submissions are judged (decision 0050): a contest of 300 students x 5 problems
 * (1,500 accepted C++ submissions, bench/plagiarism-set.ts) in a throwaway database, its watching check run once;
 * then new accepted submissions arrive one at a time (new students, and students replacing their solution with a newer
 * one), each counted by the submissions trigger and compared by the runner's update: the time from the verdict's
 * commit to the updated pairs, clusters and totals being stored (fingerprinting the new program included). The baseline,
 * in the same run: what the update replaces, a full check of the scope, and the full comparison of the one problem the
 * submission is on. At the end the watching check is compared with a full recheck (they must be equal). The target
 * (decision 0050): an update within 200 ms.
 *
 *   node --import tsx bench/plagiarism-watch.ts                 # PostgreSQL (BENCH_DATABASE_URL, a throwaway database)
 *   node --import tsx bench/plagiarism-watch.ts --db pglite --updates 30 --runs 3
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { seedRoles } from '../apps/server/src/bootstrap.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { plagiarismChecks, plagiarismPairs } from '../apps/server/src/db/schema.js';
import { logger } from '../apps/server/src/lib/logger.js';
import {
  createEngineWorker,
  ENGINE_VERSION,
  type FingerprintData,
} from '../apps/server/src/modules/plagiarism/engine/index.js';
import { createPlagiarismRepository } from '../apps/server/src/modules/plagiarism/plagiarism.repository.js';
import { createPlagiarismRunner } from '../apps/server/src/modules/plagiarism/plagiarism-runner.js';
import { createServices } from '../apps/server/src/services.js';
import { arg, median, percentile, throwawayPostgres } from './bench-kit.js';
import { makeSubmissions, PROBLEM_COUNT } from './plagiarism-set.js';

const STUDENTS = 300;
const UPDATES = Number(arg('updates', '30'));
const RUNS = Number(arg('runs', '3'));
const DB = arg('db', 'postgres');
const CID = 1;

const main = async () => {
  const pg = DB === 'postgres' ? await throwawayPostgres() : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-bench-'));
  const database = await openDatabase(pg ? { url: pg.url } : { dataDir: path.join(dataDir, 'db') });
  const engine = createEngineWorker();
  try {
    const db = database.db;
    const services = createServices(db, { dataDir, bus: database.bus });
    await seedRoles(db);
    await services.site.seed();
    const subs = await makeSubmissions(STUDENTS);
    // Arrivals: 2/3 new students (their own solution or a copy), 1/3 students replacing theirs.
    const arriving = (await makeSubmissions(STUDENTS, 7)).filter((_, i) => i % 37 === 0).slice(0, UPDATES * RUNS);
    const quote = (s: string) => `'${s.replaceAll("'", "''")}'`;
    await db.transaction(async (tx) => {
      // The load itself skips the triggers (nothing is watched yet; the board's cells are not measured here).
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(
        sql.raw(`INSERT INTO users (uid, username, password_hash)
          SELECT 'u' || g, 'user' || g, 'scrypt$x' FROM generate_series(0, ${2 * STUDENTS}) g
          UNION ALL SELECT 'root', 'root', 'scrypt$x'`),
      );
      await tx.execute(sql.raw(`INSERT INTO user_roles (uid, role_id) VALUES ('root', 1000)`));
      await tx.execute(
        sql.raw(`INSERT INTO problems (id, problem_id, title, case_version)
          SELECT 1000 + g, 'P' || (1000 + g), 'Problem ' || g, '1' FROM generate_series(0, ${PROBLEM_COUNT - 1}) g`),
      );
      await tx.execute(
        sql.raw(`INSERT INTO contests (id, uid, author, title, type, start_time, end_time)
          VALUES (${CID}, 'root', 'root', 'Bench', 0, now() - interval '1 hour', now() + interval '4 hours')`),
      );
      await tx.execute(
        sql.raw(`INSERT INTO contest_problems (cid, pid, display_id, display_title)
          SELECT ${CID}, 1000 + g, chr(65 + g), 'Problem ' || g FROM generate_series(0, ${PROBLEM_COUNT - 1}) g`),
      );
      for (let i = 0; i < subs.length; i += 300) {
        const rows = subs
          .slice(i, i + 300)
          .map(
            (s) =>
              `(${s.submitId}, ${1000 + s.problem}, 'P${1000 + s.problem}', ${CID}, (SELECT id FROM contest_problems WHERE cid = ${CID} AND pid = ${1000 + s.problem}), ${quote(s.uid)}, ${quote(`user${s.uid.slice(1)}`)}, 0, ${s.code.length}, ${quote(s.code)}, 'C++')`,
          );
        await tx.execute(
          sql.raw(`INSERT INTO submissions (submit_id, pid, display_pid, cid, cpid, uid, username, status, length, code, language)
            VALUES ${rows.join(',')}`),
        );
      }
      await tx.execute(sql.raw(`SELECT setval('submissions_submit_id_seq', ${subs.length + 1})`));
    });
    const repo = createPlagiarismRepository(db);
    const runner = createPlagiarismRunner({
      repo,
      selectionFor: services.plagiarism.selectionFor,
      log: logger.child({ module: 'bench' }),
      engine: () => engine,
    });

    /** A check of the contest, as an admin starts one. */
    const newCheck = () =>
      repo.insertCheck({
        scopeKind: 'contest',
        scopeId: CID,
        allSubmissions: false,
        fromTime: null,
        toTime: null,
        threshold: 0.5,
        uid: 'root',
      });
    // The baseline: full checks of the scope (the first fingerprints every submission; the later ones reuse them).
    const full: number[] = [];
    for (let run = 0; run <= RUNS; run++) {
      const id = await newCheck();
      const t0 = performance.now();
      if ((await runner.runOnce()) !== id) throw new Error('the check did not run');
      if (run > 0) full.push(performance.now() - t0);
      else
        console.log(`first full check (fingerprinting all ${subs.length}): ${(performance.now() - t0).toFixed(0)} ms`);
    }
    // The baseline's other half: one problem's full comparison on the engine (what the update does for one file).
    const rows = subs.filter((s) => s.problem === 0);
    const prints = new Map(
      (
        await repo.fingerprints(
          rows.map((r) => r.submitId),
          ENGINE_VERSION,
        )
      ).map((f) => [f.submitId, f.data as FingerprintData] as const),
    );
    const oneProblem: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const t0 = performance.now();
      await engine.compare({
        language: 'cpp',
        files: rows.map((r) => ({
          submitId: r.submitId,
          uid: r.uid,
          code: '',
          fp: prints.get(r.submitId) as FingerprintData,
        })),
        ignoreCode: [],
        minSimilarity: 0.2,
      });
      oneProblem.push(performance.now() - t0);
    }

    const watching = (await repo.insertWatchingCheck({
      scopeKind: 'contest',
      scopeId: CID,
      threshold: 0.5,
      uid: 'root',
    })) as number;
    await runner.runOnce();
    const updates: number[] = [];
    let next = subs.length + 1;
    for (const [i, s] of arriving.entries()) {
      const uid = i % 3 === 2 ? s.uid : `u${STUDENTS + 1 + i}`;
      const pid = 1000 + s.problem;
      await db.execute(
        sql.raw(`INSERT INTO submissions (submit_id, pid, display_pid, cid, cpid, uid, username, status, length, code, language)
          VALUES (${next++}, ${pid}, 'P${pid}', ${CID}, (SELECT id FROM contest_problems WHERE cid = ${CID} AND pid = ${pid}), '${uid}', 'user${uid.slice(1)}', 0, ${s.code.length}, ${quote(s.code)}, 'C++')`),
      );
      const t1 = performance.now();
      if (!(await runner.updateOnce())) throw new Error('the trigger counted no change');
      updates.push(performance.now() - t1);
    }

    // The watching check equals a full recheck of the scope as it now stands.
    const recheck = await newCheck();
    await runner.runOnce();
    const pairsOf = async (id: number) =>
      JSON.stringify(
        (
          await db
            .select()
            .from(plagiarismPairs)
            .where(eq(plagiarismPairs.checkId, id))
            .orderBy(asc(plagiarismPairs.leftSubmitId), asc(plagiarismPairs.rightSubmitId))
        ).map(({ checkId: _, ...p }) => p),
      );
    const [a, b] = await Promise.all([pairsOf(watching), pairsOf(recheck)]);
    const checks = await db.select().from(plagiarismChecks).where(eq(plagiarismChecks.id, watching));
    const sorted = [...updates].sort((x, y) => x - y);
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    console.log(
      `\n${DB}, a watched contest of ${subs.length} accepted submissions (${STUDENTS} students x ${PROBLEM_COUNT} problems); load average ${os
        .loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}`,
    );
    console.log(
      `update on a new accepted submission (${updates.length}): median ${ms(median(updates))}, p90 ${ms(percentile(sorted, 0.9))}, max ${ms(sorted[sorted.length - 1])}`,
    );
    console.log(
      `baseline, a full check of the scope (fingerprints stored, median of ${RUNS}): ${ms(median(full))} (${(median(full) / median(updates)).toFixed(1)}x the update)`,
    );
    console.log(
      `baseline, one problem's full comparison on the engine (${rows.length} files, median of ${RUNS}): ${ms(median(oneProblem))}`,
    );
    console.log(`watching check after the updates: ${checks[0].pairCount} pairs; equal to a full recheck: ${a === b}`);
    if (a !== b) process.exitCode = 1;
    await runner.close();
  } finally {
    await engine.close();
    await database.close();
    await pg?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

await main();
