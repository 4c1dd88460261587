import {
  chmodSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ResolvedLanguage, resolveCheckerLanguage, resolveLanguage } from '../languages/toolchains.js';
import { createRunDir, removeRunDir } from '../sandbox/run-dirs.js';
import { judgeSource, makeProblem, requireSandbox, S, setJudgeEnv } from '../test/judge-fixtures.js';
import { cacheSection } from './build-cache.js';
import { evictCompiledPrograms } from './compile-cache.js';
import { type CompiledProgram, compileProgram } from './compile-program.js';
import { COMPILE_LIMITS } from './judge-limits.js';
import { runProgram } from './run-program.js';

// Real compiles in the real sandbox, with a build cache of its own (a temp dir the sandbox uids may pass through).
const parent = mkdtempSync(join(tmpdir(), 'oj-compile-cache-test-'));
chmodSync(parent, 0o711);
const language = (name: string): ResolvedLanguage => {
  const resolution = resolveLanguage(name);
  if (!resolution.ok) throw new Error(`${name} is not installed`);
  return resolution.language;
};

beforeAll(async () => {
  await requireSandbox();
  setJudgeEnv({ OJ_JUDGE_BUILD_CACHE_DIR: join(parent, 'cache') });
});

afterAll(() => {
  rmSync(parent, { recursive: true, force: true });
});

const compiled = async (name: string, source: string, extraFiles: Record<string, string> = {}) => {
  const outcome = await compileProgram(language(name), source, extraFiles);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.program;
};

const output = async (program: CompiledProgram, input: string) => {
  const dir = createRunDir('input');
  try {
    writeFileSync(join(dir, 'in'), input);
    const run = await runProgram(
      program,
      { timeLimitMs: 2000, memoryLimitMb: 64, stackLimitMb: 64 },
      join(dir, 'in'),
      1 << 20,
    );
    return run.sandbox.stdout.toString();
  } finally {
    removeRunDir(dir);
  }
};

const entries = () => readdirSync(cacheSection('programs')).filter((name) => !name.startsWith('.'));

