import { awardCounts } from '@oj/shared';
import { nextTurn } from '../../lib/next-turn.js';
import {
  type AcmRow,
  type AwardConfig,
  type BoardCell,
  type BoardOptions,
  type BoardUser,
  type CellSummary,
  type OiRow,
  PENALTY_S,
} from './contest-ranking.js';

/** The contest scoreboard (HOJ's ACM and OI ranks), kept up to date cell by cell (decision
 * 0010). Built from every cell (rankAcm, rankOi below: a full recomputation); `update` then applies the cells that
 * changed since, and a unit test checks that the result equals a board built anew: the changed users'
 * rows are rebuilt and merged into the others (still in order), first blood recomputed for the problems touched,
 * and ranks and awards renumbered. A row object is never modified once built: a row whose rank, award or first
 * blood changes is replaced by a copy, so that the JSON kept per row object (contest.service.ts) stays right and a
 * request still holding the previous rows sees them unchanged. */

type Row = AcmRow | OiRow;

interface Kind<R extends Row> {
  acm: boolean;
  /** A user's row from the user's cells (problems in display order), first blood not set yet. */
  build(u: BoardUser, cells: Map<string, CellSummary>, order: string[]): R;
  compare(a: R, b: R): number;
  same(a: R, b: R): boolean;
  qualifies(r: R): boolean;
  copy(r: R): R;
}

/** A user's row with no award yet, field by field: spreading the user into the row literal instead costs ten times
 * as much (V8 builds spread objects on a slow path), and a board builds 5,000 rows at every recomputation. */
const newAcmRow = (u: BoardUser): AcmRow => ({
  uid: u.uid,
  username: u.username,
  nickname: u.nickname,
  realname: u.realname,
  school: u.school,
  gender: u.gender,
  avatar: u.avatar,
  rating: u.rating,
  isWinAward: false,
  awardName: null,
  awardBackground: null,
  awardColor: null,
  rank: 0,
  ac: 0,
  total: 0,
  totalTime: 0,
  submissionInfo: {},
});
const newOiRow = (u: BoardUser): OiRow => ({
  uid: u.uid,
  username: u.username,
  nickname: u.nickname,
  realname: u.realname,
  school: u.school,
  gender: u.gender,
  avatar: u.avatar,
  rating: u.rating,
  isWinAward: false,
  awardName: null,
  awardBackground: null,
  awardColor: null,
  rank: 0,
  totalScore: 0,
  totalTime: 0,
  submissionInfo: {},
  timeInfo: {},
});

const byName = (a: BoardUser, b: BoardUser) => (a.username < b.username ? -1 : a.username > b.username ? 1 : 0);

/** What an ACM and an OI row share besides the user: the award, the rank, the total time and the cells, copied
 * field by field from `r` onto a fresh row `c` (see newAcmRow). The cells object is shared, never modified. */
const copyPlace = <R extends Row>(c: R, r: R): R => {
  c.isWinAward = r.isWinAward;
  c.awardName = r.awardName;
  c.awardBackground = r.awardBackground;
  c.awardColor = r.awardColor;
  c.rank = r.rank;
  c.totalTime = r.totalTime;
  c.submissionInfo = r.submissionInfo;
  return c;
};

const acmKind = (opts: BoardOptions): Kind<AcmRow> => ({
  acm: true,
  build(u, cells, order) {
    const row = newAcmRow(u);
    for (const displayId of order) {
      const cell = cells.get(displayId);
      if (!cell) continue;
      const acTime = opts.sealed ? cell.sealedAcTimeS : cell.acTimeS;
      const errors = opts.sealed ? cell.sealedErrors : cell.errors;
      row.total += cell.total;
      row.submissionInfo[displayId] = {
        isAC: acTime !== null,
        isFirstAC: false,
        ACTime: acTime,
        errorNum: errors,
        tryNum: opts.sealed ? cell.sealedPending : cell.pending,
      };
      if (acTime !== null) {
        row.ac += 1;
        row.totalTime += acTime + errors * PENALTY_S;
      }
    }
    return row;
  },
  compare: (a, b) => b.ac - a.ac || a.totalTime - b.totalTime || byName(a, b),
  same: (a, b) => a.ac === b.ac && a.totalTime === b.totalTime,
  qualifies: (r) => r.ac > 0,
  copy(r) {
    const c = copyPlace(newAcmRow(r), r);
    c.ac = r.ac;
    c.total = r.total;
    return c;
  },
});

