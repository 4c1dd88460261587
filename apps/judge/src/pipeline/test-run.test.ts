import { beforeAll, describe, expect, it } from 'vitest';
import { parseJudgeConfig, setJudgeConfig } from '../config.js';
import { availableLanguages, probeLanguages } from '../languages/available-languages.js';
import { requireSandbox, S } from '../test/judge-fixtures.js';
import { testRun } from './test-run.js';

const problem = { problemId: 'T', timeLimitMs: 1000, memoryLimitMb: 64, stackLimitMb: 64, isRemoveEndBlank: true };
const sum = 'a, b = map(int, input().split())\nprint(a + b)\n';

beforeAll(requireSandbox);

describe('testRun (custom input)', () => {
  it('runs with the user input plus a newline: AC/WA against an expected output, AC alone when it runs', async () => {
    expect(await testRun(problem, sum, 'Python3', '2 3', '5')).toMatchObject({ status: S.ACCEPTED, userOutput: '5\n' });
    expect((await testRun(problem, sum, 'Python3', '2 3', '6')).status).toBe(S.WRONG_ANSWER);
    expect((await testRun(problem, sum, 'Python3', '2 3')).status).toBe(S.ACCEPTED);
    const crash = await testRun(problem, 'import sys\nsys.stderr.write("bad\\n")\nsys.exit(1)\n', 'Python3', '');
    expect(crash).toMatchObject({ status: S.RUNTIME_ERROR, stderr: 'bad\n' });
    expect((await testRun(problem, 'print(', 'Python3', '')).status).toBe(S.COMPILE_ERROR);
  });
});

describe('availableLanguages', () => {
  it('offers the languages whose hello world ran in the sandbox, and not Python2 where none is installed', async () => {
    const languages = await availableLanguages();
    expect(languages).toEqual(expect.arrayContaining(['C', 'C++', 'Java', 'Python3', 'JavaScript Node']));
    const { existsSync } = await import('node:fs');
    expect(languages.includes('Python2')).toBe(existsSync('/usr/bin/python2') || existsSync('/usr/bin/python2.7'));
  }, 180_000);

  it('offers only the languages OJ_JUDGE_LANGUAGES names, without probing the others', async () => {
    setJudgeConfig(parseJudgeConfig({ ...process.env, OJ_JUDGE_LANGUAGES: 'Python3,C' }));
    try {
      expect(await availableLanguages()).toEqual(['C', 'Python3']);
      const java = (await probeLanguages()).find((probe) => probe.name === 'Java');
      expect(java).toEqual({ name: 'Java', available: false, leftOut: true, reason: 'left out by OJ_JUDGE_LANGUAGES' });
    } finally {
      setJudgeConfig(undefined);
    }
    expect(await availableLanguages()).toContain('Java');
  }, 180_000);
});

describe('remembered probes', () => {
  it('offers a language whose probe passed before without probing it again, and probes it again when its key changed', async () => {
    const { mkdtempSync, readFileSync, rmSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'oj-probes-'));
    const withLanguages = (languages: string) =>
      setJudgeConfig(
        parseJudgeConfig({ ...process.env, OJ_JUDGE_BUILD_CACHE_DIR: dir, OJ_JUDGE_LANGUAGES: languages }),
      );
    const c = async (opts?: { fresh?: boolean }) => (await probeLanguages(opts)).find((probe) => probe.name === 'C');
    try {
      withLanguages('C');
      // The doctor's fresh probe compiles and runs, and remembers what passed.
      const fresh = await c({ fresh: true });
      expect(fresh?.available).toBe(true);
      expect(fresh?.remembered).toBeUndefined();
      const file = join(dir, 'language-probes.json');
      const key = JSON.parse(readFileSync(file, 'utf8')).C;
      expect(key).toMatch(/^[0-9a-f]{64}$/);
      // A start finds it remembered.
      expect(await c()).toMatchObject({ available: true, remembered: true });
      // A key that is not this toolchain's (an upgrade, another sandbox) is probed again, and the new key kept.
      writeFileSync(file, JSON.stringify({ C: 'f'.repeat(64) }));
      withLanguages('C,Python3');
      const again = await c();
      expect(again?.available).toBe(true);
      expect(again?.remembered).toBeUndefined();
      expect(JSON.parse(readFileSync(file, 'utf8')).C).toBe(key);
    } finally {
      setJudgeConfig(undefined);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
