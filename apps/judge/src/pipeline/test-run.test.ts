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
