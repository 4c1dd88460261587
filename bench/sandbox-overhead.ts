// Sandbox cost and accuracy on this machine (not a test: figures are printed, never asserted).
//   node --import tsx bench/sandbox-overhead.ts [runs=200] [mechanisms=served,native,bwrap]
// For each sandbox mechanism (decision 0032) a fresh process measures, against a plain fork+exec of the same
// binary measured in that same process:
// 1. per-run cost: the compiled A+B run plainly (spawn) and through the full sandbox (runProgram: cgroup,
//    namespaces, seccomp, uid), interleaved; median, p90, p95; back-to-back and after 150 ms idle ("cold", where
//    a cgroup attach used to wait for an RCU grace period);
// 2. per case through the judge: judge() of the A+B with 101 cases minus with 1 case, per extra case, against a
//    plain run of the binary per case (the cases run one after the other here: caseConcurrency 1);
// 3. accuracy: a ~0.35 s CPU burner and a 64 MiB toucher, their own measurements (CLOCK_PROCESS_CPUTIME_ID,
//    VmHWM) against the sandbox's (cgroup).
// Mechanisms: served = long-lived native launchers; native = the native launcher started per run
// (OJ_JUDGE_LAUNCHER_SERVER=0); bwrap = prlimit + bubblewrap (OJ_JUDGE_NATIVE_SANDBOX=0).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { percentile } from './bench-kit.js';

const runs = Number(process.argv[2] ?? 200);
const MECHANISM_ENV: Record<string, Record<string, string>> = {
  served: {},
  native: { OJ_JUDGE_LAUNCHER_SERVER: '0' },
  bwrap: { OJ_JUDGE_NATIVE_SANDBOX: '0' },
};

if (!process.env.OJ_BENCH_MECHANISM) {
  const mechanisms = (process.argv[3] ?? 'served,native,bwrap').split(',');
  const load = () => (spawnSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).stdout ?? '').split(' ').slice(0, 3);
  console.log(`sandbox overhead, ${runs} runs per figure; load before: ${load().join(' ')}`);
  for (const mechanism of mechanisms) {
    spawnSync(process.execPath, ['--import', 'tsx', process.argv[1], String(runs)], {
      stdio: 'inherit',
      env: { ...process.env, ...MECHANISM_ENV[mechanism], OJ_BENCH_MECHANISM: mechanism },
    });
  }
  console.log(`load after: ${load().join(' ')}`);
  process.exit(0);
}

const { resolveLanguage } = await import('../apps/judge/src/languages/toolchains.js');
const { compileProgram } = await import('../apps/judge/src/pipeline/compile-program.js');
const { judge } = await import('../apps/judge/src/pipeline/judge.js');
const { runProgram } = await import('../apps/judge/src/pipeline/run-program.js');
const { createRunDir, removeRunDir } = await import('../apps/judge/src/sandbox/run-dirs.js');
const { sandboxMechanism } = await import('../apps/judge/src/sandbox/sandbox.js');
type CompiledProgram = Extract<Awaited<ReturnType<typeof compileProgram>>, { ok: true }>['program'];

