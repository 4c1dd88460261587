import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spreadCaseScores } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { loadProblemPackage, ProblemPackageError } from './load-problem-package.js';

const makePackage = (manifest: object, files: Record<string, string>) => {
  const dir = mkdtempSync(join(tmpdir(), 'oj-package-'));
  mkdirSync(join(dir, 'tests'));
  writeFileSync(join(dir, 'problem.json'), JSON.stringify(manifest));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
};
const manifest = { title: 'T', timeLimitMs: 1000, memoryLimitMb: 64, type: 1 };

describe('loadProblemPackage', () => {
  it('orders cases numerically and spreads 100 points with the remainder on the last cases', () => {
    const files: Record<string, string> = {};
    for (const name of ['10', '2', '1']) {
      files[`tests/${name}.in`] = name;
      files[`tests/${name}.${name === '2' ? 'ans' : 'out'}`] = name;
    }
    const { problem } = loadProblemPackage(makePackage(manifest, files));
    expect(problem.cases.map((c) => c.name)).toEqual(['1', '2', '10']);
    expect(problem.cases.map((c) => c.score)).toEqual([33, 33, 34]);
    expect(problem.cases[1].answerPath).toMatch(/2\.ans$/);
    expect(spreadCaseScores(7)).toEqual([14, 14, 14, 14, 14, 15, 15]);
  });
  it('places other root files beside the checker', () => {
    const dir = makePackage(
      { ...manifest, judgeMode: 'spj' },
      { 'checker.cpp': 'int main(){}', 'testlib.h': '// header', 'tests/a.in': '', 'tests/a.out': '' },
    );
    const { problem } = loadProblemPackage(dir);
    expect(Object.keys(problem.checker?.extraFiles ?? {})).toEqual(['testlib.h']);
  });
  it('rejects packages with missing answers, checkers or invalid problem.json', () => {
    expect(() => loadProblemPackage(makePackage(manifest, { 'tests/1.in': '' }))).toThrow(ProblemPackageError);
    expect(() =>
      loadProblemPackage(makePackage({ ...manifest, judgeMode: 'spj' }, { 'tests/1.in': '', 'tests/1.out': '' })),
    ).toThrow(/checker.cpp/);
    expect(() => loadProblemPackage(makePackage({ title: 'T' }, {}))).toThrow(/timeLimitMs/);
  });
});
