import { JUDGE_STATUS } from '@oj/shared';

/** The contest ranking engine (HOJ's ACM and OI ranks and its seal), pure functions only: a per-user
 * per-problem summary ("cell") of the user's tries, and the ACM and OI boards built from those cells. The database
 * keeps the same cells current with a trigger (migration contest-board), so a board never reads submissions. */

/** One contest submission as the ranking sees it: seconds since the start, the verdict, the OI score, the run time. */
export interface ContestTry {
  submitId: number;
  timeS: number;
  status: number;
  score: number | null;
  runMs: number | null;
}

/** A user's standing on one problem, in the real-time view and in the sealed view (tries before the seal). */
export interface CellSummary {
  /** Every counted try, pending or judged. */
  total: number;
  acTimeS: number | null;
  /** Penalised tries before the first AC. */
  errors: number;
  /** Tries before the first AC whose verdict is not known yet. */
  pending: number;
  sealedAcTimeS: number | null;
  sealedErrors: number;
  /** In the sealed view: unjudged tries before the seal plus every try during the seal (no AC before it). */
  sealedPending: number;
  scoreRecent: number | null;
  scoreHighest: number | null;
  acMinRunMs: number | null;
  sealedScoreRecent: number | null;
  sealedScoreHighest: number | null;
  sealedAcMinRunMs: number | null;
}

/** PE, WA, TLE, MLE and RE cost 20 minutes; CE, SE, Submitted Failed, Cancelled and PA are free, as in HOJ. */
const PENALISED: number[] = [
  JUDGE_STATUS.PRESENTATION_ERROR,
  JUDGE_STATUS.WRONG_ANSWER,
  JUDGE_STATUS.TIME_LIMIT_EXCEEDED,
  JUDGE_STATUS.MEMORY_LIMIT_EXCEEDED,
  JUDGE_STATUS.RUNTIME_ERROR,
];
const UNJUDGED: number[] = [
  JUDGE_STATUS.PENDING,
  JUDGE_STATUS.COMPILING,
  JUDGE_STATUS.JUDGING,
  JUDGE_STATUS.SUBMITTING,
];
export const PENALTY_S = 20 * 60;

/** Summarises one user's tries on one problem. Tries outside [0, duration) do not count; `sealS` null means no
 * seal, and then the sealed view equals the real one. */
export const summarizeCell = (
  tries: ContestTry[],
  window: { durationS: number; sealS: number | null },
): CellSummary => {
  const counted = tries
    .filter((t) => t.timeS >= 0 && t.timeS < window.durationS)
    .sort((a, b) => a.submitId - b.submitId);
  const acm = (list: ContestTry[]) => {
    let acTimeS: number | null = null;
    let errors = 0;
    let pending = 0;
    for (const t of list) {
      if (acTimeS !== null) break;
      if (t.status === JUDGE_STATUS.ACCEPTED) acTimeS = t.timeS;
      else if (PENALISED.includes(t.status)) errors += 1;
      else if (UNJUDGED.includes(t.status)) pending += 1;
    }
    return { acTimeS, errors, pending };
  };
  const oi = (list: ContestTry[]) => {
    const judged = list.filter((t) => !UNJUDGED.includes(t.status));
    const last = judged.at(-1);
    const acRuns = judged.filter((t) => t.status === JUDGE_STATUS.ACCEPTED).map((t) => t.runMs ?? 0);
    return {
      recent: last ? (last.score ?? 0) : null,
      highest: judged.length ? Math.max(...judged.map((t) => t.score ?? 0)) : null,
      acMinRunMs: acRuns.length ? Math.min(...acRuns) : null,
    };
  };
  const real = acm(counted);
  const realOi = oi(counted);
  const sealS = window.sealS;
  const before = sealS === null ? counted : counted.filter((t) => t.timeS < sealS);
  const sealed = sealS === null ? real : acm(before);
  const sealedOi = sealS === null ? realOi : oi(before);
  const during = counted.length - before.length;
  return {
    total: counted.length,
    acTimeS: real.acTimeS,
    errors: real.errors,
    pending: real.pending,
    sealedAcTimeS: sealed.acTimeS,
    sealedErrors: sealed.errors,
    sealedPending: sealed.pending + (sealed.acTimeS === null ? during : 0),
    scoreRecent: realOi.recent,
    scoreHighest: realOi.highest,
    acMinRunMs: realOi.acMinRunMs,
    sealedScoreRecent: sealedOi.recent,
    sealedScoreHighest: sealedOi.highest,
    sealedAcMinRunMs: sealedOi.acMinRunMs,
  };
};

