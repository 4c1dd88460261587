import type { ContestRepository, ContestRow } from './contest.repository.js';
import { acmBoardInSteps, type LiveBoard, oiBoardInSteps } from './contest-board.js';
import type { AcmRow, BoardCell, BoardUser, OiRow } from './contest-ranking.js';

/** A board computed for one contest and view; reused while the contest's board version and settings stand, and
 * brought up to date cell by cell (decision 0010) when the version moves. */
export interface CachedBoard {
  version: number;
  modified: number;
  at: number;
  /** When the board was last computed from every cell. */
  fullAt: number;
  rows: (AcmRow | OiRow)[];
  /** Pinned rows (the viewer, followed users) are looked up here, not searched for. */
  byUid: ReadonlyMap<string, AcmRow | OiRow>;
  live: LiveBoard;
  /** The contest problems and excluded users the board was made with: when they change, a full recomputation. */
  problemsKey: string;
  excludedKey: string;
}

/** How boards are kept (tests shorten them). Under a stream of verdicts a board is updated at most every
 * `recomputeMs` (the board stays current within 2 s). A board is recomputed from every cell at least every
 * `fullMs`, in the background: what the cells do not show (a deleted user, a changed name or school) reaches the
 * board within that time. More than `maxChangedCells` cells changed since the cached version: a full
 * recomputation is as cheap. */
export const boardTiming = { recomputeMs: 1000, fullMs: 60_000, maxChangedCells: 2000 };
/** How many boards were computed from every cell and how many updated from the changed cells (tests read it). */
export const boardCounts = { full: 0, incremental: 0 };

/** Each board row's JSON, made the first time a page shows the row: a cached board's rows never change, so a
 * page is the join of the JSON of its rows instead of a serialisation of ~1,000 values per row. */
const rowJson = new WeakMap<object, string>();
/** A row's JSON before its award fields and after its rank, by the row's submissionInfo: a row that an update
 * copies because only its rank or award changed (contest-board.ts) keeps its submissionInfo and every other field,
 * so only the few fields between are made again (an update moves thousands of rows by a place or two). In JSON
 * text `,"` never occurs inside a string (quotes are escaped), so the first `,"isWinAward":` is the key. */
const rowParts = new WeakMap<object, [string, string]>();
export const boardRowJson = (row: AcmRow | OiRow) => {
  let json = rowJson.get(row);
  if (json !== undefined) return json;
  const parts = rowParts.get(row.submissionInfo);
  if (parts) {
    json = `${parts[0]},"isWinAward":${row.isWinAward},"awardName":${JSON.stringify(row.awardName)},"awardBackground":${JSON.stringify(row.awardBackground)},"awardColor":${JSON.stringify(row.awardColor)},"rank":${row.rank}${parts[1]}`;
  } else {
    json = JSON.stringify(row);
    const award = json.indexOf(',"isWinAward":');
    const rank = json.indexOf(',"rank":', award);
    const end = json.indexOf(',', rank + 8);
    if (award > 0 && rank > 0 && end > 0) rowParts.set(row.submissionInfo, [json.slice(0, award), json.slice(end)]);
  }
  rowJson.set(row, json);
  return json;
};

/** A row's JSON without the real name, for a viewer the real-name rule withholds it from (contest-access.ts,
 * showsRealNames; decision 0043): the same keys in the same order, made once per row as `boardRowJson` makes the
 * full one. */
const rowJsonWithoutRealName = new WeakMap<object, string>();
export const boardRowJsonWithoutRealName = (row: AcmRow | OiRow) => {
  let json = rowJsonWithoutRealName.get(row);
  if (json === undefined) {
    json = JSON.stringify({ ...row, realname: null });
    rowJsonWithoutRealName.set(row, json);
  }
  return json;
};

/** A contest's board settings for one view (sealed or not). */
export const boardOptions = (c: ContestRow, sealed: boolean) => ({
  sealed,
  starUsernames: new Set(c.starAccount),
  awardType: c.awardType,
  awards: c.awardConfig,
});

/** The board of a contest's users and cells in one view: ACM, or OI by the contest's score rule; built a step at a
 * time (LiveBoard.build), the server answering requests between the steps. */
export const rankBoard = (c: ContestRow, sealed: boolean, users: BoardUser[], cells: BoardCell[]) => {
  const opts = boardOptions(c, sealed);
  return c.type === 1
    ? oiBoardInSteps(users, cells, { ...opts, scoreType: oiScoreType(c) })
    : acmBoardInSteps(users, cells, opts);
};

const oiScoreType = (c: ContestRow) => (c.oiRankScoreType === 'Highest' ? 'Highest' : 'Recent');

