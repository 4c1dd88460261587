import type { JudgeCaseMode, JudgeMode } from '@oj/shared';
import type { CheckerSource } from '../pipeline/run-checker.js';

/** One test case as the judge sees it: files on the local disk, wherever they come from. */
export interface JudgeCase {
  name: string;
  inputPath: string;
  /** Missing only for interactive problems without answers. */
  answerPath?: string;
  score: number;
  groupNum?: number;
}

/**
 * A problem ready to judge. The package loader builds it from a folder; the online worker builds it from its
 * test-data cache (files by hash) and the task's fields. Limits are the problem's own (the judge applies the
 * language factor).
 */
export interface LoadedProblem {
  problemId: string;
  /** 0 ACM, 1 OI. */
  type: 0 | 1;
  judgeMode: JudgeMode;
  judgeCaseMode: JudgeCaseMode;
  timeLimitMs: number;
  memoryLimitMb: number;
  stackLimitMb: number;
  isRemoveEndBlank: boolean;
  difficulty: number;
  cases: JudgeCase[];
  /** Required when judgeMode is 'spj'. */
  checker?: CheckerSource;
  /** Required when judgeMode is 'interactive'. */
  interactor?: CheckerSource;
}
