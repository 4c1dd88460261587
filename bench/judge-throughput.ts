// Judge throughput and latency on this machine (figures printed, never asserted).
//   node --import tsx bench/judge-throughput.ts [burst=40] [sequential=10] [header=iostream|bits]
// A real server (PGlite in a temp dir, or a throwaway database on the PostgreSQL server named by
// OJ_BENCH_DATABASE_URL) and one real judge worker process (default concurrency: physical cores)
// judge the C++ A+B sample (10 cases), written with <iostream> or with <bits/stdc++.h> (the header named; the
// precompiled headers are built before the runs, as a worker that judged one such submission before has them):
// 1. sequential: one submission at a time on an idle queue: submit → final verdict, and the compile share
//    (Compiling → Judging, polled every 10 ms);
// 2. burst: `burst` submissions at once: submissions judged per minute, submit → verdict median/p95, and the CPU
//    time per submission of the server and of the worker's process tree (the burst is watched by a count a second and
//    timed by the server's own stamps, so the watching costs the server next to nothing).
// OJ_BENCH_WORKER_PROF=DIR writes the worker's CPU profile (node --cpu-prof) into DIR.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IN_PROGRESS_STATUSES, JUDGE_STATUS } from '@oj/shared';
import { and, count, inArray } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { bootstrap } from '../apps/server/src/bootstrap.js';
import { REPO_ROOT } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { submissions } from '../apps/server/src/db/schema.js';
import { createServices } from '../apps/server/src/services.js';
import { percentile, throwawayPostgres } from './bench-kit.js';

const burst = Number(process.argv[2] ?? 40);
const sequential = Number(process.argv[3] ?? 10);
const header = process.argv[4] === 'bits' ? 'bits/stdc++.h' : 'iostream';
const TOKEN = 'bench-judge-token';
// A distinct comment per submission and bench run, so every one is really compiled (the judge's compile cache
// outlives a run).
const run = `${Date.now()}-${process.pid}`;
let serial = 0;
const source = () => `#include <${header}>
// submission ${run} ${++serial}
int main(){long long a,b;while(std::cin>>a>>b)std::cout<<a+b<<'\\n';return 0;}`;

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => percentile(sorted, q);
  return `median ${at(0.5).toFixed(0)} ms  p95 ${at(0.95).toFixed(0)} ms  range ${sorted[0].toFixed(0)}..${sorted[sorted.length - 1].toFixed(0)} ms`;
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-bench-'));
const postgres = process.env.OJ_BENCH_DATABASE_URL
  ? await throwawayPostgres(process.env.OJ_BENCH_DATABASE_URL)
  : undefined;
const database = await openDatabase(postgres ? { url: postgres.url } : { dataDir });
const services = createServices(database.db, { dataDir, bus: database.bus });
await bootstrap(services, { rootPassword: 'bench-root-1', samplesDir: path.join(REPO_ROOT, 'samples/problems') });
const app = await buildApp({ services, logLevel: 'warn', judgeToken: TOKEN });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const worker = spawn(
  process.execPath,
  [
    ...(process.env.OJ_BENCH_WORKER_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.OJ_BENCH_WORKER_PROF] : []),
    '--import',
    'tsx',
    path.join(REPO_ROOT, 'apps/judge/src/cli.ts'),
    'worker',
    '--server',
    url,
  ],
  {
    cwd: REPO_ROOT,
    env: { ...process.env, OJ_JUDGE_TOKEN: TOKEN, OJ_JUDGE_CACHE_DIR: path.join(dataDir, 'cache') },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);

const root = (await services.users.findByUsername('root'))!;
const problem = (await services.problems.findByProblemId('1000'))!;
const submit = () =>
  services.submissions.submit({ user: root, problem, language: 'C++', code: source(), ip: '127.0.0.1' });

