import { AWARD_TYPE, awardCounts, type Contest, defaultAwards, JUDGE_STATUS } from '@oj/shared';

/** The scroll board's reveal engine (the medal ceremony, decision 0009): pure
 * functions from the scroll-board info and the contest's submissions to a frozen board, and one reveal per step.
 * Times are seconds since the start, floored like the server's board; 20 minutes per penalised try before the AC. */

export const PENALTY_S = 20 * 60;

/** PE, WA, TLE, MLE and RE cost a penalty; CE, SE, Cancelled, Submitted Failed and Partial are free. */
const PENALISED = new Set<number>([
  JUDGE_STATUS.PRESENTATION_ERROR,
  JUDGE_STATUS.WRONG_ANSWER,
  JUDGE_STATUS.TIME_LIMIT_EXCEEDED,
  JUDGE_STATUS.MEMORY_LIMIT_EXCEEDED,
  JUDGE_STATUS.RUNTIME_ERROR,
]);
/** Not judged yet: hidden under a seal like a try during the seal. */
const UNJUDGED = new Set<number>([
  JUDGE_STATUS.PENDING,
  JUDGE_STATUS.COMPILING,
  JUDGE_STATUS.JUDGING,
  JUDGE_STATUS.SUBMITTING,
]);

/** What the engine needs of get-contest-scroll-board-info. */
export interface ScrollBoardInfo {
  problemList: { displayId: string; displayTitle: string; color: string | null }[];
  startTime: string;
  endTime: string;
  sealRankTime: string | null;
  starUserList: string[];
}

/** What the engine needs of one get-contest-scroll-board-submission row. */
export interface ScrollBoardSubmission {
  uid: string;
  username: string;
  nickname: string | null;
  realname: string | null;
  school: string | null;
  submitId: number;
  status: number;
  submitTime: string;
  displayId: string;
}

export interface MedalCounts {
  gold: number;
  silver: number;
  bronze: number;
}
export type Medal = 'gold' | 'silver' | 'bronze';

interface Try {
  submitId: number;
  timeS: number;
  status: number;
}

export type CellState = 'none' | 'ac' | 'wrong' | 'pending';

export interface ScrollCell {
  displayId: string;
  state: CellState;
  acTimeS: number | null;
  /** Penalised tries before the AC among the tries shown. */
  errors: number;
  /** Tries shown: up to and including the AC, or all of them. */
  attempts: number;
  /** Every try of the cell, oldest first (the reveal recomputes the cell from all of them). */
  tries: Try[];
  /** Tries not shown yet (during the seal, or unjudged); a cell with any is pending. */
  hidden: number;
}

export interface ScrollTeam {
  uid: string;
  username: string;
  nickname: string | null;
  realname: string | null;
  school: string | null;
  star: boolean;
  solved: number;
  /** Seconds: AC times plus 20 minutes per penalised try before each AC. */
  penaltyS: number;
  /** One per problem, in column order. */
  cells: ScrollCell[];
  /** Competition rank among non-star teams; null for a star team ('*'). */
  rank: number | null;
  finalized: boolean;
  /** Given when the team is finalized and its rank is within the medal counts. */
  medal: Medal | null;
}

export type ScrollEvent =
  | { kind: 'reveal'; uid: string; displayId: string; result: 'ac' | 'wrong' }
  | { kind: 'finalize'; uid: string; medal: Medal | null };

export interface ScrollBoardState {
  problems: ScrollBoardInfo['problemList'];
  /** In board order, best first. */
  teams: ScrollTeam[];
  /** Index of the team being revealed; -1 once finished. */
  cursor: number;
  medals: MedalCounts;
  /** The earliest AC time shown per problem among non-star teams (the darker first-AC cell). */
  firstAcS: Record<string, number>;
  last: ScrollEvent | null;
  finished: boolean;
}

const secondsSince = (from: string, to: string) => Math.floor((Date.parse(to) - Date.parse(from)) / 1000);

/** Natural order of display ids (A < B < ... < Z < AA; 2 < 10). */
const compareDisplayId = (a: string, b: string) =>
  a.length - b.length || a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });

/** A cell computed from the given tries alone: the first AC stops it (monotone: later tries never undo it). */
const summarize = (tries: Try[]) => {
  let errors = 0;
  let attempts = 0;
  for (const t of tries) {
    attempts += 1;
    if (t.status === JUDGE_STATUS.ACCEPTED) return { state: 'ac' as const, acTimeS: t.timeS, errors, attempts };
    if (PENALISED.has(t.status)) errors += 1;
  }
  return { state: attempts > 0 ? ('wrong' as const) : ('none' as const), acTimeS: null, errors, attempts };
};

