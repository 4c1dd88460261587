import { readFileSync, statSync } from 'node:fs';
import { effectiveLimits, JUDGE_STATUS, JUDGE_STATUS_NAME } from '@oj/shared/judging';
import { judgeConfig } from '../config.js';
import { resolveLanguage } from '../languages/toolchains.js';
import type { JudgeCase, LoadedProblem } from '../problem/loaded-problem.js';
import type { CheckerVerdict } from './checker-verdict.js';
import { compareOutput } from './compare-output.js';
import { type CompiledProgram, compileProgram } from './compile-program.js';
import { caseScore, groupCases, scoreProblem } from './judge-case-modes.js';
import { stdoutLimitFor, USER_OUTPUT_KEEP_CHARS } from './judge-limits.js';
import { outputWindow } from './output-window.js';
import { compileChecker, runChecker, runInteractive } from './run-checker.js';
import { type RunLimits, runProgram } from './run-program.js';

export interface CaseResult {
  /** 1-based position in the problem's case list. */
  caseId: number;
  name: string;
  status: number;
  time: number;
  memory: number;
  score: number;
  groupNum?: number;
  /** The start of the program's output (the verdict used all of it); for a Wrong Answer or a Presentation Error
   * of the default comparison, the part of it around the first differing line (output-window.ts). */
  userOutput: string;
  /** Wrong Answer and Presentation Error of the default comparison: the 1-based line of the output `userOutput`
   * starts at (1: the start). */
  outputFromLine?: number;
  /** The size of the program's whole output in bytes, for every case whose program ran (not interactive ones:
   * their output went to the interactor). */
  outputBytes?: number;
  message: string;
}

export interface JudgeResult {
  status: number;
  statusName: string;
  score: number;
  /** ms, max over cases, capped at the effective limit. */
  time: number;
  /** KB, max over cases, capped at the effective limit. */
  memory: number;
  errorMessage: string;
  oiRankScore?: number;
  cases: CaseResult[];
}

export type JudgeProgress =
  | { status: typeof JUDGE_STATUS.COMPILING }
  | { status: typeof JUDGE_STATUS.JUDGING }
  | { status: typeof JUDGE_STATUS.JUDGING; case: CaseResult };

export interface JudgeOptions {
  onProgress?: (progress: JudgeProgress) => void;
  signal?: AbortSignal;
  /** Cases run at once; defaults to OJ_JUDGE_CASE_CONCURRENCY or min(2, cores). */
  caseConcurrency?: number;
}

export const defaultCaseConcurrency = (): number => judgeConfig().caseConcurrency;

const finalResult = (status: number, errorMessage: string, extra: Partial<JudgeResult> = {}): JudgeResult => ({
  status,
  statusName: JUDGE_STATUS_NAME[status] ?? String(status),
  score: 0,
  time: 0,
  memory: 0,
  errorMessage,
  cases: [],
  ...extra,
});

/** Runs `task` over `items` with at most `limit` in flight, keeping result order. */
export const mapLimited = async <T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> => {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
  return results;
};

interface CaseContext {
  problem: LoadedProblem;
  program: CompiledProgram;
  limits: RunLimits;
  checker?: CompiledProgram;
  interactor?: CompiledProgram;
  signal?: AbortSignal;
}

