import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, type TestApp } from '../../../test/harness.js';
import { importSamples } from '../../bootstrap.js';
import { REPO_ROOT } from '../../config.js';
import { importPackageFolder } from './problem-package.import.js';

const SAMPLES = path.join(REPO_ROOT, 'samples/problems');

describe.each(DB_KINDS)('sample problem import on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it('imports the five samples once, A+B as problem 1000 with its generated test data', async () => {
    const imported = await importSamples(t.services, SAMPLES);
    expect(imported).toHaveLength(5);
    expect(await importSamples(t.services, SAMPLES)).toEqual([]);

    const aplusb = await t.services.problems.findByProblemId('1000');
    expect(aplusb).toMatchObject({ title: 'A+B Problem / A+B 问题', judgeMode: 'default', type: 0 });
    const cases = await t.services.problems.cases(aplusb!.id);
    expect(cases.length).toBeGreaterThanOrEqual(5);
    expect(cases.map((c) => c.seq)).toEqual(cases.map((_, i) => i + 1));
    for (const c of cases) {
      expect(t.services.testData.exists(c.inputSha256)).toBe(true);
      expect(t.services.testData.exists(c.outputSha256)).toBe(true);
    }
    expect((await t.services.problems.languages(aplusb!.id)).length).toBeGreaterThan(5);
  });

  it('keeps the checker and interactor of special problems, and the OI scores', async () => {
    const spj = await t.services.problems.findByProblemId('1002');
    expect(spj?.judgeMode).toBe('spj');
    expect(spj?.spjCode).toContain('main');
    const interactive = await t.services.problems.findByProblemId('1003');
    expect(interactive?.judgeMode).toBe('interactive');
    const oi = await t.services.problems.findByProblemId('1001');
    expect(oi?.type).toBe(1);
    // Three subtasks (subtask_lowest) whose cases carry 20, 30 and 50: the full score counts each subtask once.
    const cases = await t.services.problems.cases(oi!.id);
    expect(cases.map((c) => c.score)).toEqual([20, 20, 20, 30, 30, 30, 50, 50, 50]);
    expect(oi).toMatchObject({ judgeCaseMode: 'subtask_lowest', ioScore: 100 });
  });

  it('gives a fresh problemId when the package asks for a taken one, and says so', async () => {
    const r = await importPackageFolder(path.join(SAMPLES, 'a-plus-b'), {
      problems: t.services.problems,
      store: t.services.testData,
    });
    expect(r.renamedFrom).toBe('1000');
    expect(r.problemId).toBe(`P${r.pid}`);
  });
});
