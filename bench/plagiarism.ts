/**
 * Copy detection at contest scale: 300 students x 5 problems, 1,500 C++ submissions of 50-200 lines, made from the
 * engine's accuracy set (apps/server/src/modules/plagiarism/engine/fixtures/): each student's solution is one of the
 * problem's real solutions, disguised (renamed, reordered, reformatted, comments, dead statements) with its own seed,
 * about half of them in the shared contest template, and one student in ten copies another student's program (disguised
 * again). A full check, as the server runs one: every submission fingerprinted on the engine's worker thread, then one
 * compare per problem, the problems' templates ignored. Reports the median of the runs (each with a new worker, so
 * the grammar load counts) and the server process's memory growth (resident set, sampled every 20 ms while it runs,
 * the worker thread included), against the same work's fingerprinting alone as the baseline. No database: the check
 * around the engine reads and writes one row per submission and per pair.
 *
 *   node --import tsx bench/plagiarism.ts
 *   node --import tsx bench/plagiarism.ts --students 300 --runs 3
 */

import {
  type CompareResult,
  createEngineWorker,
  type EngineFile,
  type FingerprintData,
} from '../apps/server/src/modules/plagiarism/engine/index.js';
import { arg, median } from './bench-kit.js';
import { CPP_TEMPLATE, makeSubmissions, PROBLEM_COUNT } from './plagiarism-set.js';

const STUDENTS = Number(arg('students', '300'));
const RUNS = Number(arg('runs', '3'));

const main = async () => {
  const subs = await makeSubmissions(STUDENTS);
  const lines = subs.map((s) => s.code.split('\n').length).sort((a, b) => a - b);
  console.log(
    `${subs.length} submissions, ${lines[0]}-${lines[lines.length - 1]} lines (median ${lines[lines.length >> 1]})`,
  );

  const totals: number[] = [];
  const fingerprinting: number[] = [];
  const growth: number[] = [];
  let last: CompareResult[] = [];
  for (let run = 0; run < RUNS; run++) {
    globalThis.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const start = performance.now();
    const worker = createEngineWorker();
    const fps: { tokens: number; data: FingerprintData }[] = [];
    for (let i = 0; i < subs.length; i += 100) {
      fps.push(
        ...(await worker.fingerprintMany(subs.slice(i, i + 100).map((s) => ({ code: s.code, language: 'cpp' })))),
      );
    }
    const fingerprinted = performance.now();
    last = [];
    for (let p = 0; p < PROBLEM_COUNT; p++) {
      const files: EngineFile[] = [];
      subs.forEach((s, i) => {
        if (s.problem === p) files.push({ submitId: s.submitId, uid: s.uid, code: s.code, fp: fps[i].data });
      });
      last.push(await worker.compare({ language: 'cpp', files, ignoreCode: [CPP_TEMPLATE] }));
    }
    const end = performance.now();
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    await worker.close();
    totals.push((end - start) / 1000);
    fingerprinting.push((fingerprinted - start) / 1000);
    growth.push((peak - before) / 2 ** 20);
    console.log(
      `run ${run + 1}: ${((end - start) / 1000).toFixed(2)} s (fingerprints ${((fingerprinted - start) / 1000).toFixed(2)} s), memory +${((peak - before) / 2 ** 20).toFixed(0)} MB`,
    );
  }
  const pairs = last.reduce((n, r) => n + r.pairs.length, 0);
  const above = last.reduce((n, r) => n + r.pairs.filter((p) => p.similarity >= 0.5).length, 0);
  const ignored = last.map((r) => `${r.ignored.template}/${r.ignored.common}`).join(', ');
  console.log(
    `\npairs returned (>= 0.1): ${pairs}; at or above 0.5: ${above}; ignored template/common per problem: ${ignored}`,
  );
  console.log(
    `median of ${RUNS}: full check ${median(totals).toFixed(2)} s (goal <= 30 s); fingerprinting alone ${median(fingerprinting).toFixed(2)} s; memory growth ${median(growth).toFixed(0)} MB (goal < 300 MB)`,
  );
};

await main();
