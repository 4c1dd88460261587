// C++ compile time with and without the precompiled headers (figures printed, never asserted).
//   node --import tsx bench/compile-speed.ts [--runs 7] [--cli-runs 5] [--variants all|C++,C++ 17 With O2]
// Run as root on a host where the sandbox works. For each C++ variant, in one run, interleaved so load hits
// every kind alike:
// 1. through the pipeline (compileProgram, sandboxed, compile cache off): an A+B that includes <iostream> and the
//    same A+B including <bits/stdc++.h>, each with and without its precompiled header; medians and the ratio to
//    <iostream> without one (the first target: bits/stdc++.h with its header within 1.2x of that);
// 2. through `npm run judge:local` (a fresh process per call, one-case package, compile cache off): the same
//    four, submit to printed verdict;
// 3. a compile-cache hit (a rejudge) through the pipeline.
// The headers are built first (once per host: a later run finds them in the cache) and their build time shown.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LANGUAGES } from '../apps/judge/src/languages/languages.js';
import { type ResolvedLanguage, resolveLanguage } from '../apps/judge/src/languages/toolchains.js';
import { compileProgram } from '../apps/judge/src/pipeline/compile-program.js';
import { buildPrecompiledHeader } from '../apps/judge/src/pipeline/precompiled-headers.js';
import { arg, median } from './bench-kit.js';

const runs = Number(arg('runs', '7'));
const cliRuns = Number(arg('cli-runs', '5'));
const variantArg = arg('variants', 'all');
const REPO_ROOT = path.join(import.meta.dirname, '..');
const variants = LANGUAGES.filter((l) => l.precompiledHeader)
  .map((l) => l.name)
  .filter((name) => variantArg === 'all' || variantArg.split(',').includes(name));

let serial = 0;
const body = "int main(){long long a,b;while(cin>>a>>b)cout<<a+b<<'\\n';return 0;}";
const sources = {
  iostream: () => `#include <iostream>\nusing namespace std;\n// ${++serial} ${Math.random()}\n${body}\n`,
  bits: () => `#include <bits/stdc++.h>\nusing namespace std;\n// ${++serial} ${Math.random()}\n${body}\n`,
};
type Kind = 'iostream' | 'iostream (PCH)' | 'bits (no PCH)' | 'bits (PCH)';
const KINDS: Kind[] = ['iostream', 'iostream (PCH)', 'bits (no PCH)', 'bits (PCH)'];
const withHeader = (kind: Kind) => kind.endsWith('(PCH)');
const sourceOf = (kind: Kind) => (kind.startsWith('iostream') ? sources.iostream() : sources.bits());
const noTimes = (): Record<Kind, number[]> => ({
  iostream: [],
  'iostream (PCH)': [],
  'bits (no PCH)': [],
  'bits (PCH)': [],
});

/** Wall time of the whole sandboxed compile, and the compiler's CPU time (less sensitive to a busy host). */
const timeCompile = async (language: ResolvedLanguage, kind: Kind): Promise<[number, number]> => {
  const t0 = performance.now();
  const outcome = await compileProgram(language, sourceOf(kind), {}, undefined, {
    cache: false,
    precompiledHeader: withHeader(kind),
  });
  const ms = performance.now() - t0;
  if (!outcome.ok) throw new Error(outcome.message);
  if (withHeader(kind) && outcome.program.origin !== 'pch') throw new Error('the header was not offered');
  outcome.program.dispose();
  return [ms, outcome.program.compileCpuMs];
};

// A one-case A+B package for the CLI.
const pkg = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-bench-pkg-'));
fs.mkdirSync(path.join(pkg, 'tests'));
fs.writeFileSync(
  path.join(pkg, 'problem.json'),
  JSON.stringify({ title: 'A+B', timeLimitMs: 1000, memoryLimitMb: 256 }),
);
fs.writeFileSync(path.join(pkg, 'tests/1.in'), '1 2\n');
fs.writeFileSync(path.join(pkg, 'tests/1.out'), '3\n');