const oiKind = (opts: BoardOptions & { scoreType: 'Recent' | 'Highest' }): Kind<OiRow> => ({
  acm: false,
  build(u, cells, order) {
    const row = newOiRow(u);
    for (const displayId of order) {
      const cell = cells.get(displayId);
      if (!cell) continue;
      const score =
        opts.scoreType === 'Highest'
          ? opts.sealed
            ? cell.sealedScoreHighest
            : cell.scoreHighest
          : opts.sealed
            ? cell.sealedScoreRecent
            : cell.scoreRecent;
      const runMs = opts.sealed ? cell.sealedAcMinRunMs : cell.acMinRunMs;
      if (score === null) continue;
      row.submissionInfo[displayId] = score;
      row.totalScore += score;
      if (runMs !== null) {
        row.timeInfo[displayId] = runMs;
        row.totalTime += runMs;
      }
    }
    return row;
  },
  compare: (a, b) => b.totalScore - a.totalScore || a.totalTime - b.totalTime || byName(a, b),
  same: (a, b) => a.totalScore === b.totalScore && a.totalTime === b.totalTime,
  qualifies: (r) => r.totalScore > 0,
  copy(r) {
    const c = copyPlace(newOiRow(r), r);
    c.totalScore = r.totalScore;
    c.timeInfo = r.timeInfo;
    return c;
  },
});

/** How many users (rows) a step of a board's full build handles: a few milliseconds (LiveBoard.build). */
const STEP = 2000;
/** Runs every step of a build at once. */
const drain = (steps: Generator<void>) => {
  while (!steps.next().done);
};

/** Two lists sorted by `compare`, merged into one. */
const merge = <R>(a: R[], b: R[], compare: (x: R, y: R) => number): R[] => {
  if (b.length === 0) return a;
  const out: R[] = new Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = compare(a[i], b[j]) <= 0 ? a[i++] : b[j++];
  while (i < a.length) out[k++] = a[i++];
  while (j < b.length) out[k++] = b[j++];
  return out;
};

export class LiveBoard<R extends Row = Row> {
  rows: R[] = [];
  byUid = new Map<string, R>();
  private readonly users = new Map<string, BoardUser>();
  private readonly cells = new Map<string, Map<string, CellSummary>>();
  /** The problems that have cells, in display order (each row lists its problems in this order). */
  private order: string[] = [];
  /** ACM: per problem the earliest accept time among non-star rows. */
  private readonly firstAc = new Map<string, number>();

  constructor(
    private readonly kind: Kind<R>,
    private readonly opts: BoardOptions,
    users: BoardUser[],
    cells: BoardCell[],
  ) {
    drain(this.fill(users, cells));
  }

  /** The same board built a step at a time, the event loop let run between steps (`pause`): a full recomputation of
   * a board of 20,000 users took about 0.3 s of one piece, in which the server answered nobody. */
  static async build<R extends Row>(
    kind: Kind<R>,
    opts: BoardOptions,
    users: BoardUser[],
    cells: BoardCell[],
    pause: () => Promise<void> = nextTurn,
  ): Promise<LiveBoard<R>> {
    const board = new LiveBoard(kind, opts, [], []);
    for (const steps = board.fill(users, cells); !steps.next().done; ) await pause();
    return board;
  }