export interface BoardUser {
  uid: string;
  username: string;
  nickname: string | null;
  realname: string | null;
  school: string | null;
  gender: string | null;
  avatar: string | null;
  /** The current contest rating (decision 0046): boards colour names by its band. */
  rating: number | null;
  /** A virtual participant's row (set on a board with virtual participants, contest-virtual.ts). */
  virtual?: boolean;
}

export interface BoardCell {
  uid: string;
  displayId: string;
  cell: CellSummary;
}

export interface AwardConfig {
  priority: number;
  name: string;
  background: string;
  color: string;
  num: number;
}

export interface BoardOptions {
  /** The sealed view or the real-time one. */
  sealed: boolean;
  starUsernames: ReadonlySet<string>;
  /** 0 none, 1 a percentage of the (non-star) participants, 2 a number of people. */
  awardType: number;
  awards: AwardConfig[];
}

interface Award {
  isWinAward: boolean;
  awardName: string | null;
  awardBackground: string | null;
  awardColor: string | null;
}

export interface AcmProblemInfo {
  isAC: boolean;
  isFirstAC: boolean;
  ACTime: number | null;
  errorNum: number;
  tryNum: number;
}

export interface AcmRow extends BoardUser, Award {
  rank: number;
  ac: number;
  total: number;
  /** Seconds: the sum over solved problems of the accept time plus 20 minutes per penalised try before it. */
  totalTime: number;
  submissionInfo: Record<string, AcmProblemInfo>;
}

export interface OiRow extends BoardUser, Award {
  rank: number;
  totalScore: number;
  /** Milliseconds: the sum over accepted problems of the shortest accepted run. */
  totalTime: number;
  submissionInfo: Record<string, number>;
  timeInfo: Record<string, number>;
}

/** A page of a board: star rows dropped on request, the keyword matched against the school or the displayed
 * name, and the viewer's and followed users' rows pinned on top without counting in `total`. */
export const pageBoard = <R extends BoardUser>(
  rows: R[],
  q: {
    currentPage: number;
    limit: number;
    removeStar: boolean;
    starUsernames: ReadonlySet<string>;
    keyword?: string;
    showName: 'username' | 'nickname' | 'realname';
    pinnedUids: string[];
    /** The rows by uid, when the caller keeps such an index (else pinned rows are searched for). */
    byUid?: ReadonlyMap<string, R>;
  },
) => {
  let list = q.removeStar ? rows.filter((r) => !q.starUsernames.has(r.username)) : rows;
  const keyword = q.keyword?.trim().toLowerCase();
  if (keyword) {
    list = list.filter(
      (r) => (r.school ?? '').toLowerCase().includes(keyword) || (r[q.showName] ?? '').toLowerCase().includes(keyword),
    );
  }
  const pinned: R[] = [];
  const filtered = list !== rows;
  for (const uid of new Set(q.pinnedUids)) {
    const r = q.byUid && !filtered ? q.byUid.get(uid) : list.find((x) => x.uid === uid);
    if (r) pinned.push(r);
  }
  const start = (q.currentPage - 1) * q.limit;
  return {
    records: [...pinned, ...list.slice(start, start + q.limit)],
    total: list.length,
    size: q.limit,
    current: q.currentPage,
  };
};