const timeCli = (language: string, kind: Kind): number => {
  const file = path.join(pkg, `main-${serial}.cpp`);
  fs.writeFileSync(file, sourceOf(kind));
  const t0 = performance.now();
  const result = spawnSync(
    'npm',
    ['run', '-s', 'judge:local', '--', '--problem', pkg, '--source', file, '--language', language],
    {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { ...process.env, OJ_JUDGE_COMPILE_CACHE: '0', OJ_JUDGE_PCH: withHeader(kind) ? '1' : '0' },
    },
  );
  const ms = performance.now() - t0;
  const verdict = JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}');
  if (verdict.status !== 0) throw new Error(`judge:local: ${result.stdout} ${result.stderr}`);
  fs.rmSync(file);
  return ms;
};

console.log(
  `machine: ${os.cpus().length} CPUs, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; ${spawnSync('g++', ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0]}`,
);
const resolved = new Map<string, ResolvedLanguage>();
for (const name of variants) {
  const resolution = resolveLanguage(name);
  if (!resolution.ok) throw new Error(`${name}: ${resolution.missing.join(', ')}`);
  resolved.set(name, resolution.language);
  const t0 = performance.now();
  const built = await buildPrecompiledHeader(resolution.language);
  if (!built.ok) throw new Error(built.message);
  const sizes = ['bits/stdc++.h.gch', 'iostream.gch'].map(
    (gch) => `${gch} ${(fs.statSync(path.join(built.includeDir, gch)).size / 1048576).toFixed(0)} MiB`,
  );
  console.log(
    `headers ${name}: ${built.built ? `built in ${((performance.now() - t0) / 1000).toFixed(1)} s` : 'already built'}, ${sizes.join(', ')}`,
  );
}

const line = (label: string, times: Record<Kind, number[]>) => {
  const m = Object.fromEntries(KINDS.map((k) => [k, median(times[k])])) as Record<Kind, number>;
  console.log(
    `${label.padEnd(34)} iostream ${m.iostream.toFixed(0).padStart(5)} ms  iostream PCH ${m['iostream (PCH)'].toFixed(0).padStart(5)} ms (${(m['iostream (PCH)'] / m.iostream).toFixed(2)}x)  bits no PCH ${m['bits (no PCH)'].toFixed(0).padStart(5)} ms (${(m['bits (no PCH)'] / m.iostream).toFixed(2)}x)  bits PCH ${m['bits (PCH)'].toFixed(0).padStart(5)} ms (${(m['bits (PCH)'] / m.iostream).toFixed(2)}x)`,
  );
};

console.log(`\npipeline compile (compileProgram in the sandbox), medians of ${runs}, wall and compiler CPU:`);
for (const name of variants) {
  const language = resolved.get(name)!;
  const times: Record<Kind, number[]> = noTimes();
  const cpu: Record<Kind, number[]> = noTimes();
  await timeCompile(language, 'bits (PCH)'); // warm the page cache
  for (let i = 0; i < runs; i++)
    for (const kind of KINDS) {
      const [wall, cpuMs] = await timeCompile(language, kind);
      times[kind].push(wall);
      cpu[kind].push(cpuMs);
    }
  line(`${name} (wall)`, times);
  line(`${name} (CPU)`, cpu);
}

if (cliRuns > 0) {
  console.log(`\nnpm run judge:local (fresh process, one case), medians of ${cliRuns}:`);
  for (const name of variants) {
    const times: Record<Kind, number[]> = noTimes();
    for (let i = 0; i < cliRuns; i++) for (const kind of KINDS) times[kind].push(timeCli(name, kind));
    line(name, times);
  }
}

{
  const language = resolved.get(variants[0])!;
  const source = sources.bits();
  const first = await compileProgram(language, source);
  if (!first.ok) throw new Error(first.message);
  first.program.dispose();
  const hits: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const again = await compileProgram(language, source);
    hits.push(performance.now() - t0);
    if (!again.ok || again.program.origin !== 'cache') throw new Error('expected a compile-cache hit');
    again.program.dispose();
  }
  console.log(`\ncompile-cache hit (rejudge), ${variants[0]}: median ${median(hits).toFixed(1)} ms`);
}

fs.rmSync(pkg, { recursive: true, force: true });
process.exit(0);
