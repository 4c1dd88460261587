// What one more test case costs through `npm run judge:local` (figures printed, never asserted).
//   node --import tsx bench/judge-local-cases.ts [pairs=5] [concurrency=1]
// The C++ A+B judged through the CLI (a fresh process per call, as a user runs it) against a 1-case and a 101-case
// package, alternately; per extra case = (101-case time - 1-case time) / 100, median over the pairs. The compile
// cache is on, so after the first call both sides reuse the same build and the difference is the cases alone.
// Baseline, measured in the same run: the same binary built on the host and run plainly from bash, once per case
// (`./main < case.in > /dev/null`), the per-run median of 100-run loops.
// `concurrency` sets OJ_JUDGE_CASE_CONCURRENCY (1: the cases one after the other, as the baseline runs them).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../apps/server/src/config.js';
import { median } from './bench-kit.js';

const pairs = Number(process.argv[2] ?? 5);
const concurrency = process.argv[3] ?? '1';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-bench-cases-'));
const source = path.join(work, 'main.cpp');
fs.writeFileSync(
  source,
  `#include <iostream>\n// ${Date.now()}\nint main(){long long a,b;while(std::cin>>a>>b)std::cout<<a+b<<'\\n';return 0;}\n`,
);
const packageOf = (cases: number) => {
  const dir = path.join(work, `p${cases}`);
  fs.mkdirSync(path.join(dir, 'tests'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'problem.json'),
    JSON.stringify({ title: 'A+B', timeLimitMs: 1000, memoryLimitMb: 256 }),
  );
  for (let i = 1; i <= cases; i++) {
    fs.writeFileSync(path.join(dir, `tests/${i}.in`), `${i} ${i * 7}\n`);
    fs.writeFileSync(path.join(dir, `tests/${i}.out`), `${i * 8}\n`);
  }
  return dir;
};
const one = packageOf(1);
const many = packageOf(101);

const cli = (pkg: string) => {
  const t0 = performance.now();
  const result = spawnSync(
    'npm',
    ['run', '-s', 'judge:local', '--', '--problem', pkg, '--source', source, '--language', 'C++', '--json'],
    { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, OJ_JUDGE_CASE_CONCURRENCY: concurrency } },
  );
  const ms = performance.now() - t0;
  const verdict = JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}');
  if (verdict.status !== 0) throw new Error(`judge:local: ${result.stdout.slice(0, 500)} ${result.stderr}`);
  return ms;
};

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
console.log(`judge:local per extra case, ${pairs} pairs, OJ_JUDGE_CASE_CONCURRENCY=${concurrency}; load ${load()}`);
cli(one); // compiles once; every later call takes the build from the cache

const binary = path.join(work, 'main');
const built = spawnSync('g++', ['-std=c++14', source, '-o', binary], { encoding: 'utf8' });
if (built.status !== 0) throw new Error(built.stderr);
const plainLoop = () => {
  const t0 = performance.now();
  const r = spawnSync(
    'bash',
    ['-c', `for i in $(seq 1 100); do "$0" < "$1" > /dev/null; done`, binary, path.join(many, 'tests/1.in')],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(r.stderr);
  return (performance.now() - t0) / 100;
};

const perCase: number[] = [];
const plain: number[] = [];
const totals: Record<'one' | 'many', number[]> = { one: [], many: [] };
for (let i = 0; i < pairs; i++) {
  const a = cli(one);
  const b = cli(many);
  totals.one.push(a);
  totals.many.push(b);
  perCase.push((b - a) / 100);
  plain.push(plainLoop());
}
console.log(
  `  judge:local: 1 case ${median(totals.one).toFixed(0)} ms, 101 cases ${median(totals.many).toFixed(0)} ms`,
);
console.log(
  `  per extra case: median ${median(perCase).toFixed(2)} ms (range ${Math.min(...perCase).toFixed(2)}..${Math.max(...perCase).toFixed(2)}); plain run from bash ${median(plain).toFixed(2)} ms; difference ${(median(perCase) - median(plain)).toFixed(2)} ms`,
);
console.log(`  load after: ${load()}`);
fs.rmSync(work, { recursive: true, force: true });
