import { JUDGE_STATUS, type JudgeStatus } from '@oj/shared';
import type { RemoteLanguage } from '../adapter.js';

/** An AtCoder task: the contest of its URL and the task's screen name. */
export interface AtCoderTaskRef {
  /** `abc123`, `tessoku-book` (as in /contests/<contest>). */
  contest: string;
  /** `abc123_a`, `tessoku_book_a` (as in /tasks/<task>: the contest with `-` written `_`, then the index). */
  task: string;
}

/**
 * As in HOJ and decision 0029: `abc123_a` is contest abc123, task abc123_a. The id is
 * `<contest>_<index>`: the contest as its URL writes it (letters, digits, `-`, `_`, starting with a letter), the
 * index after the last `_` (`a`, `ex`, `1` in the oldest ARCs). AtCoder's task screen name writes the contest's
 * hyphens as underscores (`tessoku-book_a` → task `tessoku_book_a`), so a contest with hyphens is written with
 * them. Upper case is accepted and lowered; anything else is malformed: null.
 */
export const parseAtCoderId = (raw: string): AtCoderTaskRef | null => {
  const id = raw.trim().toLowerCase();
  const m = /^([a-z](?:[a-z0-9_-]{0,38}[a-z0-9])?)_([a-z0-9]{1,4})$/.exec(id);
  if (!m || /[-_]{2}/.test(m[1])) return null;
  return { contest: m[1], task: `${m[1].replace(/-/g, '_')}_${m[2]}` };
};

export const atCoderIdOf = (ref: AtCoderTaskRef) => `${ref.contest}_${ref.task.slice(ref.task.lastIndexOf('_') + 1)}`;

export interface AtCoderLanguage extends RemoteLanguage {
  /** The language's family in the submit form's names, to find its id after AtCoder renumbers its languages. */
  family: RegExp;
}

/**
 * The languages offered on an AC problem: `data.LanguageId` of the submit form in AtCoder's 2025-10 language
 * update (6000-series ids; the 2023 set, 5001 C++ 20 (gcc 12.2), 5055 CPython 3.11 ..., is retired), with the local
 * language a test run uses. AtCoder renumbers its languages every few years; when the submit form no longer
 * offers an id, the adapter submits in the form's newest language of the same family.
 */
export const ATCODER_LANGUAGES: readonly AtCoderLanguage[] = [
  { remoteId: '6014', name: 'C23 (GCC 14.2.0)', local: 'C', family: /^C(\d\d)? \(GCC/i },
  { remoteId: '6017', name: 'C++23 (GCC 15.2.0)', local: 'C++ 20', family: /^C\+\+ ?\d\d \(GCC/i },
  { remoteId: '6116', name: 'C++23 (Clang 21.1.0)', local: 'C++ 20', family: /^C\+\+ ?\d\d \(Clang/i },
  { remoteId: '6056', name: 'Java24 (OpenJDK 24.0.2)', local: 'Java', family: /^Java ?\d* \(OpenJDK/i },
  { remoteId: '6082', name: 'Python (CPython 3.13.7)', local: 'Python3', family: /^Python \(CPython 3/i },
  { remoteId: '6083', name: 'Python (PyPy 3.11-v7.3.20)', local: 'PyPy3', family: /^Python \(PyPy 3/i },
  { remoteId: '6051', name: 'Go (go 1.25.1)', local: 'Golang', family: /^Go \(go /i },
  { remoteId: '6088', name: 'Rust (rustc 1.89.0)', local: 'Rust', family: /^Rust \(rustc/i },
  { remoteId: '6059', name: 'JavaScript (Node.js 22.19.0)', local: 'JavaScript Node', family: /^JavaScript \(Node/i },
];

/**
 * AtCoder's status labels (the submission page's `#judge-status`) as our status codes (decision 0029): OLE (output
 * limit) and QLE (query limit of interactive tasks) are runtime errors, as HOJ maps them; IE (internal error) and
 * CC (judge cancelled) are the site's own failures: System Error, with the label as the message.
 */
const FINAL_VERDICTS: Record<string, JudgeStatus> = {
  AC: JUDGE_STATUS.ACCEPTED,
  WA: JUDGE_STATUS.WRONG_ANSWER,
  TLE: JUDGE_STATUS.TIME_LIMIT_EXCEEDED,
  MLE: JUDGE_STATUS.MEMORY_LIMIT_EXCEEDED,
  RE: JUDGE_STATUS.RUNTIME_ERROR,
  OLE: JUDGE_STATUS.RUNTIME_ERROR,
  QLE: JUDGE_STATUS.RUNTIME_ERROR,
  CE: JUDGE_STATUS.COMPILE_ERROR,
  IE: JUDGE_STATUS.SYSTEM_ERROR,
  CC: JUDGE_STATUS.SYSTEM_ERROR,
};

/** null while AtCoder still judges (WJ waiting, WR waiting for rejudge, Judging, "3/12" tests done). An unknown
 * label is a System Error. */
export const mapAtCoderVerdict = (label: string | null | undefined): JudgeStatus | null => {
  const text = (label ?? '').trim();
  if (!text || /^(WJ|WR|Judging)$/i.test(text) || /^\d+\s*\/\s*\d+/.test(text)) return null;
  const code = /^[A-Z]+/.exec(text)?.[0] ?? text;
  return FINAL_VERDICTS[code] ?? JUDGE_STATUS.SYSTEM_ERROR;
};