/** Polls the submissions every 10 ms; records when each is seen Judging and when it is final. */
const watch = async (ids: number[], started: Map<number, number>) => {
  const judgingAt = new Map<number, number>();
  const doneAt = new Map<number, number>();
  const deadline = Date.now() + 15 * 60_000;
  while (doneAt.size < ids.length && Date.now() < deadline) {
    // Only those not final yet: the poll's cost falls as the burst is judged.
    const rows = await services.db
      .select({ id: submissions.submitId, status: submissions.status })
      .from(submissions)
      .where(
        inArray(
          submissions.submitId,
          ids.filter((id) => !doneAt.has(id)),
        ),
      );
    const now = performance.now();
    for (const r of rows) {
      if (r.status === JUDGE_STATUS.JUDGING && !judgingAt.has(r.id)) judgingAt.set(r.id, now);
      if (r.status < JUDGE_STATUS.PENDING || r.status > JUDGE_STATUS.JUDGING) {
        if (!doneAt.has(r.id)) {
          if (r.status !== JUDGE_STATUS.ACCEPTED) throw new Error(`submission ${r.id} got status ${r.status}`);
          doneAt.set(r.id, now);
        }
      }
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  return { judgingAt, doneAt, latency: ids.map((id) => (doneAt.get(id) ?? Number.NaN) - (started.get(id) ?? 0)) };
};

/** Waits for a burst with a poll a second (a count); then reads each submission's verdict, and its submit and
 * final-report times as the server stamped them. */
const watchBurst = async (ids: number[]) => {
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    const [{ n }] = await services.db
      .select({ n: count() })
      .from(submissions)
      .where(and(inArray(submissions.submitId, ids), inArray(submissions.status, IN_PROGRESS_STATUSES)));
    if (n === 0) break;
    if (Date.now() > deadline) throw new Error(`${n} submissions not judged after 15 minutes`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  const rows = (
    await services.db
      .select({
        id: submissions.submitId,
        status: submissions.status,
        submitAt: submissions.submitTime,
        doneAt: submissions.gmtModified,
      })
      .from(submissions)
      .where(inArray(submissions.submitId, ids))
  ).map((r) => {
    if (r.status !== JUDGE_STATUS.ACCEPTED) throw new Error(`submission ${r.id} got status ${r.status}`);
    return r;
  });
  return { rows, latency: rows.map((r) => r.doneAt.getTime() - r.submitAt.getTime()) };
};

// Warm-up: the worker's first task downloads the test data and probes nothing more; the host's precompiled
// headers are built (once per host and compiler) before the measured runs.
{
  const { resolveLanguage } = await import('../apps/judge/src/languages/toolchains.js');
  const { buildPrecompiledHeader } = await import('../apps/judge/src/pipeline/precompiled-headers.js');
  const cpp = resolveLanguage('C++');
  if (!cpp.ok || !(await buildPrecompiledHeader(cpp.language)).ok) throw new Error('no precompiled header');
}
{
  const s = await submit();
  await watch([s.submitId], new Map([[s.submitId, performance.now()]]));
}

const seqLatency: number[] = [];
const compileMs: number[] = [];
for (let i = 0; i < sequential; i++) {
  const t0 = performance.now();
  const s = await submit();
  const { judgingAt, latency } = await watch([s.submitId], new Map([[s.submitId, t0]]));
  seqLatency.push(latency[0]);
  compileMs.push((judgingAt.get(s.submitId) ?? Number.NaN) - t0);
}

console.log(`#include <${header}>, ${database.kind}`);
console.log(
  `machine: ${os.cpus().length} CPUs, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
if (sequential > 0) {
  console.log(`sequential (${sequential}): submit → verdict ${stats(seqLatency)}`);
  console.log(`  of which submit → judging starts (queue + compile): ${stats(compileMs)}`);
}

/** A /proc stat file's fields after the name: state(0) ppid(1) ... utime(11) stime(12) cutime(13) cstime(14). */
const statFields = (file: string) => {
  const stat = fs.readFileSync(file, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
};

/** CPU time (ms) of a process and its live descendants, each with the children it has reaped (compilers and
 * sandboxed programs end in their launcher's or the worker's counts): Linux /proc, clock ticks of 10 ms. */
const treeCpuMs = (root: number, own = false) => {
  const procs = fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((d) => {
      try {
        const f = statFields(`/proc/${d}/stat`);
        const self = Number(f[11]) + Number(f[12]);
        return [{ pid: Number(d), ppid: Number(f[1]), ticks: own ? self : self + Number(f[13]) + Number(f[14]) }];
      } catch {
        return [];
      }
    });
  const inTree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of procs)
      if (!inTree.has(p.pid) && inTree.has(p.ppid)) {
        inTree.add(p.pid);
        grew = true;
      }
  }
  if (own) return (procs.find((p) => p.pid === root)?.ticks ?? Number.NaN) * 10;
  return procs.filter((p) => inTree.has(p.pid)).reduce((sum, p) => sum + p.ticks * 10, 0);
};

/** CPU ticks (10 ms) of each of this process's threads, by thread id: Linux /proc. */
const threadTicks = () =>
  new Map(
    fs.readdirSync('/proc/self/task').flatMap((tid) => {
      try {
        const f = statFields(`/proc/self/task/${tid}/stat`);
        return [[Number(tid), Number(f[11]) + Number(f[12])] as const];
      } catch {
        return [];
      }
    }),
  );

if (burst > 0) {
  const threads0 = threadTicks();
  const serverCpu0 = process.cpuUsage();
  const workerCpu0 = worker.pid ? treeCpuMs(worker.pid) : Number.NaN;
  const workerOwnCpu0 = worker.pid ? treeCpuMs(worker.pid, true) : Number.NaN;
  const t0 = Date.now();
  const ids: number[] = [];
  for (let i = 0; i < burst; i++) ids.push((await submit()).submitId);
  // The burst is watched once a second and timed by the server's own clock: the final report stamps the submission
  // (gmt_modified). A poll every 100 ms ran on the server's database and so counted in its CPU figure below (on a
  // slow 2-core machine the figure did not move measurably without it: 62.2 against 61.7 ms).
  const { rows, latency } = await watchBurst(ids);
  const totalMs = Math.max(...rows.map((r) => r.doneAt.getTime())) - t0;
  console.log(
    `burst (${burst} at once): ${((burst / totalMs) * 60_000).toFixed(1)} submissions/min, all judged in ${(totalMs / 1000).toFixed(1)} s`,
  );
  console.log(`  submit → verdict ${stats(latency)}`);
  const serverCpu = process.cpuUsage(serverCpu0);
  // The main thread answers the requests; the database's thread (an embedded PGlite on a data directory) is the
  // busiest of the others; the rest are V8's and libuv's helpers.
  const threads = [...threadTicks()].map(([tid, ticks]) => ({ tid, ms: (ticks - (threads0.get(tid) ?? 0)) * 10 }));
  const main = threads.find((t) => t.tid === process.pid)?.ms ?? Number.NaN;
  const others = threads.filter((t) => t.tid !== process.pid).sort((a, b) => b.ms - a.ms);
  const perSub = (ms: number) => `${(ms / burst).toFixed(1)} ms`;
  const workerCpu = worker.pid ? treeCpuMs(worker.pid) - workerCpu0 : Number.NaN;
  const workerOwnCpu = worker.pid ? treeCpuMs(worker.pid, true) - workerOwnCpu0 : Number.NaN;
  console.log(
    `  CPU per submission: server (this process, with its database${postgres ? "'s client; PostgreSQL's own not counted" : ''}) ${((serverCpu.user + serverCpu.system) / 1000 / burst).toFixed(1)} ms, judge worker with its compilers and runs ${(workerCpu / burst).toFixed(1)} ms (the worker's Node process ${(workerOwnCpu / burst).toFixed(1)} ms)`,
  );
  console.log(
    postgres
      ? `  the server's threads: main ${perSub(main)}, the others ${perSub(others.reduce((n, t) => n + t.ms, 0))}`
      : `  the server's threads: main ${perSub(main)}, the database's ${perSub(others[0]?.ms ?? 0)}, the others ${perSub(others.slice(1).reduce((n, t) => n + t.ms, 0))}`,
  );
}

worker.kill('SIGTERM');
await app.close();
await database.close();
await postgres?.drop();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
