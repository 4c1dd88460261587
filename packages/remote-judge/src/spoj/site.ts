import { JUDGE_STATUS, type JudgeStatus } from '@oj/shared';
import type { RemoteLanguage } from '../adapter.js';

/**
 * A SPOJ problem code (decision 0029): upper-case letters, digits and `_`, at most 8 characters (`TEST`, `PRIME1`,
 * `GSS1`); lower case is accepted and raised. HOJ's `digits(digits)` form is read as SPOJ's problem
 * list writes a problem, its number and then its code in parentheses: `2(PRIME1)` and `12(34)` are the codes PRIME1
 * and 34. Anything else (spaces, dots, slashes, longer codes) is malformed: null.
 */
export const parseSpojId = (raw: string): string | null => {
  let id = raw.trim().toUpperCase();
  const numbered = /^\d+\s*\(\s*([^()]*?)\s*\)$/.exec(id);
  if (numbered) id = numbered[1];
  return /^[A-Z0-9][A-Z0-9_]{0,7}$/.test(id) ? id : null;
};

/**
 * The languages offered on a SPOJ problem: the submit form's `lang` values (as HOJ's SPOJ judge and Hydro's SPOJ
 * provider post them), the name the form shows, and the local language a test run uses.
 */
export const SPOJ_LANGUAGES: readonly RemoteLanguage[] = [
  { remoteId: '11', name: 'C (gcc 8.3)', local: 'C' },
  { remoteId: '44', name: 'C++14 (gcc 8.3)', local: 'C++' },
  { remoteId: '1', name: 'C++ (gcc 8.3)', local: 'C++' },
  { remoteId: '10', name: 'Java (HotSpot 12)', local: 'Java' },
  { remoteId: '116', name: 'Python 3 (python 3.7.3)', local: 'Python3' },
  { remoteId: '4', name: 'Python (cpython 2.7.16)', local: 'Python2' },
  { remoteId: '114', name: 'Go (go 1.14)', local: 'Golang' },
  { remoteId: '93', name: 'Rust (rust 1.25.0)', local: 'Rust' },
  { remoteId: '56', name: 'Node.js (node 11.12.0)', local: 'JavaScript Node' },
];

/** SPOJ's final result codes (the status page's `status` attribute): 11 compilation error, 12 runtime error
 * (SIGSEGV, SIGFPE ...), 13 time limit exceeded, 14 wrong answer, 15 accepted (also a challenge problem's score),
 * 20 internal error. */
const FINAL_CODES: Record<number, JudgeStatus> = {
  11: JUDGE_STATUS.COMPILE_ERROR,
  12: JUDGE_STATUS.RUNTIME_ERROR,
  13: JUDGE_STATUS.TIME_LIMIT_EXCEEDED,
  14: JUDGE_STATUS.WRONG_ANSWER,
  15: JUDGE_STATUS.ACCEPTED,
  20: JUDGE_STATUS.SYSTEM_ERROR,
};

/** The same results by the words SPOJ shows, for a code this table does not know. */
const FINAL_WORDS: [RegExp, JudgeStatus][] = [
  [/^accepted/i, JUDGE_STATUS.ACCEPTED],
  [/^wrong answer/i, JUDGE_STATUS.WRONG_ANSWER],
  [/^time limit exceeded/i, JUDGE_STATUS.TIME_LIMIT_EXCEEDED],
  [/^memory limit exceeded/i, JUDGE_STATUS.MEMORY_LIMIT_EXCEEDED],
  [/^runtime error/i, JUDGE_STATUS.RUNTIME_ERROR],
  [/^compilation error/i, JUDGE_STATUS.COMPILE_ERROR],
];

/** null while SPOJ still judges (`final` not 1: waiting, compiling, running); an unknown result is a System Error. */
export const mapSpojVerdict = (result: { status: number; final: boolean; description: string }): JudgeStatus | null => {
  if (!result.final) return null;
  return (
    FINAL_CODES[result.status] ??
    FINAL_WORDS.find(([pattern]) => pattern.test(result.description.trim()))?.[1] ??
    JUDGE_STATUS.SYSTEM_ERROR
  );
};
