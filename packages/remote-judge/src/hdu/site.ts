import { JUDGE_STATUS, type JudgeStatus } from '@oj/shared';
import type { RemoteLanguage } from '../adapter.js';

/** HDU's problems are numbered 1000 to 7xxx (four digits); anything else is malformed: null. */
export const parseHduId = (raw: string): string | null => {
  const id = raw.trim();
  return /^[1-7]\d{3}$/.test(id) ? id : null;
};

/**
 * The languages offered on an HDU problem: the submit form's `language` values (G++ 0, GCC 1, C++ 2, C 3, Pascal 4,
 * Java 5, C# 6), only those with a local counterpart (a test run of a remote problem runs locally). HDU's "C++" and
 * "C" are Microsoft's compilers; locally they run as C++ and C.
 */
export const HDU_LANGUAGES: readonly RemoteLanguage[] = [
  { remoteId: '0', name: 'G++', local: 'C++' },
  { remoteId: '1', name: 'GCC', local: 'C' },
  { remoteId: '2', name: 'C++', local: 'C++' },
  { remoteId: '3', name: 'C', local: 'C' },
  { remoteId: '5', name: 'Java', local: 'Java' },
];

const FINAL_VERDICTS: Record<string, JudgeStatus> = {
  Accepted: JUDGE_STATUS.ACCEPTED,
  'Wrong Answer': JUDGE_STATUS.WRONG_ANSWER,
  'Presentation Error': JUDGE_STATUS.PRESENTATION_ERROR,
  'Time Limit Exceeded': JUDGE_STATUS.TIME_LIMIT_EXCEEDED,
  'Memory Limit Exceeded': JUDGE_STATUS.MEMORY_LIMIT_EXCEEDED,
  // HDU's Output Limit Exceeded is a Runtime Error here, as HOJ maps it.
  'Output Limit Exceeded': JUDGE_STATUS.RUNTIME_ERROR,
  'Compilation Error': JUDGE_STATUS.COMPILE_ERROR,
  'System Error': JUDGE_STATUS.SYSTEM_ERROR,
};

const RUNNING = ['', 'Queuing', 'Compiling', 'Running', 'Submitted', 'Judging', 'Pending'];

/**
 * The status column of HDU's status page as our status codes; null while HDU still judges (Queuing, Compiling,
 * Running). "Runtime Error(ACCESS_VIOLATION)" and its kin are Runtime Errors; an unknown text is a System Error.
 */
export const mapHduVerdict = (text: string): JudgeStatus | null => {
  const verdict = text.replace(/\s+/g, ' ').trim();
  if (RUNNING.includes(verdict)) return null;
  if (verdict.startsWith('Runtime Error')) return JUDGE_STATUS.RUNTIME_ERROR;
  return FINAL_VERDICTS[verdict] ?? JUDGE_STATUS.SYSTEM_ERROR;
};