const judgeCase = async (context: CaseContext, testCase: JudgeCase, caseId: number): Promise<CaseResult> => {
  const { problem, program, limits, signal } = context;
  const base = { caseId, name: testCase.name, groupNum: testCase.groupNum };
  const withVerdict = (
    run: { status: number | null; message: string; timeMs: number; memoryKb: number },
    verdict: CheckerVerdict | { status: number; message: string; percentage?: number },
    output: { userOutput: string; outputFromLine?: number; outputBytes?: number },
  ): CaseResult => ({
    ...base,
    status: verdict.status,
    time: run.timeMs,
    memory: run.memoryKb,
    score: caseScore(verdict.status, testCase.score, 'percentage' in verdict ? verdict.percentage : undefined),
    ...output,
    message: verdict.message,
  });

  if (problem.judgeMode === 'interactive') {
    const outcome = await runInteractive(
      program,
      limits,
      context.interactor!,
      testCase.inputPath,
      testCase.answerPath,
      signal,
    );
    const verdict = outcome.verdict ?? { status: outcome.run.status!, message: outcome.run.message };
    return withVerdict(outcome.run, verdict, { userOutput: '' });
  }

  const answerBytes = testCase.answerPath ? statSync(testCase.answerPath).size : 0;
  const run = await runProgram(program, limits, testCase.inputPath, stdoutLimitFor(answerBytes), signal);
  const output = {
    userOutput: run.sandbox.stdout.subarray(0, USER_OUTPUT_KEEP_CHARS).toString('utf8'),
    outputBytes: run.sandbox.stdoutBytes,
  };
  if (run.status !== null) return withVerdict(run, { status: run.status, message: run.message }, output);
  if (problem.judgeMode === 'spj') {
    const verdict = await runChecker(
      context.checker!,
      testCase.inputPath,
      run.sandbox.stdout,
      testCase.answerPath,
      signal,
    );
    return withVerdict(run, verdict, output);
  }
  const expected = testCase.answerPath ? readFileSync(testCase.answerPath) : Buffer.alloc(0);
  const status = compareOutput(run.sandbox.stdout, expected, problem.isRemoveEndBlank);
  if (status === JUDGE_STATUS.ACCEPTED) return withVerdict(run, { status, message: '' }, output);
  // Wrong Answer or Presentation Error: keep the output where it goes wrong.
  const window = outputWindow(run.sandbox.stdout, expected, problem.isRemoveEndBlank);
  return withVerdict(
    run,
    { status, message: '' },
    { userOutput: window.text, outputFromLine: window.fromLine, outputBytes: output.outputBytes },
  );
};

const cancelledCase = (testCase: JudgeCase, caseId: number): CaseResult => ({
  caseId,
  name: testCase.name,
  groupNum: testCase.groupNum,
  status: JUDGE_STATUS.CANCELLED,
  time: 0,
  memory: 0,
  score: 0,
  userOutput: '',
  message: 'Cancelled: Skipped Judging',
});

/** Runs the cases in the order and parallelism the case mode asks for. */
const runCases = async (
  context: CaseContext,
  concurrency: number,
  report: (result: CaseResult) => void,
): Promise<CaseResult[]> => {
  const { problem } = context;
  const indexed = problem.cases.map((testCase, index) => ({ testCase, caseId: index + 1 }));
  const runOne = async ({ testCase, caseId }: { testCase: JudgeCase; caseId: number }) => {
    const result = await judgeCase(context, testCase, caseId);
    report(result);
    return result;
  };
  const mode = problem.judgeCaseMode;
  if (mode === 'ergodic_without_error') {
    const results: CaseResult[] = [];
    for (const item of indexed) {
      const result = await runOne(item);
      results.push(result);
      if (result.status !== JUDGE_STATUS.ACCEPTED) break;
    }
    return results;
  }
  if (mode === 'subtask_lowest' && problem.type === 1) {
    const groups = groupCases(indexed.map((item) => ({ ...item, groupNum: item.testCase.groupNum })));
    const groupResults = await mapLimited(groups, concurrency, async (group) => {
      const results: CaseResult[] = [];
      let skipping = false;
      for (const item of group) {
        if (skipping) {
          const cancelled = cancelledCase(item.testCase, item.caseId);
          report(cancelled);
          results.push(cancelled);
          continue;
        }
        const result = await runOne(item);
        results.push(result);
        if (
          !(
            result.status === JUDGE_STATUS.ACCEPTED ||
            (result.status === JUDGE_STATUS.PARTIAL_ACCEPTED && result.score > 0)
          )
        )
          skipping = true;
      }
      return results;
    });
    return groupResults.flat().sort((a, b) => a.caseId - b.caseId);
  }
  return mapLimited(indexed, concurrency, runOne);
};

