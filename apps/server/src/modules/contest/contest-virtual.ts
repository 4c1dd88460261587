import { durationS } from './contest.mapper.js';
import type { ContestRepository, ContestRow, VirtualRunRow } from './contest.repository.js';
import { rankBoard } from './contest-board-cache.js';
import { type BoardCell, type ContestTry, summarizeCell } from './contest-ranking.js';

/** Seconds from the start of a contest (or a run) to a submission, as the board's cells count them. */
const secondsSince = (start: Date, at: Date) => Math.floor((at.getTime() - start.getTime()) / 1000);

/** The contest's seal, in seconds from its start (null: none). */
export const sealSeconds = (c: ContestRow) =>
  c.sealRank === 1 && c.sealRankTime ? secondsSince(c.startTime, c.sealRankTime) : null;

/**
 * A board with virtual participants (decision 0051), ranked from the submissions by the board's own rules
 * (`summarizeCell`, `rankBoard`): the real participants' tries made up to `atMs` into the contest (the whole contest
 * when null), each run's own tries on its own clock, cut at the same time. A run's user is ranked by the run
 * alone: his live tries, if any, are left out. Rows of runs are marked `virtual`.
 */
export const virtualBoard = async (
  repo: ContestRepository,
  c: ContestRow,
  o: { atMs: number | null; sealed: boolean; runs: VirtualRunRow[]; excludedUids: string[] },
) => {
  // The cells count whole seconds: the second under way is in (a try made in it is there), a later one is not.
  const cut = o.atMs === null ? durationS(c) : Math.floor(o.atMs / 1000) + 1;
  const end = o.atMs === null ? c.endTime : new Date(c.startTime.getTime() + o.atMs + 1);
  const excluded = new Set(o.excludedUids);
  const runs = o.runs.filter((r) => !excluded.has(r.uid));
  const virtualUids = new Set(runs.map((r) => r.uid));
  const [real, replayed, problems] = await Promise.all([
    repo.tries({
      window: {
        cid: c.id,
        start: c.startTime,
        end,
        excludedUids: o.excludedUids,
      },
    }),
    repo.tries({ cid: c.id, vrids: runs.map((r) => r.id) }),
    repo.problems(c.id),
  ]);
  const displayIds = new Map(problems.map((p) => [p.cp.id, p.cp.displayId]));
  const cpids = new Map(problems.map((p) => [p.cp.displayId, p.cp.id]));
  const runStart = new Map(runs.map((r) => [r.id, r.startTime]));
  const byCell = new Map<string, { uid: string; displayId: string; tries: ContestTry[] }>();
  const add = (t: (typeof real)[number], start: Date) => {
    const displayId = displayIds.get(t.cpid);
    if (!displayId) return;
    const key = `${t.uid}\n${displayId}`;
    let cell = byCell.get(key);
    if (!cell) {
      cell = { uid: t.uid, displayId, tries: [] };
      byCell.set(key, cell);
    }
    cell.tries.push({
      submitId: t.submitId,
      timeS: secondsSince(start, t.submitTime),
      status: t.status,
      score: t.score,
      runMs: t.timeMs,
    });
  };
  for (const t of real) if (!virtualUids.has(t.uid)) add(t, c.startTime);
  for (const t of replayed) {
    const start = t.vrid === null ? undefined : runStart.get(t.vrid);
    if (start) add(t, start);
  }
  const window = { durationS: cut, sealS: sealSeconds(c) };
  const cells: BoardCell[] = [];
  // Each problem's solvers and tries as the problem list counts them (contest.repository.ts problemCounts).
  const counts = new Map<number, { ac: number; total: number }>();
  for (const { uid, displayId, tries } of byCell.values()) {
    const cell = summarizeCell(tries, window);
    if (cell.total === 0) continue;
    cells.push({ uid, displayId, cell });
    const cpid = cpids.get(displayId) as number;
    const count = counts.get(cpid) ?? { ac: 0, total: 0 };
    count.ac += cell.acTimeS === null ? 0 : 1;
    count.total += cell.total;
    counts.set(cpid, count);
  }
  const users = await repo.boardUsers([...new Set(cells.map((x) => x.uid))]);
  const board = await rankBoard(c, o.sealed, users, cells);
  for (const row of board.rows) if (virtualUids.has(row.uid)) row.virtual = true;
  return { rows: board.rows, byUid: board.byUid, counts };
};

/** A run as its user reads it at `now`. */
export const toVirtualRun = (r: VirtualRunRow, now: Date) => ({
  cid: r.cid,
  startTime: r.startTime.toISOString(),
  endTime: r.endTime.toISOString(),
  live: r.live === 1,
  running: now < r.endTime,
});