const revealedCell = (displayId: string, tries: Try[]): ScrollCell => ({
  displayId,
  ...summarize(tries),
  tries,
  hidden: 0,
});

/** The frozen cell: tries during the seal and unjudged ones stay hidden unless a shown try is already an AC. */
const frozenCell = (displayId: string, tries: Try[], sealS: number | null): ScrollCell => {
  if (sealS === null) return revealedCell(displayId, tries);
  const isHidden = (t: Try) => t.timeS >= sealS || UNJUDGED.has(t.status);
  const shown = summarize(tries.filter((t) => !isHidden(t)));
  // An AC before the seal is final whatever follows; the hidden tries after it change nothing.
  if (shown.state === 'ac') return revealedCell(displayId, tries);
  const hidden = tries.filter(isHidden).length;
  if (hidden === 0) return revealedCell(displayId, tries);
  return { displayId, ...shown, state: 'pending', tries, hidden };
};

const withTotals = (team: ScrollTeam): ScrollTeam => {
  let solved = 0;
  let penaltyS = 0;
  for (const c of team.cells) {
    if (c.state !== 'ac' || c.acTimeS === null) continue;
    solved += 1;
    penaltyS += c.acTimeS + c.errors * PENALTY_S;
  }
  return { ...team, solved, penaltyS };
};

/** Solved desc, penalty asc, then the username: the server's board order (contest-board.ts rankAcm), so the
 * roll ends on the standing get-contest-rank shows. */
export const compareTeams = (a: ScrollTeam, b: ScrollTeam) =>
  b.solved - a.solved || a.penaltyS - b.penaltyS || (a.username < b.username ? -1 : a.username > b.username ? 1 : 0);

export const medalFor = (rank: number | null, solved: number, m: MedalCounts): Medal | null => {
  // Like the board's awards, a team without a solved problem takes none.
  if (rank === null || solved === 0) return null;
  if (rank <= m.gold) return 'gold';
  if (rank <= m.gold + m.silver) return 'silver';
  if (rank <= m.gold + m.silver + m.bronze) return 'bronze';
  return null;
};

/** Ranks (equal solved and penalty share one; star teams take none) and the medals of finalized teams. */
const rerank = (teams: ScrollTeam[], medals: MedalCounts): ScrollTeam[] => {
  let place = 0;
  let prev: ScrollTeam | undefined;
  return teams.map((t) => {
    if (t.star) return { ...t, rank: null, medal: null };
    place += 1;
    const rank =
      prev && prev.rank !== null && prev.solved === t.solved && prev.penaltyS === t.penaltyS ? prev.rank : place;
    const next = { ...t, rank, medal: t.finalized ? medalFor(rank, t.solved, medals) : null };
    prev = next;
    return next;
  });
};

const firstAcTimes = (teams: ScrollTeam[]) => {
  const first: Record<string, number> = {};
  for (const t of teams) {
    if (t.star) continue;
    for (const c of t.cells) {
      if (c.state !== 'ac' || c.acTimeS === null) continue;
      const best = first[c.displayId];
      if (best === undefined || c.acTimeS < best) first[c.displayId] = c.acTimeS;
    }
  }
  return first;
};

const build = (
  info: ScrollBoardInfo,
  submissions: ScrollBoardSubmission[],
  medals: MedalCounts,
  sealed: boolean,
): ScrollBoardState => {
  const problems = [...info.problemList].sort((a, b) => compareDisplayId(a.displayId, b.displayId));
  const durationS = secondsSince(info.startTime, info.endTime);
  const sealS = sealed && info.sealRankTime ? secondsSince(info.startTime, info.sealRankTime) : null;
  const stars = new Set(info.starUserList);
  const known = new Set(problems.map((p) => p.displayId));

  const byTeam = new Map<string, { sub: ScrollBoardSubmission; tries: Map<string, Try[]> }>();
  for (const sub of [...submissions].sort((a, b) => a.submitId - b.submitId)) {
    const timeS = secondsSince(info.startTime, sub.submitTime);
    if (timeS < 0 || timeS >= durationS || !known.has(sub.displayId)) continue;
    let entry = byTeam.get(sub.uid);
    if (!entry) {
      entry = { sub, tries: new Map() };
      byTeam.set(sub.uid, entry);
    }
    const list = entry.tries.get(sub.displayId) ?? [];
    list.push({ submitId: sub.submitId, timeS, status: sub.status });
    entry.tries.set(sub.displayId, list);
  }

  const teams = [...byTeam.values()]
    .map(({ sub, tries }) =>
      withTotals({
        uid: sub.uid,
        username: sub.username,
        nickname: sub.nickname,
        realname: sub.realname,
        school: sub.school,
        star: stars.has(sub.username),
        solved: 0,
        penaltyS: 0,
        cells: problems.map((p) => frozenCell(p.displayId, tries.get(p.displayId) ?? [], sealS)),
        rank: null,
        finalized: false,
        medal: null,
      }),
    )
    .sort(compareTeams);

  // Without anything hidden there is nothing to reveal: the board is final at once.
  const anyPending = teams.some((t) => t.cells.some((c) => c.state === 'pending'));
  const ordered = rerank(anyPending ? teams : teams.map((t) => ({ ...t, finalized: true })), medals);
  return {
    problems,
    teams: ordered,
    cursor: anyPending ? ordered.length - 1 : -1,
    medals,
    firstAcS: firstAcTimes(ordered),
    last: null,
    finished: !anyPending,
  };
};

