// Sandbox cost and accuracy on this machine (not a test: figures are printed, never asserted).
//   node --import tsx bench/sandbox-overhead.ts [runs]
// 1. Per-run overhead: the same compiled A+B binary run plainly (spawn) and through the full sandbox (prlimit +
//    bwrap + per-run cgroup + seccomp), interleaved in the same process, median and range.
// 2. Accuracy: a program burning a known CPU time and one touching a known number of bytes, their own
//    measurements (CLOCK_PROCESS_CPUTIME_ID, VmHWM) against the cgroup's.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveLanguage } from '../apps/judge/src/languages/toolchains.js';
import { type CompiledProgram, compileProgram } from '../apps/judge/src/pipeline/compile-program.js';
import { runProgram } from '../apps/judge/src/pipeline/run-program.js';
import { createRunDir, removeRunDir } from '../apps/judge/src/sandbox/run-dirs.js';

const runs = Number(process.argv[2] ?? 200);
const c = resolveLanguage('C With O2');
if (!c.ok) throw new Error('gcc missing');

const compile = async (source: string): Promise<CompiledProgram> => {
  const outcome = await compileProgram(c.language, source);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.program;
};

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: at(0.5), p95: at(0.95), min: sorted[0], max: sorted[sorted.length - 1] };
};
const fmt = (s: ReturnType<typeof stats>) =>
  `median ${s.median.toFixed(2)}  p95 ${s.p95.toFixed(2)}  range ${s.min.toFixed(2)}..${s.max.toFixed(2)}`;

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

const ab = await compile(
  '#include <stdio.h>\nint main(void){int a,b;scanf("%d %d",&a,&b);printf("%d\\n",a+b);return 0;}',
);
const binary = join(ab.artifactDir, 'main');

const plain: number[] = [];
const sandboxed: number[] = [];
const sandboxCpu: number[] = [];
const sandboxMemory: number[] = [];
for (let i = 0; i < runs + 10; i++) {
  const plainMs = await plainRun(binary, '1 2\n');
  const started = performance.now();
  const run = await runProgram(ab, limits, inputPath, 1 << 20);
  const sandboxMs = performance.now() - started;
  if (run.status !== null || run.sandbox.stdout.toString() !== '3\n')
    throw new Error(`sandboxed A+B failed: ${run.message}`);
  if (i < 10) continue; // warm-up
  plain.push(plainMs);
  sandboxed.push(sandboxMs);
  sandboxCpu.push(run.sandbox.cpuMs);
  sandboxMemory.push(run.sandbox.memoryKb);
}
const plainStats = stats(plain);
const sandboxStats = stats(sandboxed);
console.log(`A+B, ${runs} runs each, interleaved (ms, wall from spawn to result):`);
console.log(`  plain spawn      ${fmt(plainStats)}`);
console.log(`  judge sandbox    ${fmt(sandboxStats)}`);
console.log(`  overhead         +${(sandboxStats.median - plainStats.median).toFixed(2)} ms median`);
console.log(
  `  charged to A+B   cpu median ${stats(sandboxCpu).median.toFixed(2)} ms, memory median ${stats(sandboxMemory).median} KB`,
);

// Back-to-back sandbox runs (a submission's cases): no idle gap before the cgroup attach (sandbox-notes B.3).
const block: number[] = [];
for (let i = 0; i < runs; i++) {
  const started = performance.now();
  await runProgram(ab, limits, inputPath, 1 << 20);
  block.push(performance.now() - started);
}
console.log(`  sandbox, block   ${fmt(stats(block))}`);

const burner = await compile(`#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <time.h>
int main(void){volatile unsigned long x=1;for(unsigned long i=0;i<400000000UL;i++)x=x*6364136223846793005UL+1;
struct timespec t;clock_gettime(CLOCK_PROCESS_CPUTIME_ID,&t);printf("%.1f\\n",t.tv_sec*1e3+t.tv_nsec/1e6);return 0;}`);
const toucher = await compile(`#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void){size_t n=64u<<20;char*p=malloc(n);for(size_t i=0;i<n;i+=4096)p[i]=1;
FILE*f=fopen("/proc/self/status","r");char line[256];while(fgets(line,sizeof line,f))if(!strncmp(line,"VmHWM",5))fputs(line,stdout);return p[4096]-1;}`);
const cpuPairs: string[] = [];
const memoryPairs: string[] = [];
for (let i = 0; i < 5; i++) {
  const burn = await runProgram(burner, limits, inputPath, 1 << 20);
  cpuPairs.push(`${burn.sandbox.stdout.toString().trim()} / ${burn.sandbox.cpuMs.toFixed(1)}`);
  const touch = await runProgram(toucher, limits, inputPath, 1 << 20);
  memoryPairs.push(`${/(\d+)/.exec(touch.sandbox.stdout.toString())?.[1]} / ${touch.sandbox.memoryKb}`);
}
console.log('Accuracy (program self-measurement / sandbox cgroup measurement), 5 runs:');
console.log(`  CPU ms, ~0.5 s burner:         ${cpuPairs.join(', ')}`);
console.log(`  peak KB, 64 MiB = 65536 KB:    ${memoryPairs.join(', ')}`);

removeRunDir(dir);
for (const program of [ab, burner, toucher]) program.dispose();