/** Validates a problem before judging: a bad package is the judge's (or admin's) fault, never the user's. */
const problemError = (problem: LoadedProblem): string | undefined => {
  if (problem.cases.length === 0) return 'the problem has no test cases';
  if (problem.judgeMode === 'spj' && !problem.checker) return 'special judge problem without a checker';
  if (problem.judgeMode === 'interactive' && !problem.interactor) return 'interactive problem without an interactor';
  if (problem.judgeMode !== 'interactive' && problem.cases.some((c) => !c.answerPath))
    return 'a test case has no answer file';
  return undefined;
};

/**
 * Judges one submission: compile once, run every case in a fresh sandbox, compare or check, then score.
 * The CLI and the online worker both call this. Rejects only with an AbortError when `signal` aborts.
 */
export const judge = async (
  problem: LoadedProblem,
  source: string,
  languageName: string,
  options: JudgeOptions = {},
): Promise<JudgeResult> => {
  const { onProgress, signal } = options;
  const invalid = problemError(problem);
  if (invalid) return finalResult(JUDGE_STATUS.SYSTEM_ERROR, invalid);
  const resolution = resolveLanguage(languageName);
  if (!resolution.ok)
    return finalResult(
      JUDGE_STATUS.SYSTEM_ERROR,
      `language "${languageName}" is not available on this judge (${resolution.missing.join(', ')})`,
    );
  const limits: RunLimits = {
    ...effectiveLimits(problem.problemId, languageName, problem),
    stackLimitMb: problem.stackLimitMb,
  };

  onProgress?.({ status: JUDGE_STATUS.COMPILING });
  const [compiled, checker] = await Promise.all([
    compileProgram(resolution.language, source, {}, signal),
    problem.judgeMode === 'spj'
      ? compileChecker(problem.checker!, signal)
      : problem.judgeMode === 'interactive'
        ? compileChecker(problem.interactor!, signal)
        : undefined,
  ]);
  if (!compiled.ok) {
    return compiled.systemError
      ? finalResult(JUDGE_STATUS.SYSTEM_ERROR, compiled.message)
      : finalResult(JUDGE_STATUS.COMPILE_ERROR, compiled.message);
  }
  const program = compiled.program;
  try {
    if (checker && !checker.ok) {
      const role = problem.judgeMode === 'spj' ? 'checker' : 'interactor';
      return finalResult(JUDGE_STATUS.SYSTEM_ERROR, `the ${role} does not compile:\n${checker.message}`);
    }
    const context: CaseContext = {
      problem,
      program,
      limits,
      signal,
      checker: problem.judgeMode === 'spj' && checker?.ok ? checker.program : undefined,
      interactor: problem.judgeMode === 'interactive' && checker?.ok ? checker.program : undefined,
    };
    onProgress?.({ status: JUDGE_STATUS.JUDGING });
    // An interactive case runs two programs at once.
    const concurrency =
      problem.judgeMode === 'interactive'
        ? Math.max(1, Math.floor((options.caseConcurrency ?? defaultCaseConcurrency()) / 2))
        : (options.caseConcurrency ?? defaultCaseConcurrency());
    const cases = await runCases(context, concurrency, (result) =>
      onProgress?.({ status: JUDGE_STATUS.JUDGING, case: result }),
    );
    const fullScores = problem.cases.map((testCase, index) => ({
      status: JUDGE_STATUS.ACCEPTED,
      score: testCase.score,
      fullScore: testCase.score,
      groupNum: testCase.groupNum,
      caseId: index + 1,
    }));
    const scored = scoreProblem(
      cases.map((c) => ({
        status: c.status,
        score: c.score,
        fullScore: problem.cases[c.caseId - 1].score,
        groupNum: c.groupNum,
      })),
      problem,
      fullScores,
    );
    const ran = cases.filter((c) => c.status !== JUDGE_STATUS.CANCELLED);
    const systemErrors = cases.filter((c) => c.status === JUDGE_STATUS.SYSTEM_ERROR).map((c) => c.message);
    return finalResult(scored.status, systemErrors[0] ?? '', {
      score: scored.score,
      time: Math.min(Math.max(0, ...ran.map((c) => c.time)), limits.timeLimitMs),
      memory: Math.min(Math.max(0, ...ran.map((c) => c.memory)), limits.memoryLimitMb * 1024),
      oiRankScore: scored.oiRankScore,
      cases,
    });
  } finally {
    program.dispose();
  }
};