/** The boards of the contests, kept per contest and view (sealed or not) for the life of the process. */
export const createBoardCache = (deps: {
  repo: ContestRepository;
  /** The users never ranked (root, the creator). */
  excludedUids: (c: ContestRow) => Promise<string[]>;
}) => {
  const { repo, excludedUids } = deps;
  const boards = new Map<string, CachedBoard>();
  const recomputing = new Map<string, Promise<CachedBoard>>();

  /** The board's context: the problems' display ids and the users never ranked (root, the creator). */
  const boardContext = async (c: ContestRow) => {
    const [problems, excluded] = await Promise.all([repo.problems(c.id), excludedUids(c)]);
    return {
      displayIds: new Map(problems.map((p) => [p.cp.id, p.cp.displayId])),
      skip: new Set(excluded),
      problemsKey: problems.map((p) => `${p.cp.id}:${p.cp.displayId}`).join(','),
      excludedKey: [...new Set(excluded)].sort().join(','),
    };
  };

  const toBoardCells = (
    cells: { uid: string; cpid: number; cell: BoardCell['cell'] }[],
    ctx: { displayIds: Map<number, string>; skip: Set<string> },
  ) => {
    const out: BoardCell[] = [];
    for (const row of cells) {
      const displayId = ctx.displayIds.get(row.cpid);
      if (!displayId || ctx.skip.has(row.uid)) continue;
      out.push({ uid: row.uid, displayId, cell: row.cell });
    }
    return out;
  };

  /** Every cell of the board's view, ranked from scratch. */
  const computeBoard = async (c: ContestRow, sealed: boolean, t: number): Promise<CachedBoard> => {
    const [read, everyone, ctx] = await Promise.all([
      repo.boardCells(c.id, { sealed, oi: c.type === 1 }),
      repo.boardUsersOf(c.id),
      boardContext(c),
    ]);
    boardCounts.full += 1;
    const boardCells = toBoardCells(read.cells, ctx);
    const onBoard = new Set(boardCells.map((x) => x.uid));
    const users = everyone.filter((u) => onBoard.has(u.uid));
    const live: LiveBoard = await rankBoard(c, sealed, users, boardCells);
    return {
      version: Math.max(c.boardVersion, read.version),
      modified: c.gmtModified.getTime(),
      at: t,
      fullAt: t,
      rows: live.rows,
      byUid: live.byUid,
      live,
      problemsKey: ctx.problemsKey,
      excludedKey: ctx.excludedKey,
    };
  };

  /** The cached board brought to the current version from the cells stamped since its version; a full
   * recomputation when the problems or the excluded users changed, or too many cells did. */
  const updateBoard = async (c: ContestRow, sealed: boolean, from: CachedBoard, t: number): Promise<CachedBoard> => {
    const [read, ctx] = await Promise.all([
      repo.boardCells(c.id, { sealed, oi: c.type === 1, since: from.version }),
      boardContext(c),
    ]);
    if (
      ctx.problemsKey !== from.problemsKey ||
      ctx.excludedKey !== from.excludedKey ||
      read.cells.length > boardTiming.maxChangedCells
    ) {
      return computeBoard(c, sealed, t);
    }
    boardCounts.incremental += 1;
    const cells = toBoardCells(read.cells, ctx);
    const uids = [...new Set(cells.filter((x) => x.cell.total > 0).map((x) => x.uid))];
    const users = await repo.boardUsers(uids);
    await from.live.updateInSteps(users, cells);
    return {
      ...from,
      version: Math.max(c.boardVersion, read.version, from.version),
      at: t,
      rows: from.live.rows,
      byUid: from.live.byUid,
    };
  };

  /** The cached board when its version is current, or younger than boardTiming.recomputeMs; force skips the cache.
   * A stale board is brought up to date once, by the first request that notices, which waits for it; the others
   * get the stale rows meanwhile, so a burst of refreshes after a verdict costs one update, not one each. A board
   * last computed in full boardTiming.fullMs ago is recomputed in the background (the current rows meanwhile). */
  const board = async (c: ContestRow, sealed: boolean, force: boolean): Promise<CachedBoard> => {
    const key = `${c.id}:${sealed}`;
    const modified = c.gmtModified.getTime();
    const cached = boards.get(key);
    const t = Date.now();
    // Changed settings (star users, awards...) or a forced refresh wait for a fresh board; new verdicts need not.
    const usable = !force && cached?.modified === modified ? cached : undefined;
    const current = !!usable && (usable.version >= c.boardVersion || t - usable.at < boardTiming.recomputeMs);
    const due = !!usable && t - usable.fullAt >= boardTiming.fullMs;
    if (usable && current && !due) return usable;
    const keep = (next: Promise<CachedBoard>) =>
      next.then((fresh) => {
        // A slower recomputation does not replace a newer board (a forced one, say).
        const now = boards.get(key);
        if (!now || now.modified !== fresh.modified || now.version <= fresh.version) boards.set(key, fresh);
        return fresh;
      });
    if (force) return keep(computeBoard(c, sealed, t));
    // Someone is already recomputing: the stale rows meanwhile. Else the first to notice waits for fresh ones.
    const running = recomputing.get(key);
    if (running) return usable ?? running;
    const next = keep(usable && !due ? updateBoard(c, sealed, usable, t) : computeBoard(c, sealed, t));
    recomputing.set(key, next);
    const done = () => recomputing.delete(key);
    next.then(done, done);
    return usable && current ? usable : next;
  };

  return { board, computeBoard };
};
