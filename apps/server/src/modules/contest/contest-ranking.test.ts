import { JUDGE_STATUS as S } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { rankAcm, rankOi } from './contest-board.js';
import {
  type AwardConfig,
  type BoardCell,
  type BoardUser,
  type ContestTry,
  pageBoard,
  summarizeCell,
} from './contest-ranking.js';

const HOUR = 3600;
const user = (name: string, extra: Partial<BoardUser> = {}): BoardUser => ({
  uid: `uid-${name}`,
  username: name,
  nickname: null,
  realname: null,
  school: null,
  gender: null,
  avatar: null,
  rating: null,
  ...extra,
});

let nextId = 1;
/** Builds tries from [minute, status, score?, runMs?] tuples in submission order. */
const tries = (...list: [number, number, number?, number?][]): ContestTry[] =>
  list.map(([minute, status, score, runMs]) => ({
    submitId: nextId++,
    timeS: minute * 60,
    status,
    score: score ?? null,
    runMs: runMs ?? null,
  }));

/** A contest of `durationS` with an optional seal: every history summarised into board cells. */
const board = (
  histories: Record<string, Record<string, ContestTry[]>>,
  window: { durationS: number; sealS: number | null } = { durationS: 5 * HOUR, sealS: null },
): BoardCell[] =>
  Object.entries(histories).flatMap(([name, problems]) =>
    Object.entries(problems).map(([displayId, t]) => ({
      uid: `uid-${name}`,
      displayId,
      cell: summarizeCell(t, window),
    })),
  );

const noAwards = { awardType: 0, awards: [] as AwardConfig[] };
const none = new Set<string>();

describe('ACM ranking', () => {
  it('penalty is the accept time plus 20 minutes per rejected try before it; CE and SE are free', () => {
    const users = [user('alice'), user('bob')];
    const cells = board({
      alice: {
        A: tries([10, S.WRONG_ANSWER], [15, S.COMPILE_ERROR], [20, S.TIME_LIMIT_EXCEEDED], [30, S.ACCEPTED]),
        B: tries([40, S.SYSTEM_ERROR], [50, S.ACCEPTED], [55, S.WRONG_ANSWER]),
      },
      bob: { A: tries([5, S.ACCEPTED]), B: tries([6, S.WRONG_ANSWER]) },
    });
    const rows = rankAcm(users, cells, { sealed: false, starUsernames: none, ...noAwards });
    const alice = rows[0];
    expect(alice.username).toBe('alice');
    expect(alice.ac).toBe(2);
    // A: 30 min + 2 penalised tries (WA, TLE; CE free) = 70 min; B: 50 min (SE free, the WA after AC ignored).
    expect(alice.totalTime).toBe(30 * 60 + 2 * 1200 + 50 * 60);
    expect(alice.submissionInfo.A).toMatchObject({ isAC: true, ACTime: 1800, errorNum: 2, tryNum: 0 });
    expect(alice.submissionInfo.B).toMatchObject({ isAC: true, ACTime: 3000, errorNum: 0 });
    expect(alice.total).toBe(7);
    expect(rows[1]).toMatchObject({ username: 'bob', ac: 1, totalTime: 300, rank: 2 });
    expect(rows[1].submissionInfo.B).toMatchObject({ isAC: false, errorNum: 1 });
  });

  it('ties share a rank (1, 1, 3) and equal first-AC times are both first blood', () => {
    const users = [user('a'), user('b'), user('c')];
    const cells = board({
      a: { A: tries([10, S.ACCEPTED]) },
      b: { A: tries([10, S.ACCEPTED]) },
      c: { A: tries([11, S.ACCEPTED]) },
    });
    const rows = rankAcm(users, cells, { sealed: false, starUsernames: none, ...noAwards });
    expect(rows.map((r) => r.rank)).toEqual([1, 1, 3]);
    expect(rows.map((r) => r.submissionInfo.A.isFirstAC)).toEqual([true, true, false]);
  });

  it('star users rank -1, take no place, and never take first blood or an award', () => {
    const users = [user('star'), user('x'), user('y')];
    const cells = board({
      star: { A: tries([1, S.ACCEPTED]) },
      x: { A: tries([5, S.ACCEPTED]) },
      y: { A: tries([9, S.ACCEPTED]) },
    });
    const awards = [{ priority: 1, name: 'Gold', background: '#f00', color: '#fff', num: 1 }];
    const rows = rankAcm(users, cells, { sealed: false, starUsernames: new Set(['star']), awardType: 2, awards });
    expect(rows.map((r) => [r.username, r.rank])).toEqual([
      ['star', -1],
      ['x', 1],
      ['y', 2],
    ]);
    expect(rows[0].submissionInfo.A.isFirstAC).toBe(false);
    expect(rows[1].submissionInfo.A.isFirstAC).toBe(true);
    expect(rows[0].isWinAward).toBe(false);
    expect(rows[1]).toMatchObject({ isWinAward: true, awardName: 'Gold' });
    expect(rows[2].isWinAward).toBe(false);
  });

  it('the sealed view counts only tries before the seal and shows later ones as pending', () => {
    const window = { durationS: 5 * HOUR, sealS: 4 * HOUR };
    const users = [user('p'), user('q')];
    const cells = board(
      {
        // p solves A before the seal and B during it: sealed, B is two pending tries.
        p: { A: tries([30, S.ACCEPTED]), B: tries([250, S.WRONG_ANSWER], [260, S.ACCEPTED]) },
        // q's WA before the seal stays visible; a try still judging before the seal is pending too.
        q: { A: tries([100, S.WRONG_ANSWER], [230, S.JUDGING]) },
      },
      window,
    );
    const sealed = rankAcm(users, cells, { sealed: true, starUsernames: none, ...noAwards });
    const p = sealed.find((r) => r.username === 'p');
    expect(p).toMatchObject({ ac: 1, totalTime: 1800 });
    expect(p?.submissionInfo.B).toMatchObject({ isAC: false, errorNum: 0, tryNum: 2 });
    const q = sealed.find((r) => r.username === 'q');
    expect(q?.submissionInfo.A).toMatchObject({ isAC: false, errorNum: 1, tryNum: 1 });

    const real = rankAcm(users, cells, { sealed: false, starUsernames: none, ...noAwards });
    expect(real.find((r) => r.username === 'p')).toMatchObject({ ac: 2, totalTime: 1800 + 260 * 60 + 1200 });
  });

  it('tries before the start or at the end do not count', () => {
    const cell = summarizeCell(
      [
        { submitId: 1, timeS: -5, status: S.WRONG_ANSWER, score: null, runMs: null },
        { submitId: 2, timeS: 3600, status: S.ACCEPTED, score: null, runMs: null },
      ],
      { durationS: 3600, sealS: null },
    );
    expect(cell).toMatchObject({ total: 0, acTimeS: null, errors: 0 });
  });
});

