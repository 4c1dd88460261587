import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { effectiveLimits, JUDGE_STATUS, JUDGE_STATUS_NAME } from '@oj/shared/judging';
import { resolveLanguage } from '../languages/toolchains.js';
import { createRunDir, removeRunDir } from '../sandbox/run-dirs.js';
import { compareTestRunOutput } from './compare-output.js';
import { compileProgram } from './compile-program.js';
import { STDOUT_MIN_LIMIT_BYTES } from './judge-limits.js';
import { runProgram } from './run-program.js';

export interface TestRunProblem {
  problemId: string;
  timeLimitMs: number;
  memoryLimitMb: number;
  stackLimitMb: number;
  isRemoveEndBlank: boolean;
}

export interface TestRunResult {
  status: number;
  statusName: string;
  time: number;
  memory: number;
  stderr: string;
  userOutput: string;
  errorMessage: string;
}

const TEST_RUN_OUTPUT_KEEP_CHARS = 64 * 1024;

/**
 * The online "test judge": the user's input plus "\n" on stdin, the problem's limits with the
 * language factor, never a special judge. With `expectedOutput` the verdict is AC or WA; without it AC means
 * the program ran fine.
 */
export const testRun = async (
  problem: TestRunProblem,
  source: string,
  languageName: string,
  input: string,
  expectedOutput?: string,
  options: { signal?: AbortSignal } = {},
): Promise<TestRunResult> => {
  const result = (status: number, extra: Partial<TestRunResult> = {}): TestRunResult => ({
    status,
    statusName: JUDGE_STATUS_NAME[status] ?? String(status),
    time: 0,
    memory: 0,
    stderr: '',
    userOutput: '',
    errorMessage: '',
    ...extra,
  });
  const resolution = resolveLanguage(languageName);
  if (!resolution.ok)
    return result(JUDGE_STATUS.SYSTEM_ERROR, { errorMessage: `language "${languageName}" is not available` });
  const compiled = await compileProgram(resolution.language, source, {}, options.signal);
  if (!compiled.ok)
    return result(compiled.systemError ? JUDGE_STATUS.SYSTEM_ERROR : JUDGE_STATUS.COMPILE_ERROR, {
      errorMessage: compiled.message,
    });
  const inputDir = createRunDir('input');
  try {
    const inputPath = join(inputDir, 'input');
    writeFileSync(inputPath, `${input}\n`);
    const limits = { ...effectiveLimits(problem.problemId, languageName, problem), stackLimitMb: problem.stackLimitMb };
    const run = await runProgram(compiled.program, limits, inputPath, STDOUT_MIN_LIMIT_BYTES, options.signal);
    const userOutput = run.sandbox.stdout.subarray(0, TEST_RUN_OUTPUT_KEEP_CHARS).toString('utf8');
    const common = {
      time: run.timeMs,
      memory: run.memoryKb,
      stderr: run.sandbox.stderr.slice(0, TEST_RUN_OUTPUT_KEEP_CHARS),
      userOutput,
    };
    if (run.status !== null) return result(run.status, { ...common, errorMessage: run.message });
    if (expectedOutput === undefined) return result(JUDGE_STATUS.ACCEPTED, common);
    const accepted = compareTestRunOutput(
      run.sandbox.stdout.toString('utf8'),
      expectedOutput,
      problem.isRemoveEndBlank,
    );
    return result(accepted ? JUDGE_STATUS.ACCEPTED : JUDGE_STATUS.WRONG_ANSWER, common);
  } finally {
    removeRunDir(inputDir);
    compiled.program.dispose();
  }
};