describe('the compile cache', () => {
  const source = `#include <cstdio>
// ${Math.random()}
int main(){long long a,b;if(scanf("%lld %lld",&a,&b)!=2)return 1;printf("%lld\\n",a*b);}`;

  it('compiles identical inputs once: a rejudge gets the same program without the compiler', async () => {
    const first = await compiled('C++', source);
    expect(first.origin).toBe('compiled');
    const again = await compiled('C++', source);
    expect(again.origin).toBe('cache');
    expect(again.artifactDir).not.toBe(first.artifactDir);
    // The run directory of the first judgement goes away; the cached program does not go with it.
    first.dispose();
    expect(await output(again, '6 7\n')).toBe('42\n');
    const binary = statSync(join(again.artifactDir, 'main'));
    expect([binary.uid, binary.mode & 0o777]).toEqual([0, 0o755]);
    again.dispose();

    const problem = makeProblem([{ input: '3 4\n', answer: '12\n' }]);
    expect((await judgeSource(problem, source, 'C++')).status).toBe(S.ACCEPTED);
  });

  it('never shares a program across what could differ: flags, language, extra files', async () => {
    const o2 = await compiled('C++ With O2', source);
    expect(o2.origin).toBe('compiled');
    o2.dispose();
    const c17 = await compiled('C++ 17', source);
    expect(c17.origin).toBe('compiled');
    c17.dispose();

    const checker = resolveCheckerLanguage();
    if (!checker.ok) throw new Error('g++ missing');
    const withHeader = (value: string) =>
      compileProgram(checker.language, '#include "answer.h"\nint main(){return ANSWER;}', {
        'answer.h': `#define ANSWER ${value}\n`,
      });
    const results: string[] = [];
    for (const value of ['3', '4', '3']) {
      const outcome = await withHeader(value);
      if (!outcome.ok) throw new Error(outcome.message);
      results.push(outcome.program.origin);
      outcome.program.dispose();
    }
    expect(results).toEqual(['compiled', 'compiled', 'cache']);
  });

  it('keeps no compile error: it is compiled again, and says why each time', async () => {
    const broken = `int main(){ return x; } // ${Math.random()}`;
    for (let i = 0; i < 2; i++) {
      const outcome = await compileProgram(language('C++'), broken);
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) expect(outcome.message).toContain('error: ‘x’ was not declared');
    }
  });

  it('names the compile limit that was hit: CPU time, or real time on a busy host', async () => {
    const source = `#include <stdio.h>\n// ${Math.random()}\nint main(void){puts("x");return 0;}`;
    const base = { ...COMPILE_LIMITS, cpuLimitMs: 60_000, wallLimitMs: 60_000 };
    // No C compile in the sandbox takes under a millisecond of CPU or 5 ms of real time (a quiet CI host once compiled
    // this one within 50 ms, the limit this case had).
    const cpu = await compileProgram(language('C'), source, {}, undefined, {
      limits: { ...base, cpuLimitMs: 1 },
      cache: false,
    });
    expect(cpu.ok ? '' : cpu.message).toMatch(/^Compilation time limit exceeded \(0\.001 s of CPU\)/);
    const wall = await compileProgram(language('C'), source, {}, undefined, {
      limits: { ...base, wallLimitMs: 5 },
      cache: false,
    });
    expect(wall.ok ? '' : wall.message).toMatch(
      /^Compilation wall time limit exceeded \(0\.005 s of real time; [0-9.]+ s of CPU used: the judge host is busy\)/,
    );
  });

  it('evicts programs unused for the maximum age, then the least recently used past the size bound', async () => {
    const section = cacheSection('programs');
    const entryOf = (text: string) =>
      entries().find((name) => readFileSync(join(section, name, 'prog', 'main.c'), 'utf8') === text);
    const sources = [0, 1, 2].map(
      (i) => `#include <stdio.h>\n// ${i} ${Math.random()}\nint main(void){puts("${i}");return 0;}`,
    );
    for (const text of sources) (await compiled('C', text)).dispose();
    // Everything unused for 30 days, then one program judged again: that use counts, the others expire.
    const monthAgo = Date.now() / 1000 - 30 * 24 * 3600;
    for (const name of entries()) utimesSync(join(section, name, 'meta.json'), monthAgo, monthAgo);
    const hit = await compiled('C', sources[2]);
    expect(hit.origin).toBe('cache');
    hit.dispose();
    const before = entries().length;
    setJudgeEnv({ OJ_JUDGE_COMPILE_CACHE_DAYS: '7' });
    expect(await evictCompiledPrograms()).toHaveLength(before - 1);
    expect(entries()).toEqual([entryOf(sources[2])]);
    const recompiled = await compiled('C', sources[0]);
    expect(recompiled.origin).toBe('compiled');
    recompiled.dispose();

    // Over the byte bound, the least recently used go first: here the bound holds one program of the two.
    const tenSecondsAgo = Date.now() / 1000 - 10;
    utimesSync(join(section, entryOf(sources[2])!, 'meta.json'), tenSecondsAgo, tenSecondsAgo);
    const bytes = JSON.parse(readFileSync(join(section, entryOf(sources[0])!, 'meta.json'), 'utf8')).bytes;
    setJudgeEnv({ OJ_JUDGE_COMPILE_CACHE_MB: String((bytes * 1.5) / (1024 * 1024)) });
    expect(await evictCompiledPrograms()).toEqual([entryOf(sources[2]) ?? expect.any(String)]);
    expect(entries()).toEqual([entryOf(sources[0])]);
  });

  it('a store sweeps the cache only when no judge of the host did within ten minutes (a judge that starts does not sweep again)', async () => {
    setJudgeEnv({ OJ_JUDGE_COMPILE_CACHE_DAYS: '7', OJ_JUDGE_COMPILE_CACHE_MB: '1024' });
    const section = cacheSection('programs');
    const entryOf = (text: string) =>
      entries().find((name) => readFileSync(join(section, name, 'prog', 'main.c'), 'utf8') === text);
    const program = (i: number) => `#include <stdio.h>\n// ${i} ${Math.random()}\nint main(void){return ${i};}`;
    const expired = program(0);
    (await compiled('C', expired)).dispose();
    const monthAgo = Date.now() / 1000 - 30 * 24 * 3600;
    utimesSync(join(section, entryOf(expired)!, 'meta.json'), monthAgo, monthAgo);
    // A judge of the host swept a minute ago: a store now does not sweep.
    const minuteAgo = Date.now() / 1000 - 60;
    writeFileSync(join(section, '.swept'), '');
    utimesSync(join(section, '.swept'), minuteAgo, minuteAgo);
    (await compiled('C', program(1))).dispose();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(entryOf(expired)).toBeDefined();
    // Eleven minutes ago: the next store sweeps, and marks the sweep.
    const elevenMinutesAgo = Date.now() / 1000 - 11 * 60;
    utimesSync(join(section, '.swept'), elevenMinutesAgo, elevenMinutesAgo);
    (await compiled('C', program(2))).dispose();
    await expect.poll(() => entryOf(expired), { timeout: 5000 }).toBeUndefined();
    expect(statSync(join(section, '.swept')).mtimeMs).toBeGreaterThan(Date.now() - 60_000);
  });
});