describe('OI ranking', () => {
  const histories = {
    // Last try 40 (Recent) but best 100 (Highest).
    r: { A: tries([10, S.ACCEPTED, 100, 50], [20, S.PARTIAL_ACCEPTED, 40, 30]) },
    h: { A: tries([10, S.PARTIAL_ACCEPTED, 70, 10]) },
  };
  const users = [user('r'), user('h')];

  it('Recent counts the latest judged try, even if lower', () => {
    const rows = rankOi(users, board(histories), {
      sealed: false,
      starUsernames: none,
      scoreType: 'Recent',
      ...noAwards,
    });
    expect(rows.map((r) => [r.username, r.totalScore])).toEqual([
      ['h', 70],
      ['r', 40],
    ]);
  });

  it('Highest counts the best try; total time sums the fastest accepted run', () => {
    const rows = rankOi(users, board(histories), {
      sealed: false,
      starUsernames: none,
      scoreType: 'Highest',
      ...noAwards,
    });
    expect(rows[0]).toMatchObject({ username: 'r', totalScore: 100, totalTime: 50, rank: 1 });
    expect(rows[0].submissionInfo).toEqual({ A: 100 });
    expect(rows[0].timeInfo).toEqual({ A: 50 });
    expect(rows[1]).toMatchObject({ username: 'h', totalScore: 70, totalTime: 0, rank: 2 });
  });

  it('equal score: less time ranks first; equal score and time share the rank', () => {
    const cells = board({
      a: { A: tries([1, S.ACCEPTED, 100, 20]) },
      b: { A: tries([1, S.ACCEPTED, 100, 10]) },
      c: { A: tries([1, S.ACCEPTED, 100, 20]) },
    });
    const rows = rankOi([user('a'), user('b'), user('c')], cells, {
      sealed: false,
      starUsernames: none,
      scoreType: 'Recent',
      ...noAwards,
    });
    expect(rows.map((r) => [r.username, r.rank])).toEqual([
      ['b', 1],
      ['a', 2],
      ['c', 2],
    ]);
  });

  it('a try still judging does not replace the latest judged score', () => {
    const cell = summarizeCell(tries([1, S.PARTIAL_ACCEPTED, 30], [2, S.JUDGING]), { durationS: HOUR, sealS: null });
    expect(cell.scoreRecent).toBe(30);
  });

  it('sealed OI uses only tries before the seal', () => {
    const cells = board(
      { a: { A: tries([10, S.PARTIAL_ACCEPTED, 30], [50, S.ACCEPTED, 100, 5]) } },
      {
        durationS: HOUR,
        sealS: 30 * 60,
      },
    );
    const rows = rankOi([user('a')], cells, { sealed: true, starUsernames: none, scoreType: 'Recent', ...noAwards });
    expect(rows[0].totalScore).toBe(30);
  });
});

