#!/usr/bin/env node
// `npm test`: every quality gate (types, lint, tests, the many-instances run, the build, the browser), each stage
// timed, with a summary of times and test counts at the end.
//
// Steps run one after another; the lanes of a step run side by side. The typecheck and lint come first, alone: they
// fail fast, and the typecheck needs both cores (beside the tests it took 6 times as long). Then the Vitest run, the
// browser journeys (after the build they need) and the many-instances run go side by side: each leaves part of the two
// cores idle on its own (the journeys' one worker waits on its browser, server and judge between steps, the
// many-instances run on its paced submits), and together they keep both busy to the end (on a 2-core machine: 650-760 s
// for the step, against about 850 s for the same stages one after another on the same day). The first lane of a step prints as it goes; the others print each
// stage's output whole once it ends, so the log stays readable. A failed stage stops the others and the run.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** name, command, arguments, how to read its test counts from its output, and its niceness (below). */
const stage = (name, cmd, args, counts, nice = 0) => ({ name, cmd, args, counts, nice });
// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes are taken out of the output.
const plain = (s) => s.replace(/\u001b\[[0-9;]*m/g, '');
const vitestCounts = (out) => {
  const m = /^\s*Tests\s+(.+)$/m.exec(plain(out));
  return m ? m[1].trim() : undefined;
};
const playwrightCounts = (out) => {
  const found = [...plain(out).matchAll(/^\s+(\d+ (?:passed|failed|skipped|flaky|did not run))/gm)];
  return found.length ? found.map((m) => m[1]).join(', ') : undefined;
};

const typecheck = stage('typecheck', 'npm', ['run', '--silent', 'typecheck']);
const lint = stage('lint', 'npx', ['biome', 'check', '.']);
// Niceness: the browser journeys are one worker going step by step, the run's longest stage on its own (alone: about
// 12 minutes of wall time for 15 of CPU, four fifths of it chromium's processes; bench/ci-cpu.ts), while the Vitest
// run is CPU work that can take any idle moment. At equal priority each starved the other's processes and the
// journeys took twice as long; the Vitest run (and the many-instances run, whose judging has no deadline but its own)
// at a lower priority takes the cores the journeys leave, and the journeys keep theirs.
const vitest = stage('unit, integration and sandbox tests', 'npx', ['vitest', 'run'], vitestCounts, 10);
// 2 servers behind nginx and 2 judges on one PostgreSQL, killed and restarted mid-run (skipped without
// TEST_DATABASE_URL).
const topology = stage(
  'many instances (topology)',
  'node',
  ['--import', 'tsx', 'apps/server/test/topology/run.ts'],
  undefined,
  5,
);
const build = stage('web build + bundle budget', 'npm', ['run', 'build', '-w', '@oj/web']);
// The server, the judge and the tools as the tests, the journeys and the many-instances run start them.
const buildNode = stage('server and judge build', 'node', ['scripts/build-node.mjs', '--force']);
const e2e = stage(
  'browser e2e (chromium)',
  'npx',
  ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
  playwrightCounts,
);

/** Steps, each a list of lanes, each a list of stages. */
const steps = [[[buildNode, typecheck, lint]], [[vitest], [build, e2e], [topology]]];

const running = new Set();
const results = [];
let failed = false;

const runStage = (s, live) =>
  new Promise((resolve) => {
    const t0 = Date.now();
    if (live) console.log(`\n=== ${s.name} ===`);
    // `nice` (coreutils) starts the stage at its niceness, which every process it starts inherits.
    const [cmd, args] = s.nice ? ['nice', ['-n', String(s.nice), s.cmd, ...s.args]] : [s.cmd, s.args];
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    running.add(child);
    let out = '';
    const take = (stream) => (d) => {
      out += d;
      if (live) stream.write(d);
    };
    child.stdout.on('data', take(process.stdout));
    child.stderr.on('data', take(process.stderr));
    child.on('close', (code, signal) => {
      running.delete(child);
      const secs = (Date.now() - t0) / 1000;
      const ok = code === 0;
      if (!live) process.stdout.write(`\n=== ${s.name} ===\n${out}`);
      console.log(`=== ${s.name}: ${ok ? 'ok' : `FAILED (${signal ?? `exit ${code}`})`} in ${secs.toFixed(1)}s ===`);
      results.push({ name: s.name, secs, ok, counts: s.counts?.(out) });
      resolve(ok);
    });
  });

// A stage is stopped as Ctrl-C stops it: SIGINT to its process group. Playwright then closes the server its
// webServer started (in a process group of its own, out of reach of a signal to the stage's group; on SIGTERM
// Playwright dies without closing it, and the server held the journeys' port for the next run). A stage still
// running 15 s later is killed.
const stopOthers = () => {
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGINT');
    } catch {}
  }
  setTimeout(() => {
    for (const child of running) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }
  }, 15_000).unref();
};

// An interrupted run takes its stages with it, and exits once they have ended.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopOthers();
    const exit = () => (running.size ? setTimeout(exit, 100) : process.exit(130));
    exit();
  });
}

const started = Date.now();
for (const lanes of steps) {
  await Promise.all(
    lanes.map(async (lane, i) => {
      for (const s of lane) {
        if (failed) return;
        if (!(await runStage(s, i === 0)) && !failed) {
          failed = true;
          stopOthers();
        }
      }
    }),
  );
  if (failed) break;
}

console.log('\n=== summary ===');
for (const r of results) {
  console.log(
    `${r.ok ? 'ok    ' : 'FAILED'} ${r.secs.toFixed(1).padStart(7)}s  ${r.name}${r.counts ? `: ${r.counts}` : ''}`,
  );
}
const total = ((Date.now() - started) / 1000).toFixed(1);
if (failed) {
  console.error(`\nFailed after ${total}s`);
  process.exit(1);
}
console.log(`\nAll stages passed in ${total}s`);
