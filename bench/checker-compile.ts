// The first compile of a testlib checker and interactor (figures printed, never asserted).
//   node --import tsx bench/checker-compile.ts --testlib /path/to/testlib.h [--runs 7]
// (or OJ_TEST_TESTLIB=/path/to/testlib.h). Run as root on a host where the sandbox works.
// Compiles a token-compare checker and an echo interactor, both including testlib.h, through the pipeline
// (compileProgram in the sandbox, compile cache off), with the checker flags of `CHECKER_LANGUAGE` and with the
// same flags less `-fwhole-program` (the flags before it was added), interleaved so load hits both alike. Prints the
// medians of the wall time and of the compiler's CPU time, and the ratio of the two flag sets.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { CHECKER_LANGUAGE, type LanguageDefinition } from '../apps/judge/src/languages/languages.js';
import { type ResolvedLanguage, resolveLanguageDefinition } from '../apps/judge/src/languages/toolchains.js';
import { compileProgram } from '../apps/judge/src/pipeline/compile-program.js';
import { CHECKER_COMPILE_LIMITS } from '../apps/judge/src/pipeline/judge-limits.js';
import { arg, median } from './bench-kit.js';

const runs = Number(arg('runs', '7'));
const testlibPath = arg('testlib', process.env.OJ_TEST_TESTLIB ?? '');
if (!testlibPath || !fs.existsSync(testlibPath)) {
  console.error('give the path of testlib.h: --testlib <file> or OJ_TEST_TESTLIB');
  process.exit(2);
}
const testlib = fs.readFileSync(testlibPath);
const version = /VERSION\s+"([^"]+)"/.exec(testlib.toString('latin1'))?.[1] ?? 'unknown version';

let serial = 0;
const SOURCES = {
  checker: () => `#include "testlib.h"
// ${++serial} ${Math.random()}
int main(int argc, char *argv[]) {
  registerTestlibCmd(argc, argv);
  int n = 0;
  std::string j, p;
  while (!ans.seekEof() && !ouf.seekEof()) {
    n++;
    ans.readWordTo(j);
    ouf.readWordTo(p);
    if (j != p) quitf(_wa, "%d%s words differ - expected: '%s', found: '%s'", n, englishEnding(n).c_str(),
                      compress(j).c_str(), compress(p).c_str());
  }
  quitf(_ok, "%d tokens", n);
}
`,
  interactor: () => `#include "testlib.h"
// ${++serial} ${Math.random()}
int main(int argc, char *argv[]) {
  registerInteraction(argc, argv);
  int n = inf.readInt(1, 100);
  for (int i = 0; i < n; i++) {
    int q = inf.readInt();
    std::cout << q << std::endl;
    int a = ouf.readInt();
    if (a != q + 1) quitf(_wa, "query %d: expected %d, found %d", i + 1, q + 1, a);
  }
  quitf(_ok, "%d queries", n);
}
`,
};
type Kind = keyof typeof SOURCES;

const resolve = (definition: LanguageDefinition): ResolvedLanguage => {
  const resolution = resolveLanguageDefinition(definition);
  if (!resolution.ok) throw new Error(`g++ is missing: ${resolution.missing.join(', ')}`);
  return resolution.language;
};
const FLAG_SETS = {
  before: resolve({ ...CHECKER_LANGUAGE, compile: CHECKER_LANGUAGE.compile!.filter((a) => a !== '-fwhole-program') }),
  now: resolve(CHECKER_LANGUAGE),
};
type FlagSet = keyof typeof FLAG_SETS;

/** Wall time of the whole sandboxed compile, and the compiler's CPU time (less sensitive to a busy host). */
const timeCompile = async (flags: FlagSet, kind: Kind): Promise<[number, number]> => {
  const t0 = performance.now();
  const outcome = await compileProgram(FLAG_SETS[flags], SOURCES[kind](), { 'testlib.h': testlib }, undefined, {
    cache: false,
    limits: CHECKER_COMPILE_LIMITS,
  });
  const ms = performance.now() - t0;
  if (!outcome.ok) throw new Error(outcome.message);
  outcome.program.dispose();
  return [ms, outcome.program.compileCpuMs];
};

console.log(
  `machine: ${os.cpus().length} CPUs, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; ${spawnSync('g++', ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0]}; testlib ${version}`,
);
console.log(`flags now: ${CHECKER_LANGUAGE.compile!.slice(1).join(' ')}`);
await timeCompile('now', 'checker'); // warm the page cache
for (const kind of Object.keys(SOURCES) as Kind[]) {
  const wall: Record<FlagSet, number[]> = { before: [], now: [] };
  const cpu: Record<FlagSet, number[]> = { before: [], now: [] };
  for (let i = 0; i < runs; i++)
    for (const flags of Object.keys(FLAG_SETS) as FlagSet[]) {
      const [ms, cpuMs] = await timeCompile(flags, kind);
      wall[flags].push(ms);
      cpu[flags].push(cpuMs);
    }
  const show = (label: string, times: Record<FlagSet, number[]>) => {
    const before = median(times.before);
    const now = median(times.now);
    console.log(
      `${`${kind} ${label}`.padEnd(24)} before ${before.toFixed(0).padStart(5)} ms  now ${now.toFixed(0).padStart(5)} ms  (${(now / before).toFixed(2)}x)`,
    );
  };
  console.log(`\n${kind}, medians of ${runs}:`);
  show('wall', wall);
  show('compiler CPU', cpu);
}
process.exit(0);
