import { JUDGE_STATUS } from '@oj/shared/judging';
import { CHECKER_MESSAGE_MAX_CHARS } from './judge-limits.js';

export interface CheckerVerdict {
  status: number;
  /** Share of the case score for Partial Accepted, 0..100. */
  percentage?: number;
  message: string;
}

/** testlib's exit codes (OK, WA, PE, FAIL, POINTS): a verb on stderr must agree with one of these. */
const TESTLIB_EXIT = { ok: 0, wrongAnswer: 1, presentationError: 2, fail: 3, points: 7 } as const;
const TESTLIB_EXIT_CODES: number[] = Object.values(TESTLIB_EXIT);

const systemError = (message: string): CheckerVerdict => ({ status: JUDGE_STATUS.SYSTEM_ERROR, message });

const fromPercentage = (percentage: number, message: string): CheckerVerdict => {
  if (!Number.isFinite(percentage)) return systemError(`checker gave an unreadable score: ${message}`);
  if (percentage >= 100) return { status: JUDGE_STATUS.ACCEPTED, message };
  if (percentage <= 0) return { status: JUDGE_STATUS.WRONG_ANSWER, message };
  return { status: JUDGE_STATUS.PARTIAL_ACCEPTED, percentage, message };
};

/**
 * Classifies a checker's (or interactor's) finished run: testlib's stderr verb first,
 * cross-checked against testlib's exit codes; HOJ's own exit codes (100 AC, 101 PE, 102 WA, 103 SE, 99 points
 * on stdout) are accepted without a verb. A checker that says nothing, disagrees with itself or says FAIL is
 * System Error, never Wrong Answer.
 */
export const classifyCheckerExit = (exitCode: number, stderr: string, stdout: string): CheckerVerdict => {
  const text = stderr.trim();
  const message = text.slice(0, CHECKER_MESSAGE_MAX_CHARS);
  const lower = text.toLowerCase();
  const verbVerdict = (expectedExit: number[], verdict: CheckerVerdict): CheckerVerdict => {
    if (TESTLIB_EXIT_CODES.includes(exitCode) && !expectedExit.includes(exitCode))
      return systemError(`checker exit code ${exitCode} contradicts its message: ${message}`);
    return verdict;
  };

  if (/^ok\b/.test(lower)) return verbVerdict([TESTLIB_EXIT.ok], { status: JUDGE_STATUS.ACCEPTED, message });
  if (lower.startsWith('wrong answer'))
    return verbVerdict([TESTLIB_EXIT.wrongAnswer], { status: JUDGE_STATUS.WRONG_ANSWER, message });
  if (lower.startsWith('wrong output format'))
    return verbVerdict([TESTLIB_EXIT.presentationError], { status: JUDGE_STATUS.PRESENTATION_ERROR, message });
  if (/^fail\b/.test(lower)) return systemError(`checker failed: ${message}`);
  const points = /^points\s+([-+]?\d+(?:\.\d+)?)/.exec(lower);
  if (points) return verbVerdict([TESTLIB_EXIT.points, TESTLIB_EXIT.ok], fromPercentage(Number(points[1]), message));
  const partially = /^partially correct\s*\(?\s*([-+]?\d+(?:\.\d+)?)/.exec(lower);
  // testlib's _pc(n) exits with a base code plus n, so any exit code is consistent with it.
  if (partially) return fromPercentage(Number(partially[1]), message);

  switch (exitCode) {
    case 100:
      return { status: JUDGE_STATUS.ACCEPTED, message };
    case 101:
      return { status: JUDGE_STATUS.PRESENTATION_ERROR, message };
    case 102:
      return { status: JUDGE_STATUS.WRONG_ANSWER, message };
    case 103:
      return systemError(`checker reported a system error: ${message}`);
    case 99:
      return fromPercentage(Number(stdout.trim().split(/\s+/)[0]), message);
  }
  if (text === '') return systemError(`checker exited with code ${exitCode} and printed nothing`);
  switch (exitCode) {
    case TESTLIB_EXIT.ok:
      return { status: JUDGE_STATUS.ACCEPTED, message };
    case TESTLIB_EXIT.wrongAnswer:
      return { status: JUDGE_STATUS.WRONG_ANSWER, message };
    case TESTLIB_EXIT.presentationError:
      return { status: JUDGE_STATUS.PRESENTATION_ERROR, message };
    default:
      return systemError(`checker exited with code ${exitCode}: ${message}`);
  }
};
