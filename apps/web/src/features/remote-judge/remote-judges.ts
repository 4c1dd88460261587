import { problem } from '@oj/shared';

/** A remote judge key: HDU, CF, POJ, GYM, AC, SPOJ. */
export type RemoteOjKey = (typeof problem.REMOTE_OJS)[number];

/** The remote judges' own names (proper names, the same in both languages), in the order of REMOTE_OJS. */
export const REMOTE_JUDGE_NAMES: Record<RemoteOjKey, string> = {
  HDU: 'HDU',
  CF: 'Codeforces',
  POJ: 'POJ',
  GYM: 'Codeforces Gym',
  AC: 'AtCoder',
  SPOJ: 'SPOJ',
};

export const REMOTE_OJ_KEYS = problem.REMOTE_OJS as readonly RemoteOjKey[];

/** "<OJ>-<remoteId>" of an imported problem (HOJ's naming) → its site key; null for a local problem id. The
 * server names imported problems this way and checks every remote action itself; the web only decides what to offer. */
export const remoteOjOf = (problemId: string | null | undefined): RemoteOjKey | null => {
  if (!problemId) return null;
  const dash = problemId.indexOf('-');
  if (dash <= 0) return null;
  const key = problemId.slice(0, dash).toUpperCase();
  return (REMOTE_OJ_KEYS as readonly string[]).includes(key) ? (key as RemoteOjKey) : null;
};

/** The problem list filtered to one remote bank (the "problem bank" filter, `oj` in the page URL). */
export const remoteBankPath = (key: RemoteOjKey) => `/problem?oj=${key}`;

/** Only http(s) links are followed: `source` of an imported problem holds the original page's URL. */
export const sourceUrlOf = (source: string | null | undefined): string | null => {
  const s = source?.trim() ?? '';
  if (!/^https?:\/\/\S+$/i.test(s)) return null;
  try {
    return new URL(s).href;
  } catch {
    return null;
  }
};