describe('awards', () => {
  const many = Array.from({ length: 10 }, (_, i) => user(`u${i}`));
  const solved = (n: number) =>
    board(Object.fromEntries(many.slice(0, n).map((u, i) => [u.username, { A: tries([i + 1, S.ACCEPTED]) }])));
  const tiers: AwardConfig[] = [
    { priority: 1, name: 'Gold', background: '#e6bf25', color: '#fff', num: 10 },
    { priority: 2, name: 'Silver', background: '#b4b4b4', color: '#fff', num: 20 },
    { priority: 3, name: 'Bronze', background: '#b57c50', color: '#fff', num: 30 },
  ];

  it('by proportion: floor(num% x participants) per tier, in priority order', () => {
    const rows = rankAcm(many, solved(10), { sealed: false, starUsernames: none, awardType: 1, awards: tiers });
    expect(rows.map((r) => r.awardName)).toEqual([
      'Gold',
      'Silver',
      'Silver',
      'Bronze',
      'Bronze',
      'Bronze',
      null,
      null,
      null,
      null,
    ]);
  });

  it('by number; rows without an AC never win', () => {
    const awards = tiers.map((t) => ({ ...t, num: 2 }));
    const rows = rankAcm(many, solved(3), { sealed: false, starUsernames: none, awardType: 2, awards });
    expect(rows.filter((r) => r.isWinAward).map((r) => r.awardName)).toEqual(['Gold', 'Gold', 'Silver']);
  });

  it('a tier that rounds down to nobody is dropped', () => {
    const rows = rankAcm(many.slice(0, 5), solved(5), {
      sealed: false,
      starUsernames: none,
      awardType: 1,
      awards: tiers,
    });
    // 10% of 5 = 0 (dropped), 20% = 1, 30% = 1.
    expect(rows.map((r) => r.awardName).slice(0, 3)).toEqual(['Silver', 'Bronze', null]);
  });
});

describe('board pages', () => {
  const users = [user('ann', { school: 'North' }), user('ben', { nickname: 'Benny' }), user('cat'), user('star')];
  const cells = board({
    ann: { A: tries([1, S.ACCEPTED]) },
    ben: { A: tries([2, S.ACCEPTED]) },
    cat: { A: tries([3, S.ACCEPTED]) },
    star: { A: tries([0, S.ACCEPTED]) },
  });
  const stars = new Set(['star']);
  const rows = rankAcm(users, cells, { sealed: false, starUsernames: stars, ...noAwards });
  const base = { currentPage: 1, limit: 2, removeStar: false, starUsernames: stars, showName: 'username' as const };

  it('pinned (concerned) rows are shown on top but not counted in total', () => {
    const page = pageBoard(rows, { ...base, currentPage: 2, pinnedUids: ['uid-ann'] });
    expect(page.total).toBe(4);
    expect(page.records.map((r) => r.username)).toEqual(['ann', 'ben', 'cat']);
  });

  it('removeStar drops star rows; keyword matches school or the displayed name', () => {
    expect(pageBoard(rows, { ...base, limit: 10, removeStar: true, pinnedUids: [] }).total).toBe(3);
    expect(pageBoard(rows, { ...base, keyword: ' north ', pinnedUids: [] }).records.map((r) => r.username)).toEqual([
      'ann',
    ]);
    const byNick = pageBoard(rows, { ...base, keyword: 'benny', showName: 'nickname', pinnedUids: [] });
    expect(byNick.records.map((r) => r.username)).toEqual(['ben']);
  });
});