const c = resolveLanguage('C With O2');
if (!c.ok) throw new Error('gcc missing');
const compile = async (source: string): Promise<CompiledProgram> => {
  const outcome = await compileProgram(c.language, source);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.program;
};

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => percentile(sorted, q);
  return { median: at(0.5), p90: at(0.9), p95: at(0.95), min: sorted[0], max: sorted[sorted.length - 1] };
};
const fmt = (s: ReturnType<typeof stats>) =>
  `median ${s.median.toFixed(2)}  p90 ${s.p90.toFixed(2)}  p95 ${s.p95.toFixed(2)}  range ${s.min.toFixed(2)}..${s.max.toFixed(2)}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const plainRun = (binary: string, input: string) =>
  new Promise<number>((resolve, reject) => {
    const started = performance.now();
    const child = spawn(binary, [], { stdio: ['pipe', 'pipe', 'ignore'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', () => (output === '3\n' ? resolve(performance.now() - started) : reject(new Error(output))));
    child.stdin.end(input);
  });

const limits = { timeLimitMs: 2000, memoryLimitMb: 256, stackLimitMb: 64 };
const dir = createRunDir('bench');
const inputPath = join(dir, 'input');
writeFileSync(inputPath, '1 2\n');

const abSource = '#include <stdio.h>\nint main(void){int a,b;scanf("%d %d",&a,&b);printf("%d\\n",a+b);return 0;}';
const ab = await compile(abSource);
const binary = join(ab.artifactDir, 'main');
const mechanism = sandboxMechanism();
console.log(
  `\n== ${process.env.OJ_BENCH_MECHANISM}: ${mechanism.native ? `native launcher ${mechanism.path}` : `bubblewrap (${mechanism.reason})`}`,
);

const sandboxRun = async () => {
  const started = performance.now();
  const run = await runProgram(ab, limits, inputPath, 1 << 20);
  if (run.status !== null || run.sandbox.stdout.toString() !== '3\n')
    throw new Error(`sandboxed A+B failed: ${run.message}`);
  return { ms: performance.now() - started, run };
};

const report = (label: string, plain: number[], sandboxed: number[]) => {
  const p = stats(plain);
  const s = stats(sandboxed);
  console.log(`${label}:`);
  console.log(`  plain fork+exec  ${fmt(p)}`);
  console.log(`  judge sandbox    ${fmt(s)}`);
  console.log(
    `  overhead         +${(s.median - p.median).toFixed(2)} ms median, +${(s.p90 - p.p90).toFixed(2)} ms p90, ratio ${(s.median / p.median).toFixed(2)}x`,
  );
};

const plain: number[] = [];
const sandboxed: number[] = [];
const sandboxCpu: number[] = [];
const sandboxMemory: number[] = [];
for (let i = 0; i < runs + 10; i++) {
  const plainMs = await plainRun(binary, '1 2\n');
  const { ms, run } = await sandboxRun();
  if (i < 10) continue; // warm-up
  plain.push(plainMs);
  sandboxed.push(ms);
  sandboxCpu.push(run.sandbox.cpuMs);
  sandboxMemory.push(run.sandbox.memoryKb);
}
report(`A+B, ${runs} runs each, interleaved (ms, spawn to result)`, plain, sandboxed);
console.log(
  `  charged to A+B   cpu median ${stats(sandboxCpu).median.toFixed(2)} ms, memory median ${stats(sandboxMemory).median} KB`,
);

const coldRuns = Math.min(runs, 60);
const coldPlain: number[] = [];
const coldSandboxed: number[] = [];
for (let i = 0; i < coldRuns; i++) {
  await sleep(150);
  coldPlain.push(await plainRun(binary, '1 2\n'));
  await sleep(150);
  coldSandboxed.push((await sandboxRun()).ms);
}
report(`A+B after 150 ms idle each, ${coldRuns} runs`, coldPlain, coldSandboxed);

// Per extra case through the judge: the same program against 1 and 101 cases, sequential cases.
const problemDir = mkdtempSync(join(tmpdir(), 'oj-bench-cases-'));
const problemOf = (count: number) => ({
  problemId: 'BENCH',
  type: 0 as const,
  judgeMode: 'default' as const,
  judgeCaseMode: 'default' as const,
  timeLimitMs: 1000,
  memoryLimitMb: 256,
  stackLimitMb: 64,
  isRemoveEndBlank: true,
  difficulty: 0,
  cases: Array.from({ length: count }, (_, i) => {
    const caseInput = join(problemDir, `${i + 1}.in`);
    const caseAnswer = join(problemDir, `${i + 1}.out`);
    writeFileSync(caseInput, '1 2\n');
    writeFileSync(caseAnswer, '3\n');
    return { name: String(i + 1), inputPath: caseInput, answerPath: caseAnswer, score: 1 };
  }),
});
const one = problemOf(1);
const many = problemOf(101);
const judgeMs = async (problem: typeof one) => {
  const started = performance.now();
  const result = await judge(problem, abSource, 'C With O2', { caseConcurrency: 1 });
  if (result.status !== 0) throw new Error(`judge gave ${result.statusName}: ${result.errorMessage}`);
  return performance.now() - started;
};
await judgeMs(one);
const perCase: number[] = [];
const plainPerCase: number[] = [];
for (let i = 0; i < 5; i++) {
  perCase.push(((await judgeMs(many)) - (await judgeMs(one))) / 100);
  let plainTotal = 0;
  for (let j = 0; j < 100; j++) plainTotal += await plainRun(binary, '1 2\n');
  plainPerCase.push(plainTotal / 100);
}
const casesStats = stats(perCase);
const plainCaseStats = stats(plainPerCase);
console.log(
  `judge(), per extra case (101 vs 1 case, 5 rounds): ${casesStats.median.toFixed(2)} ms median; plain run ${plainCaseStats.median.toFixed(2)} ms; +${(casesStats.median - plainCaseStats.median).toFixed(2)} ms`,
);
rmSync(problemDir, { recursive: true, force: true });

const burner = await compile(`#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <time.h>
int main(void){volatile unsigned long x=1;for(unsigned long i=0;i<350000000UL;i++)x=x*6364136223846793005UL+1;
struct timespec t;clock_gettime(CLOCK_PROCESS_CPUTIME_ID,&t);printf("%.1f\\n",t.tv_sec*1e3+t.tv_nsec/1e6);return 0;}`);
const toucher = await compile(`#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void){size_t n=64u<<20;char*p=malloc(n);for(size_t i=0;i<n;i+=4096)p[i]=1;
FILE*f=fopen("/proc/self/status","r");char line[256];while(fgets(line,sizeof line,f))if(!strncmp(line,"VmHWM",5))fputs(line,stdout);return p[4096]-1;}`);
const cpuPairs: string[] = [];
const cpuDiffs: number[] = [];
const memoryPairs: string[] = [];
const memoryRatios: number[] = [];
for (let i = 0; i < 5; i++) {
  const burn = await runProgram(burner, limits, inputPath, 1 << 20);
  const self = Number(burn.sandbox.stdout.toString());
  cpuPairs.push(`${self.toFixed(1)} / ${burn.sandbox.cpuMs.toFixed(1)}`);
  cpuDiffs.push(burn.sandbox.cpuMs - self);
  const touch = await runProgram(toucher, limits, inputPath, 1 << 20);
  const hwm = Number(/(\d+)/.exec(touch.sandbox.stdout.toString())?.[1]);
  memoryPairs.push(`${hwm} / ${touch.sandbox.memoryKb}`);
  memoryRatios.push((touch.sandbox.memoryKb / hwm - 1) * 100);
}
console.log('Accuracy (program self-measurement / sandbox measurement), 5 runs:');
console.log(
  `  CPU ms, ~0.35 s burner:   ${cpuPairs.join(', ')}  (sandbox - self: ${cpuDiffs.map((d) => d.toFixed(1)).join(', ')} ms)`,
);
console.log(
  `  peak KB, 64 MiB toucher:  ${memoryPairs.join(', ')}  (vs VmHWM: ${memoryRatios.map((r) => `${r.toFixed(1)}%`).join(', ')})`,
);

removeRunDir(dir);
for (const program of [ab, burner, toucher]) program.dispose();
process.exit(0);
