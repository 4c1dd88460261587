/** Judge statuses, case modes and language names, with HOJ's codes and names. */
export const JUDGE_STATUS = {
  NOT_SUBMITTED: -10,
  SUBMITTED_UNKNOWN_RESULT: -5,
  CANCELLED: -4,
  PRESENTATION_ERROR: -3,
  COMPILE_ERROR: -2,
  WRONG_ANSWER: -1,
  ACCEPTED: 0,
  TIME_LIMIT_EXCEEDED: 1,
  MEMORY_LIMIT_EXCEEDED: 2,
  RUNTIME_ERROR: 3,
  SYSTEM_ERROR: 4,
  PENDING: 5,
  COMPILING: 6,
  JUDGING: 7,
  PARTIAL_ACCEPTED: 8,
  SUBMITTING: 9,
  SUBMITTED_FAILED: 10,
} as const;
export type JudgeStatus = (typeof JUDGE_STATUS)[keyof typeof JUDGE_STATUS];

export const JUDGE_STATUS_NAME: Record<number, string> = {
  [-10]: 'Not Submitted',
  [-5]: 'Submitted Unknown Result',
  [-4]: 'Cancelled',
  [-3]: 'Presentation Error',
  [-2]: 'Compile Error',
  [-1]: 'Wrong Answer',
  0: 'Accepted',
  1: 'Time Limit Exceeded',
  2: 'Memory Limit Exceeded',
  3: 'Runtime Error',
  4: 'System Error',
  5: 'Pending',
  6: 'Compiling',
  7: 'Judging',
  8: 'Partial Accepted',
  9: 'Submitting',
  10: 'Submitted Failed',
};

export const IN_PROGRESS_STATUSES: number[] = [JUDGE_STATUS.PENDING, JUDGE_STATUS.COMPILING, JUDGE_STATUS.JUDGING];

export const JUDGE_CASE_MODES = ['default', 'ergodic_without_error', 'subtask_lowest', 'subtask_average'] as const;
export type JudgeCaseMode = (typeof JUDGE_CASE_MODES)[number];
export const JUDGE_MODES = ['default', 'spj', 'interactive'] as const;
export type JudgeMode = (typeof JUDGE_MODES)[number];

/** Language names on the wire (HOJ's). */
export const LANGUAGE_NAMES = [
  'C',
  'C With O2',
  'C++',
  'C++ With O2',
  'C++ 17',
  'C++ 17 With O2',
  'C++ 20',
  'C++ 20 With O2',
  'Java',
  'Python3',
  'Python2',
  'PyPy3',
  'Golang',
  'JavaScript Node',
  'Rust',
] as const;
export type LanguageName = (typeof LANGUAGE_NAMES)[number];

const isCOrCpp = (language: string) => language === 'C' || language.startsWith('C ') || language.startsWith('C++');

/** The one helper for doubled limits: languages other than C/C++ get twice the time and memory,
 * except on problems whose id starts with CF- or GYM- (shown and judged as stated). */
export const effectiveLimits = (
  problemId: string,
  language: string,
  limits: { timeLimitMs: number; memoryLimitMb: number },
) => {
  const factor = isCOrCpp(language) || /^(CF|GYM)-/i.test(problemId) ? 1 : 2;
  return { timeLimitMs: limits.timeLimitMs * factor, memoryLimitMb: limits.memoryLimitMb * factor };
};