/** The board frozen at the seal, the cursor on the last team. A contest without a seal reveals nothing. */
export const buildScrollBoard = (info: ScrollBoardInfo, submissions: ScrollBoardSubmission[], medals: MedalCounts) =>
  build(info, submissions, medals, true);

/** The board as every submission says, every team final: what the reveal must end with. */
export const buildFinalBoard = (info: ScrollBoardInfo, submissions: ScrollBoardSubmission[], medals: MedalCounts) =>
  build(info, submissions, medals, false);

/** One step: the leftmost pending cell of the cursor's team is revealed (an AC moves the team up to its place);
 * a team with nothing pending is finalized, receives its medal and the cursor moves up. */
export const stepScrollBoard = (state: ScrollBoardState): ScrollBoardState => {
  if (state.finished || state.cursor < 0) return state;
  const team = state.teams[state.cursor];
  if (!team) return state;
  const index = team.cells.findIndex((c) => c.state === 'pending');

  if (index < 0) {
    const teams = rerank(
      state.teams.map((t, i) => (i === state.cursor ? { ...t, finalized: true } : t)),
      state.medals,
    );
    const cursor = state.cursor - 1;
    const finalized = teams[state.cursor];
    return {
      ...state,
      teams,
      cursor,
      finished: cursor < 0,
      last: { kind: 'finalize', uid: team.uid, medal: finalized?.medal ?? null },
    };
  }

  const pending = team.cells[index] as ScrollCell;
  const cell = revealedCell(pending.displayId, pending.tries);
  const revealed = withTotals({ ...team, cells: team.cells.map((c, i) => (i === index ? cell : c)) });
  // Only the revealed team changes, and only for the better: a stable sort moves it up past the teams it beats.
  const teams = rerank(state.teams.map((t, i) => (i === state.cursor ? revealed : t)).sort(compareTeams), state.medals);
  return {
    ...state,
    teams,
    firstAcS: firstAcTimes(teams),
    last: { kind: 'reveal', uid: team.uid, displayId: cell.displayId, result: cell.state === 'ac' ? 'ac' : 'wrong' },
  };
};

/** Steps until the end (tests, and a "skip to the end" key). */
export const runToEnd = (state: ScrollBoardState, limit = 1_000_000): ScrollBoardState => {
  let s = state;
  for (let i = 0; i < limit && !s.finished; i += 1) s = stepScrollBoard(s);
  return s;
};

/** The name a team shows, per the contest's rankShowName. */
export const teamName = (t: Pick<ScrollTeam, 'username' | 'nickname' | 'realname'>, rankShowName: string) =>
  (rankShowName === 'realname' && t.realname) || (rankShowName === 'nickname' && t.nickname) || t.username;

/** Penalty as h:mm:ss. */
export const formatPenalty = (seconds: number) => {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
};

/** The medal counts the ceremony starts from: the contest's award tiers as its board hands them out (awardCounts, the
 * board's own rule: a number of people, or a percentage of the ranked participants rounded down), the first three by
 * priority as gold, silver and bronze; a contest without awards starts from the default tiers, 10 %, 20 % and 30 %. */
export const initialMedalCounts = (c: Pick<Contest, 'awardType' | 'awardConfigList'>, ranked: number): MedalCounts => {
  const own = awardCounts(c.awardType, c.awardConfigList, ranked);
  const tiers = own.length ? own : awardCounts(AWARD_TYPE.PROPORTION, defaultAwards('en-US'), ranked);
  const [gold = 0, silver = 0, bronze = 0] = tiers.map((t) => t.count);
  return { gold, silver, bronze };
};

/** Default medal counts: 10 %, 20 % and 30 % of the ranked participants, rounded down. */
export const defaultMedalCounts = (ranked: number): MedalCounts =>
  initialMedalCounts({ awardType: AWARD_TYPE.NONE, awardConfigList: [] }, ranked);
