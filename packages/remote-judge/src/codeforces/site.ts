import { JUDGE_STATUS, type JudgeStatus } from '@oj/shared';
import type { RemoteLanguage } from '../adapter.js';

/** A Codeforces (or GYM) problem: the contest's number and the problem's index in it. */
export interface CodeforcesProblemRef {
  contestId: string;
  index: string;
}

/**
 * As in HOJ, `1000A` is contest 1000, index A; sub-indexes such as `1234B1` (index B1); a purely numeric id
 * splits as `<contest><2-digit index>` (`123401` → contest 1234, index 01). Lowercase is accepted; the normalised
 * id is upper case. Anything else (spaces, leading zeros in the contest, a missing contest) is malformed: null.
 */
export const parseCodeforcesId = (raw: string): CodeforcesProblemRef | null => {
  const id = raw.trim().toUpperCase();
  const lettered = /^([1-9]\d{0,6})([A-Z][1-9]?)$/.exec(id);
  if (lettered) return { contestId: lettered[1], index: lettered[2] };
  const numeric = /^([1-9]\d{0,6})(\d{2})$/.exec(id);
  if (numeric) return { contestId: numeric[1], index: numeric[2] };
  return null;
};

export const codeforcesIdOf = (ref: CodeforcesProblemRef) => `${ref.contestId}${ref.index}`;

/**
 * The languages offered on a CF/GYM problem: Codeforces' programTypeId, the name its submit form shows, and the
 * local language a test run uses. Only languages with a local counterpart are offered (a test run of a remote
 * problem runs locally in the mapped language). Ids as the submit form's `programTypeId` options show them.
 */
export const CODEFORCES_LANGUAGES: readonly RemoteLanguage[] = [
  { remoteId: '43', name: 'GNU GCC C11 5.1.0', local: 'C' },
  { remoteId: '50', name: 'GNU G++14 6.4.0', local: 'C++' },
  { remoteId: '54', name: 'GNU G++17 7.3.0', local: 'C++ 17' },
  { remoteId: '89', name: 'GNU G++20 13.2 (64 bit, winlibs)', local: 'C++ 20' },
  { remoteId: '87', name: 'Java 21 64bit', local: 'Java' },
  { remoteId: '31', name: 'Python 3.8.10', local: 'Python3' },
  { remoteId: '7', name: 'Python 2.7.18', local: 'Python2' },
  { remoteId: '70', name: 'PyPy 3.10 (7.3.15, 64bit)', local: 'PyPy3' },
  { remoteId: '41', name: 'PyPy 3.6.9 (7.3.0)', local: 'PyPy3' },
  { remoteId: '32', name: 'Go 1.22.2', local: 'Golang' },
  { remoteId: '75', name: 'Rust 1.75.0 (2021)', local: 'Rust' },
  { remoteId: '34', name: 'JavaScript V8 4.8.0', local: 'JavaScript Node' },
  { remoteId: '55', name: 'Node.js 15.8.0 (64bit)', local: 'JavaScript Node' },
];

/**
 * Codeforces' verdicts (api `Submission.verdict`) as our status codes (decision 0026):
 * IDLENESS_LIMIT_EXCEEDED is a time limit; CHALLENGED (hacked) is a wrong answer on the hack's test;
 * SKIPPED and REJECTED were never judged, and SECURITY_VIOLATED, CRASHED, FAILED and INPUT_PREPARATION_CRASHED are
 * the site's own failures: System Error, with the site's verdict as the message.
 */
const FINAL_VERDICTS: Record<string, JudgeStatus> = {
  OK: JUDGE_STATUS.ACCEPTED,
  WRONG_ANSWER: JUDGE_STATUS.WRONG_ANSWER,
  CHALLENGED: JUDGE_STATUS.WRONG_ANSWER,
  TIME_LIMIT_EXCEEDED: JUDGE_STATUS.TIME_LIMIT_EXCEEDED,
  IDLENESS_LIMIT_EXCEEDED: JUDGE_STATUS.TIME_LIMIT_EXCEEDED,
  MEMORY_LIMIT_EXCEEDED: JUDGE_STATUS.MEMORY_LIMIT_EXCEEDED,
  RUNTIME_ERROR: JUDGE_STATUS.RUNTIME_ERROR,
  COMPILATION_ERROR: JUDGE_STATUS.COMPILE_ERROR,
  PRESENTATION_ERROR: JUDGE_STATUS.PRESENTATION_ERROR,
  PARTIAL: JUDGE_STATUS.PARTIAL_ACCEPTED,
  SECURITY_VIOLATED: JUDGE_STATUS.SYSTEM_ERROR,
  CRASHED: JUDGE_STATUS.SYSTEM_ERROR,
  FAILED: JUDGE_STATUS.SYSTEM_ERROR,
  INPUT_PREPARATION_CRASHED: JUDGE_STATUS.SYSTEM_ERROR,
  SKIPPED: JUDGE_STATUS.SYSTEM_ERROR,
  REJECTED: JUDGE_STATUS.SYSTEM_ERROR,
};

/** null while Codeforces still judges (no verdict yet, TESTING). An unknown verdict is a System Error. */
export const mapCodeforcesVerdict = (verdict: string | null | undefined): JudgeStatus | null => {
  if (!verdict || verdict === 'TESTING') return null;
  return FINAL_VERDICTS[verdict] ?? JUDGE_STATUS.SYSTEM_ERROR;
};
