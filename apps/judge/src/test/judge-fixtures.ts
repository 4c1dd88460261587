import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JUDGE_STATUS } from '@oj/shared';
import { parseJudgeConfig, setJudgeConfig } from '../config.js';
import { type JudgeResult, judge } from '../pipeline/judge.js';
import type { CheckerSource } from '../pipeline/run-checker.js';
import type { LoadedProblem } from '../problem/loaded-problem.js';
import { checkSandbox } from '../sandbox/sandbox-check.js';
import { ownedSandboxUids } from '../sandbox/sandbox-users.js';

export const S = JUDGE_STATUS;

/** The environment this test file's judge settings come from: the process's, with setJudgeEnv's changes. */
export const judgeTestEnv: Record<string, string | undefined> = { ...process.env };

/** Changes judge settings for the rest of this test file, as the environment would (config.ts); undefined unsets. */
export const setJudgeEnv = (settings: Record<string, string | undefined>): void => {
  Object.assign(judgeTestEnv, settings);
  setJudgeConfig(parseJudgeConfig(judgeTestEnv));
};

let guard: Promise<void> | undefined;

/** Every test that runs hostile code awaits this first: it throws unless the sandbox is in force. */
export const requireSandbox = (): Promise<void> => {
  guard ??= checkSandbox().then((check) => {
    if (!check.inForce) throw new Error(`sandbox not in force: ${check.problems.join('; ')}`);
  });
  return guard;
};

export interface CaseSpec {
  input: string;
  answer?: string;
  score?: number;
  groupNum?: number;
}

/** A problem whose test files sit in a temp dir, the way the online worker's cache supplies them. */
export const makeProblem = (
  cases: CaseSpec[],
  overrides: Partial<Omit<LoadedProblem, 'cases'>> & { checker?: CheckerSource; interactor?: CheckerSource } = {},
): LoadedProblem => {
  const dir = mkdtempSync(join(tmpdir(), 'oj-judge-test-'));
  return {
    problemId: 'T1',
    type: 0,
    judgeMode: 'default',
    judgeCaseMode: 'default',
    timeLimitMs: 1000,
    memoryLimitMb: 64,
    stackLimitMb: 64,
    isRemoveEndBlank: true,
    difficulty: 0,
    ...overrides,
    cases: cases.map((spec, i) => {
      const inputPath = join(dir, `${i + 1}.in`);
      writeFileSync(inputPath, spec.input);
      let answerPath: string | undefined;
      if (spec.answer !== undefined) {
        answerPath = join(dir, `${i + 1}.out`);
        writeFileSync(answerPath, spec.answer);
      }
      return { name: String(i + 1), inputPath, answerPath, score: spec.score ?? 10, groupNum: spec.groupNum };
    }),
  };
};

export const judgeSource = (problem: LoadedProblem, source: string, language: string): Promise<JudgeResult> =>
  judge(problem, source, language);

/** Live (non-zombie) processes under the given uids, as "pid name". */
export const liveProcessesOf = (uids: (uid: number) => boolean): string[] => {
  const found: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const uid = Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]);
      const state = /^State:\s+(\w)/m.exec(status)?.[1];
      if (uids(uid) && state !== 'Z') found.push(`${entry} ${/^Name:\s+(.*)$/m.exec(status)?.[1]}`);
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
};

/**
 * Live (non-zombie) processes under the sandbox uids this judge instance holds: there must be none once its
 * judgements are over. Other judges on the host (other test files, a server test's worker) hold other uids.
 */
export const liveSandboxProcesses = (): string[] => {
  const mine = new Set(ownedSandboxUids());
  return liveProcessesOf((uid) => mine.has(uid));
};

export const fileExists = existsSync;

/**
 * The real testlib.h for the tests that compile testlib checkers and interactors: its path from OJ_TEST_TESTLIB (CI
 * sets it). Unset, a CI run fails here and a local run gets undefined (those tests skip).
 */
export const realTestlibPath = (): string | undefined => {
  const path = process.env.OJ_TEST_TESTLIB;
  if (path) {
    if (!existsSync(path)) throw new Error(`OJ_TEST_TESTLIB=${path}: no such file`);
    return path;
  }
  if (process.env.CI)
    throw new Error('OJ_TEST_TESTLIB is not set: CI must give the real testlib.h to the testlib checker tests');
  return undefined;
};

/** A testlib checker comparing one integer (the sum of two): the testlib tests share it, and so its compile. */
export const TESTLIB_SUM_CHECKER = `#include "testlib.h"
int main(int argc, char *argv[]) {
  registerTestlibCmd(argc, argv);
  int expected = ans.readInt();
  int found = ouf.readInt();
  if (expected != found) quitf(_wa, "expected %d, found %d", expected, found);
  quitf(_ok, "the sum is %d", found);
}
`;