  /** Builds the board from every cell into an empty one, in steps of about `STEP` users (ten times as many cells). */
  private *fill(users: BoardUser[], cells: BoardCell[]): Generator<void> {
    const { kind } = this;
    const problems = new Set<string>();
    for (let i = 0; i < cells.length; i++) {
      if (i > 0 && i % (STEP * 10) === 0) yield;
      const c = cells[i];
      problems.add(c.displayId);
      let mine = this.cells.get(c.uid);
      if (!mine) {
        mine = new Map();
        this.cells.set(c.uid, mine);
      }
      mine.set(c.displayId, c.cell);
    }
    this.order = [...problems].sort();
    const fresh = new Set<R>();
    for (let i = 0; i < users.length; i++) {
      if (i > 0 && i % STEP === 0) yield;
      const u = users[i];
      this.users.set(u.uid, u);
      const row = kind.build(u, this.cells.get(u.uid) ?? new Map(), this.order);
      this.rows.push(row);
      fresh.add(row);
    }
    yield;
    this.rows.sort(kind.compare);
    if (kind.acm) this.recomputeFirstAc(this.order);
    yield* this.finish(fresh, new Set(this.order));
  }

  /** How many rows the last update replaced (rebuilt or copied). */
  replaced = 0;

  /** Applies changed cells (total 0: the cell is gone) and the current profiles of their users. A user left
   * without cells leaves the board; a cell of a user without a profile (neither known nor given) is ignored. */
  update(users: BoardUser[], cells: BoardCell[]) {
    drain(this.updateSteps(users, cells));
  }

  /** The same update a step at a time, the event loop let run between steps (`pause`): at 20,000 rows an update
   * re-ranks thousands of them. The rows and the index by uid read before it stay as they were meanwhile (the
   * update makes new ones), so a page answered between its steps shows the board before it. */
  async updateInSteps(users: BoardUser[], cells: BoardCell[], pause: () => Promise<void> = nextTurn) {
    for (const steps = this.updateSteps(users, cells); !steps.next().done; ) await pause();
  }

  private *updateSteps(users: BoardUser[], cells: BoardCell[]): Generator<void> {
    this.byUid = new Map(this.byUid);
    const given = new Map(users.map((u) => [u.uid, u]));
    const touched = new Set<string>();
    const problems = new Set<string>();
    let newProblem = false;
    for (const c of cells) {
      touched.add(c.uid);
      problems.add(c.displayId);
      let mine = this.cells.get(c.uid);
      if (c.cell.total === 0) {
        mine?.delete(c.displayId);
        continue;
      }
      if (!mine) {
        mine = new Map();
        this.cells.set(c.uid, mine);
      }
      mine.set(c.displayId, c.cell);
      if (!this.order.includes(c.displayId)) newProblem = true;
    }
    if (newProblem) this.order = [...new Set([...this.order, ...problems])].sort();
    const fresh = new Set<R>();
    // The rows kept are still in order: the rebuilt ones are merged in, not the whole board sorted again.
    const kept = this.rows.filter((r) => !touched.has(r.uid));
    const replacedRows: R[] = [];
    const rebuilt: R[] = [];
    for (const uid of touched) {
      const mine = this.cells.get(uid);
      const u = given.get(uid) ?? this.users.get(uid);
      const old = this.byUid.get(uid);
      if (old) replacedRows.push(old);
      this.byUid.delete(uid);
      if (!mine || mine.size === 0 || !u) {
        this.cells.delete(uid);
        this.users.delete(uid);
        continue;
      }
      this.users.set(uid, u);
      const row = this.kind.build(u, mine, this.order);
      rebuilt.push(row);
      fresh.add(row);
    }
    yield;
    this.rows = merge(kept, rebuilt.sort(this.kind.compare), this.kind.compare);
    const changedFirst = this.kind.acm ? this.moveFirstAc(problems, replacedRows, rebuilt) : new Set<string>();
    this.replaced = fresh.size;
    yield;
    yield* this.finish(fresh, changedFirst);
  }

