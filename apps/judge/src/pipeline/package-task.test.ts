import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PackageProgram, PackageTestForWorker, SolutionTag } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realTestlibPath, requireSandbox, S, TESTLIB_SUM_CHECKER } from '../test/judge-fixtures.js';
import { type PackageTask, packageTaskSteps, runPackageTask, solutionMatchesTag } from './package-task.js';

describe('solution tags against verdicts', () => {
  const on = (...statuses: number[]) => statuses.map((status, i) => ({ test: i + 1, status }));

  it('expects Accepted everywhere of main and accepted, and says where it is not', () => {
    expect(solutionMatchesTag('main', on(S.ACCEPTED, S.ACCEPTED))).toEqual({ ok: true, message: '' });
    expect(solutionMatchesTag('accepted', on(S.ACCEPTED, S.WRONG_ANSWER))).toEqual({
      ok: false,
      message: 'expected accepted, got Wrong Answer on test 2',
    });
  });

  it('needs one verdict of its kind and nothing outside its set for the failing tags', () => {
    const cases: Array<[SolutionTag, number[], boolean]> = [
      ['wrong-answer', [S.ACCEPTED, S.WRONG_ANSWER], true],
      ['wrong-answer', [S.WRONG_ANSWER, S.TIME_LIMIT_EXCEEDED], false],
      ['presentation-error', [S.WRONG_ANSWER, S.PRESENTATION_ERROR], true],
      ['time-limit-exceeded', [S.ACCEPTED, S.TIME_LIMIT_EXCEEDED], true],
      ['time-limit-exceeded', [S.ACCEPTED, S.ACCEPTED], false],
      ['time-limit-exceeded-or-accepted', [S.ACCEPTED, S.ACCEPTED], true],
      ['time-limit-exceeded-or-accepted', [S.ACCEPTED, S.MEMORY_LIMIT_EXCEEDED], false],
      ['time-limit-exceeded-or-memory-limit-exceeded', [S.ACCEPTED, S.MEMORY_LIMIT_EXCEEDED], true],
      ['memory-limit-exceeded', [S.MEMORY_LIMIT_EXCEEDED, S.TIME_LIMIT_EXCEEDED], false],
      ['runtime-error', [S.RUNTIME_ERROR, S.ACCEPTED], true],
      ['rejected', [S.ACCEPTED, S.TIME_LIMIT_EXCEEDED], true],
      ['rejected', [S.ACCEPTED, S.ACCEPTED], false],
      ['failed', [S.ACCEPTED, S.SYSTEM_ERROR], true],
      ['failed', [S.WRONG_ANSWER], false],
    ];
    for (const [tag, statuses, ok] of cases)
      expect(solutionMatchesTag(tag, on(...statuses)).ok, `${tag} on ${statuses}`).toBe(ok);
    expect(solutionMatchesTag('wrong-answer', on(S.ACCEPTED, S.ACCEPTED)).message).toBe(
      'expected wrong-answer, got Accepted on every test',
    );
  });

  it('lets a solution that does not compile pass as rejected only', () => {
    expect(solutionMatchesTag('rejected', 'compile-error').ok).toBe(true);
    expect(solutionMatchesTag('wrong-answer', 'compile-error')).toEqual({
      ok: false,
      message: 'expected wrong-answer, does not compile',
    });
  });
});

// A+B made by a testlib generator, checked by a testlib validator (which knows a group "small" of small numbers) and
// the testlib sum checker the other testlib tests compile too; the main solution makes the answers. testlib programs
// take seconds of CPU to compile each: both tasks share the three (the second from the compile caches).
const testlibPath = realTestlibPath();

