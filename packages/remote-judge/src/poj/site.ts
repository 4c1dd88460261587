import { JUDGE_STATUS, type JudgeStatus } from '@oj/shared';
import type { RemoteLanguage } from '../adapter.js';

/** POJ's problems are numbered 1000 to 4xxx (four digits); anything else is malformed: null. */
export const parsePojId = (raw: string): string | null => {
  const id = raw.trim();
  return /^[1-4]\d{3}$/.test(id) ? id : null;
};

/**
 * The languages offered on a POJ problem: the submit form's `language` values (G++ 0, GCC 1, Java 2, Pascal 3,
 * C++ 4, C 5, Fortran 6), only those with a local counterpart (a test run of a remote problem runs locally). POJ's
 * "C++" and "C" are Microsoft's compilers; locally they run as C++ and C.
 */
export const POJ_LANGUAGES: readonly RemoteLanguage[] = [
  { remoteId: '0', name: 'G++', local: 'C++' },
  { remoteId: '1', name: 'GCC', local: 'C' },
  { remoteId: '2', name: 'Java', local: 'Java' },
  { remoteId: '4', name: 'C++', local: 'C++' },
  { remoteId: '5', name: 'C', local: 'C' },
];

const FINAL_VERDICTS: Record<string, JudgeStatus> = {
  Accepted: JUDGE_STATUS.ACCEPTED,
  'Wrong Answer': JUDGE_STATUS.WRONG_ANSWER,
  'Presentation Error': JUDGE_STATUS.PRESENTATION_ERROR,
  'Time Limit Exceeded': JUDGE_STATUS.TIME_LIMIT_EXCEEDED,
  'Memory Limit Exceeded': JUDGE_STATUS.MEMORY_LIMIT_EXCEEDED,
  'Runtime Error': JUDGE_STATUS.RUNTIME_ERROR,
  // As on HDU (HOJ maps it so), an Output Limit Exceeded is a Runtime Error here.
  'Output Limit Exceeded': JUDGE_STATUS.RUNTIME_ERROR,
  'Compile Error': JUDGE_STATUS.COMPILE_ERROR,
  'System Error': JUDGE_STATUS.SYSTEM_ERROR,
};

const RUNNING = ['', 'Waiting', 'Queuing', 'Compiling', 'Running', 'Running & Judging', 'Judging'];

/** The Result column of POJ's status page as our status codes; null while POJ still judges (Waiting, Compiling,
 * Running & Judging). An unknown text is a System Error. */
export const mapPojVerdict = (text: string): JudgeStatus | null => {
  const verdict = text.replace(/\s+/g, ' ').trim();
  if (RUNNING.includes(verdict)) return null;
  if (verdict.startsWith('Runtime Error')) return JUDGE_STATUS.RUNTIME_ERROR;
  return FINAL_VERDICTS[verdict] ?? JUDGE_STATUS.SYSTEM_ERROR;
};