  /** First blood after an update that replaced the rows `before` with `after` (the changed users' rows), for the
   * problems whose cells changed; returns those whose first accept time changed. The earliest accept time moves
   * only by the changed rows: earlier when one of them is earlier, and later only when a row that held it (or tied
   * with it) holds it no more, the one case that looks at every row again. Looking at every row for every update
   * took about 60 ms at 20,000 rows, the server answering nobody meanwhile. */
  private moveFirstAc(problems: Set<string>, before: R[], after: R[]) {
    const stars = this.opts.starUsernames;
    const acTime = (r: R | undefined, p: string) => (r as AcmRow | undefined)?.submissionInfo[p]?.ACTime ?? undefined;
    const afterByUid = new Map(after.map((r) => [r.uid, r]));
    const changed = new Set<string>();
    const again: string[] = [];
    for (const p of problems) {
      const first = this.firstAc.get(p);
      const lost = before.some((r) => {
        if (first === undefined || stars.has(r.username) || acTime(r, p) !== first) return false;
        const now = afterByUid.get(r.uid);
        // Gone from the board, its time changed, or renamed into the star list.
        return !now || stars.has(now.username) || acTime(now, p) !== first;
      });
      if (lost) {
        again.push(p);
        continue;
      }
      let best = first;
      for (const r of after) {
        if (stars.has(r.username)) continue;
        const t = acTime(r, p);
        if (t !== undefined && (best === undefined || t < best)) best = t;
      }
      if (best !== undefined && best !== first) {
        this.firstAc.set(p, best);
        changed.add(p);
      }
    }
    for (const p of this.recomputeFirstAc(again)) changed.add(p);
    return changed;
  }

  /** Recomputes first blood for the given problems from every row; returns those whose first accept time changed. */
  private recomputeFirstAc(problems: string[]) {
    const stars = this.opts.starUsernames;
    const best = new Map<string, number>();
    for (const r of this.rows as AcmRow[]) {
      if (stars.has(r.username)) continue;
      for (const p of problems) {
        const t = r.submissionInfo[p]?.ACTime;
        if (t === null || t === undefined) continue;
        const b = best.get(p);
        if (b === undefined || t < b) best.set(p, t);
      }
    }
    const changed = new Set<string>();
    for (const p of problems) {
      const t = best.get(p);
      if (t === this.firstAc.get(p)) continue;
      changed.add(p);
      if (t === undefined) this.firstAc.delete(p);
      else this.firstAc.set(p, t);
    }
    return changed;
  }

  /** First blood (ACM), ranks and awards: fresh rows are set in place, others copied when anything differs; in steps
   * of `STEP` rows. */
  private *finish(fresh: Set<R>, firstChanged: Set<string>): Generator<void> {
    const { kind, opts } = this;
    const stars = opts.starUsernames;
    const tiers = this.awardTiers();
    let tier = 0;
    let awarding = tiers.length > 0;
    let place = 0;
    let prev: R | undefined;
    let prevRank = 0;
    const rows = this.rows;
    for (let i = 0; i < rows.length; i++) {
      if (i > 0 && i % STEP === 0) yield;
      let row = rows[i];
      const owned = fresh.has(row);
      if (kind.acm && (owned || firstChanged.size > 0)) {
        row = this.markFirst(row, owned ? this.order : firstChanged, owned);
      }
      const star = stars.has(row.username);
      let rank = -1;
      let award: AwardConfig | undefined;
      if (!star) {
        place += 1;
        rank = prev && kind.same(prev, row) ? prevRank : place;
        prev = row;
        prevRank = rank;
        if (awarding && kind.qualifies(row)) {
          award = tiers[tier];
          tiers[tier].left -= 1;
          if (tiers[tier].left === 0) tier += 1;
          if (tier >= tiers.length) awarding = false;
        } else awarding = false;
      }
      if (
        row.rank !== rank ||
        row.isWinAward !== !!award ||
        row.awardName !== (award?.name ?? null) ||
        row.awardBackground !== (award?.background ?? null) ||
        row.awardColor !== (award?.color ?? null)
      ) {
        if (!owned && row === rows[i]) row = kind.copy(row);
        row.rank = rank;
        row.isWinAward = !!award;
        row.awardName = award?.name ?? null;
        row.awardBackground = award?.background ?? null;
        row.awardColor = award?.color ?? null;
      }
      if (row !== rows[i]) {
        rows[i] = row;
        if (!owned) this.replaced += 1;
      }
      this.byUid.set(row.uid, row);
    }
  }