const generator = `#include "testlib.h"
#include <cstdio>
int main(int argc, char *argv[]) {
  registerGen(argc, argv, 1);
  int n = atoi(argv[1]);
  std::printf("%d %d\\n", rnd.next(1, n), rnd.next(1, n));
}
`;
const validator = `#include "testlib.h"
int main(int argc, char *argv[]) {
  registerValidation(argc, argv);
  int a = inf.readInt(1, 1000, "a");
  inf.readSpace();
  int b = inf.readInt(1, 1000, "b");
  inf.readEoln();
  inf.readEof();
  if (validator.group() == "small") ensuref(a <= 10 && b <= 10, "a and b of group small are at most 10");
}
`;
const sum = '#include <cstdio>\nint main(){int a,b;std::scanf("%d %d",&a,&b);std::printf("%d\\n",a+b);}';
const sumInC = '#include <stdio.h>\nint main(void){int a,b;scanf("%d %d",&a,&b);printf("%d\\n",a+b);return 0;}';
const difference = '#include <stdio.h>\nint main(void){int a,b;scanf("%d %d",&a,&b);printf("%d\\n",a-b);return 0;}';

describe.skipIf(!testlibPath)('package task (real sandbox, testlib)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'oj-package-task-'));
  const siteHeaders = { 'testlib.h': testlibPath ? readFileSync(testlibPath) : Buffer.alloc(0) };
  /** The server's files by hash: those the task names, and those uploaded. */
  const stored = new Map<string, Buffer>();
  const uploads: string[] = [];
  const files = { path: async (sha256: string) => join(dir, sha256) };
  const upload = async (filePath: string) => {
    const bytes = readFileSync(filePath);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    uploads.push(sha256);
    stored.set(sha256, bytes);
    return { sha256, size: bytes.length };
  };
  const file = (name: string, content: string) => {
    const bytes = Buffer.from(content);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    writeFileSync(join(dir, sha256), bytes);
    stored.set(sha256, bytes);
    return { name, sha256, size: bytes.length };
  };
  const program = (name: string, language: string, source: string): PackageProgram => ({
    name,
    language,
    source: file(name, source),
  });
  const test = (index: number, spec: Partial<PackageTestForWorker>): PackageTestForWorker => ({
    index,
    input: null,
    cmd: null,
    answer: null,
    group: null,
    ...spec,
  });
  const task = (
    tests: PackageTestForWorker[],
    check: boolean,
    solutions: PackageTask['solutions'],
    rejectInvalidTests = true,
  ): PackageTask => ({
    kind: 'package',
    taskId: 1,
    attempt: 1,
    language: 'C++',
    timeLimitMs: 1000,
    memoryLimitMb: 256,
    judgeHeaders: [],
    resources: [],
    generators: [program('gen', 'C++', generator)],
    validator: program('files/val.cpp', 'C++', validator),
    checker: program('files/check.cpp', 'C++', TESTLIB_SUM_CHECKER),
    interactor: null,
    solutions,
    tests,
    check,
    rejectInvalidTests,
  });
  const main = { ...program('solutions/main.cpp', 'C++', sum), tag: 'main' as const };
  const sumsOf = (input: Buffer) => {
    const [a, b] = input.toString().trim().split(' ').map(Number);
    return { a, b, sum: `${a + b}\n` };
  };

  beforeAll(requireSandbox);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('makes the tests with the generator and their answers with the main solution, and reports what the validator rejects', async () => {
    const packageTask = task(
      [
        test(1, { cmd: 'gen 10' }),
        test(2, { cmd: 'gen   1000 ' }),
        test(3, { input: file('tests/03', '3 4\n') }),
        test(4, { input: file('tests/04', '50 50\n'), group: 'small' }),
        test(5, { cmd: 'nogen 1' }),
      ],
      false,
      [main],
    );
    const progress: Array<[number, number]> = [];
    const report = await runPackageTask(packageTask, {
      files,
      upload,
      siteHeaders,
      onProgress: (done, total) => progress.push([done, total]),
    });

    expect(report.errors).toEqual([
      {
        key: 'packageErrorInvalidTest',
        vars: { test: '4', detail: 'FAIL a and b of group small are at most 10' },
      },
      { key: 'packageErrorUnknownGenerator', vars: { test: '5', name: 'nogen' } },
    ]);
    expect(report.tests.map((t) => [t.index, t.valid])).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [4, false],
    ]);
    expect(report.tests[3].message).toContain('group small');
    for (const entry of report.tests) {
      const input = stored.get(entry.inputSha256)!;
      const answer = stored.get(entry.answerSha256)!;
      expect([input.length, answer.length]).toEqual([entry.inputSize, entry.answerSize]);
      const { a, b, sum } = sumsOf(input);
      expect(answer.toString()).toBe(sum);
      if (entry.index === 1) expect(Math.max(a, b)).toBeLessThanOrEqual(10);
    }
    // Made inputs (tests 1 and 2) and answers (all four) were uploaded, each once; the given inputs were not.
    expect(new Set(uploads).size).toBe(uploads.length);
    expect(uploads).not.toContain(packageTask.tests[2].input!.sha256);
    expect(uploads).toHaveLength(2 + new Set(report.tests.map((t) => t.answerSha256)).size);
    expect(report.solutions).toEqual([]);
    const total = packageTaskSteps(packageTask);
    expect(total).toBe(4 + 3 + 5 + 5);
    expect(progress.at(-1)).toEqual([total, total]);
    expect(progress.every(([, t]) => t === total)).toBe(true);
  }, 300_000);

  it('checks every solution through the checker and compares its verdicts with its tag; an invalid test is reported', async () => {
    const packageTask = task(
      [
        test(1, { cmd: 'gen 10' }),
        test(2, { cmd: 'gen 1000' }),
        test(3, { input: file('tests/03', '3 4\n'), answer: file('tests/03.a', '7\n') }),
        // The check of a problem reports a test its validator rejects and runs the solutions on it all the same.
        test(4, { input: file('tests/04', '50 50\n'), answer: file('tests/04.a', '100\n'), group: 'small' }),
      ],
      true,
      [
        main,
        { ...program('solutions/diff.c', 'C', difference), tag: 'wrong-answer' },
        // Correct, but tagged as wrong: the check says so.
        { ...program('solutions/sum.c', 'C', sumInC), tag: 'wrong-answer' },
        { ...program('solutions/sum.kt', 'Kotlin', 'fun main() {}'), tag: 'accepted' },
      ],
      false,
    );
    const report = await runPackageTask(packageTask, { files, upload, siteHeaders });

    expect(report.errors).toEqual([]);
    expect(report.tests.map((t) => t.valid)).toEqual([true, true, true, false]);
    // The generator's output depends on its arguments only (testlib seeds from them): the same file as before.
    expect(sumsOf(stored.get(report.tests[0].inputSha256)!).sum).toBe(
      stored.get(report.tests[0].answerSha256)!.toString(),
    );
    const [mainResult, diff, mistagged, kotlin] = report.solutions;
    expect(mainResult).toMatchObject({ name: 'solutions/main.cpp', tag: 'main', ok: true, message: '' });
    expect(mainResult.verdicts.map((v) => [v.test, v.status])).toEqual([
      [1, S.ACCEPTED],
      [2, S.ACCEPTED],
      [3, S.ACCEPTED],
      [4, S.ACCEPTED],
    ]);
    expect(diff.ok).toBe(true);
    expect(diff.verdicts.some((v) => v.status === S.WRONG_ANSWER)).toBe(true);
    expect(mistagged).toMatchObject({
      ok: false,
      message: 'expected wrong-answer, got Accepted on every test',
    });
    expect(mistagged.verdicts.every((v) => v.timeMs >= 0 && v.timeMs < 1000)).toBe(true);
    expect(kotlin).toMatchObject({ ok: false, message: 'no Kotlin on this judge', verdicts: [] });
  }, 300_000);
});