  /** Sets isFirstAC of the given problems; a row not owned is copied (with its submissionInfo) if one changes. */
  private markFirst(row: R, problems: Iterable<string>, owned: boolean): R {
    const stars = this.opts.starUsernames;
    let out = row as unknown as AcmRow;
    let copied = owned;
    for (const p of problems) {
      const info = out.submissionInfo[p];
      if (!info) continue;
      const first = info.ACTime !== null && this.firstAc.get(p) === info.ACTime && !stars.has(out.username);
      if (first === info.isFirstAC) continue;
      if (!copied) {
        out = (this.kind as unknown as Kind<AcmRow>).copy(out);
        const infos: AcmRow['submissionInfo'] = {};
        for (const k in out.submissionInfo) infos[k] = out.submissionInfo[k];
        out.submissionInfo = infos;
        copied = true;
      }
      out.submissionInfo[p] = { ...info, isFirstAC: first };
    }
    return out as unknown as R;
  }

  /** The tiers still to hand out, by the shared rule (awardCounts: the scroll board's medals start from it too). */
  private awardTiers() {
    const { opts } = this;
    if (opts.awardType !== 1 && opts.awardType !== 2) return [];
    let ranked = 0;
    for (const r of this.rows) if (!opts.starUsernames.has(r.username)) ranked += 1;
    return awardCounts(opts.awardType, opts.awards, ranked)
      .map(({ count, ...a }) => ({ ...a, left: count }))
      .filter((a) => a.left > 0);
  }
}

export const acmBoard = (users: BoardUser[], cells: BoardCell[], opts: BoardOptions) =>
  new LiveBoard<AcmRow>(acmKind(opts), opts, users, cells);

export const oiBoard = (
  users: BoardUser[],
  cells: BoardCell[],
  opts: BoardOptions & { scoreType: 'Recent' | 'Highest' },
) => new LiveBoard<OiRow>(oiKind(opts), opts, users, cells);

/** The same boards built a step at a time, letting the server answer requests between steps (LiveBoard.build). */
export const acmBoardInSteps = (
  users: BoardUser[],
  cells: BoardCell[],
  opts: BoardOptions,
  pause?: () => Promise<void>,
) => LiveBoard.build<AcmRow>(acmKind(opts), opts, users, cells, pause);

export const oiBoardInSteps = (
  users: BoardUser[],
  cells: BoardCell[],
  opts: BoardOptions & { scoreType: 'Recent' | 'Highest' },
  pause?: () => Promise<void>,
) => LiveBoard.build<OiRow>(oiKind(opts), opts, users, cells, pause);

/** The ACM board of these cells, built at once (a full recomputation): AC count desc, total time asc, then the
 * username; first blood is the earliest accept time per problem among non-star users (equal times all count);
 * sealed views show tries during the seal as pending. */
export const rankAcm = (users: BoardUser[], cells: BoardCell[], opts: BoardOptions): AcmRow[] =>
  acmBoard(users, cells, opts).rows;

/** The OI board of these cells, built at once: total score desc, then total time asc; the counted score per problem
 * is the latest judged try (Recent) or the best one (Highest). */
export const rankOi = (
  users: BoardUser[],
  cells: BoardCell[],
  opts: BoardOptions & { scoreType: 'Recent' | 'Highest' },
): OiRow[] => oiBoard(users, cells, opts).rows;
