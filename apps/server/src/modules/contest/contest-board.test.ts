import { JUDGE_STATUS as S } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { acmBoard, acmBoardInSteps, oiBoard, oiBoardInSteps, rankAcm, rankOi } from './contest-board.js';
import {
  type AwardConfig,
  type BoardCell,
  type BoardUser,
  type CellSummary,
  type ContestTry,
  summarizeCell,
} from './contest-ranking.js';

/** A small deterministic PRNG (mulberry32), so that a failure can be replayed. */
const rng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
};

const STATUSES = [S.ACCEPTED, S.WRONG_ANSWER, S.COMPILE_ERROR, S.PENDING, S.TIME_LIMIT_EXCEEDED, S.PARTIAL_ACCEPTED];
const PROBLEMS = ['A', 'B', 'C', 'D'];
const WINDOW = { durationS: 5 * 3600, sealS: 3 * 3600 };
const user = (i: number): BoardUser => ({
  uid: `u${i}`,
  username: `user${i}`,
  nickname: `n${i}`,
  realname: null,
  school: i % 3 ? 'school' : null,
  gender: null,
  avatar: null,
  rating: i % 2 ? 1400 + i : null,
});
const awards: AwardConfig[] = [
  { priority: 1, name: 'Gold', background: '#fd0', color: '#000', num: 2 },
  { priority: 2, name: 'Silver', background: '#ccc', color: '#000', num: 3 },
];

describe('LiveBoard', () => {
  for (const [kind, seed] of [
    ['acm', 1],
    ['acm', 2],
    ['oi', 3],
    ['oi', 4],
  ] as const) {
    it(`${kind} (seed ${seed}): every update equals a ranking from scratch, and rows already built never change`, () => {
      const random = rng(seed);
      const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
      let nextId = 1;
      const history = new Map<string, ContestTry[]>();
      const cellOf = (uid: string, p: string): CellSummary => summarizeCell(history.get(`${uid}:${p}`) ?? [], WINDOW);
      const users = Array.from({ length: 14 }, (_, i) => user(i));
      const opts = {
        sealed: seed % 2 === 0,
        starUsernames: new Set(['user3', 'user7']),
        awardType: seed <= 2 ? 2 : 1,
        awards: seed <= 2 ? awards : awards.map((a) => ({ ...a, num: 20 })),
        scoreType: seed === 3 ? ('Highest' as const) : ('Recent' as const),
      };
      const current = (): { users: BoardUser[]; cells: BoardCell[] } => {
        const cells: BoardCell[] = [];
        for (const [key, list] of history) {
          const [uid, displayId] = key.split(':');
          const cell = cellOf(uid, displayId);
          if (list.length && cell.total > 0) cells.push({ uid, displayId, cell });
        }
        const on = new Set(cells.map((c) => c.uid));
        return { users: users.filter((u) => on.has(u.uid)), cells };
      };
      const reference = () => {
        const now = current();
        return kind === 'acm' ? rankAcm(now.users, now.cells, opts) : rankOi(now.users, now.cells, opts);
      };
      const tryOf = (): ContestTry => {
        const status = pick(STATUSES);
        return {
          submitId: nextId++,
          timeS: Math.floor(random() * 6 * 3600) - 1800,
          status,
          score: status === S.ACCEPTED ? 100 : Math.floor(random() * 100),
          runMs: Math.floor(random() * 50),
        };
      };
      for (let i = 0; i < 20; i++) history.set(`${pick(users).uid}:${pick(PROBLEMS)}`, [tryOf()]);
      const start = current();
      const live = kind === 'acm' ? acmBoard(start.users, start.cells, opts) : oiBoard(start.users, start.cells, opts);
      expect(live.rows).toEqual(reference());
      for (let step = 0; step < 150; step++) {
        const before = live.rows;
        const frozen = JSON.stringify(before);
        const changed: BoardCell[] = [];
        for (let k = 1 + Math.floor(random() * 3); k > 0; k--) {
          const uid = pick(users).uid;
          const displayId = pick(PROBLEMS);
          const key = `${uid}:${displayId}`;
          const list = history.get(key) ?? [];
          const r = random();
          if (r < 0.5) list.push(tryOf());
          else if (r < 0.75 && list.length) list[Math.floor(random() * list.length)].status = pick(STATUSES);
          else if (list.length) list.splice(Math.floor(random() * list.length), 1);
          history.set(key, list);
          changed.push({ uid, displayId, cell: cellOf(uid, displayId) });
        }
        live.update(
          users.filter((u) => changed.some((c) => c.uid === u.uid)),
          changed,
        );
        expect(live.rows).toEqual(reference());
        expect(JSON.stringify(before)).toBe(frozen);
        for (const r of live.rows) expect(live.byUid.get(r.uid)).toBe(r);
        expect(live.byUid.size).toBe(live.rows.length);
      }
    });
  }

  it('acm: first blood moves on when its holder leaves it (a rejudge, a rename into the star list, gone from the board)', () => {
    const accepted = (submitId: number, timeS: number): CellSummary =>
      summarizeCell([{ submitId, timeS, status: S.ACCEPTED, score: 100, runMs: 5 }], WINDOW);
    const wrong = (submitId: number, timeS: number): CellSummary =>
      summarizeCell([{ submitId, timeS, status: S.WRONG_ANSWER, score: 0, runMs: 5 }], WINDOW);
    const opts = { sealed: false, starUsernames: new Set(['user3']), awardType: 0, awards: [] };
    const users = [user(0), user(1), user(2), user(4)];
    let cells: BoardCell[] = users.map((u, i) => ({
      uid: u.uid,
      displayId: 'A',
      cell: accepted(i + 1, 600 * (i + 1)),
    }));
    const live = acmBoard(users, cells, opts);
    const firstOf = () => live.rows.filter((r) => r.submissionInfo.A?.isFirstAC).map((r) => r.username);
    expect(firstOf()).toEqual(['user0']);
    const same = (list: BoardUser[]) => expect(live.rows).toEqual(rankAcm(list, cells, opts));

    // Rejudged to a wrong answer: the next accept is first.
    const rejudged: BoardCell = { uid: 'u0', displayId: 'A', cell: wrong(1, 600) };
    cells = [rejudged, ...cells.slice(1)];
    live.update([users[0]], [rejudged]);
    expect(firstOf()).toEqual(['user1']);
    same(users);

    // Renamed into the star list: a star's accept never counts.
    const starred = { ...users[1], username: 'user3' };
    const renamed = [users[0], starred, users[2], users[3]];
    live.update([starred], [cells[1]]);
    expect(firstOf()).toEqual(['user2']);
    same(renamed);

    // Its cell gone: the user leaves the board, and first blood goes to the next.
    const gone: BoardCell = { uid: 'u2', displayId: 'A', cell: { ...cells[2].cell, total: 0 } };
    live.update([], [gone]);
    cells = cells.filter((c) => c.uid !== 'u2');
    expect(firstOf()).toEqual(['user4']);
    same([users[0], starred, users[3]]);
  });

  for (const kind of ['acm', 'oi'] as const) {
    it(`${kind}: a board built or updated in steps is the one built or updated at once, and lets others run between its steps`, async () => {
      const random = rng(kind === 'acm' ? 5 : 6);
      const users = Array.from({ length: 5000 }, (_, i) => user(i));
      const cells: BoardCell[] = [];
      for (const u of users) {
        for (const p of PROBLEMS) {
          if (random() < 0.5) continue;
          const tries: ContestTry[] = [
            {
              submitId: cells.length + 1,
              timeS: Math.floor(random() * 4 * 3600),
              status: S.WRONG_ANSWER,
              score: 30,
              runMs: 5,
            },
            {
              submitId: cells.length + 2,
              timeS: Math.floor(random() * 4 * 3600),
              status: S.ACCEPTED,
              score: 100,
              runMs: 9,
            },
          ].slice(random() < 0.5 ? 0 : 1);
          cells.push({ uid: u.uid, displayId: p, cell: summarizeCell(tries, WINDOW) });
        }
      }
      const onBoard = new Set(cells.map((c) => c.uid));
      const ranked = users.filter((u) => onBoard.has(u.uid));
      const opts = {
        sealed: false,
        starUsernames: new Set(['user3']),
        awardType: 2,
        awards,
        scoreType: 'Highest' as const,
      };
      let pauses = 0;
      const pause = async () => {
        pauses += 1;
      };
      const [atOnce, inSteps] =
        kind === 'acm'
          ? [acmBoard(ranked, cells, opts), await acmBoardInSteps(ranked, cells, opts, pause)]
          : [oiBoard(ranked, cells, opts), await oiBoardInSteps(ranked, cells, opts, pause)];
      expect(inSteps.rows).toEqual(atOnce.rows);
      expect(inSteps.rows.length).toBeGreaterThan(2000);
      expect(pauses).toBeGreaterThan(2);
      for (const r of inSteps.rows) expect(inSteps.byUid.get(r.uid)).toBe(r);

      // An update in steps: the same board as the update at once; a reader of the rows and the index taken before
      // it sees them unchanged at every pause (a page answered meanwhile shows the board before the update).
      const changed: BoardCell[] = ranked.slice(0, 40).map((u, i) => ({
        uid: u.uid,
        displayId: PROBLEMS[i % PROBLEMS.length],
        cell: summarizeCell(
          [{ submitId: 100_000 + i, timeS: 60 + i, status: S.ACCEPTED, score: 100, runMs: 3 }],
          WINDOW,
        ),
      }));
      const changedUsers = ranked.slice(0, 40);
      atOnce.update(changedUsers, changed);
      const rowsBefore = inSteps.rows;
      const indexBefore = inSteps.byUid;
      const frozen = JSON.stringify(rowsBefore);
      const sizeBefore = indexBefore.size;
      const changedRowsBefore = changedUsers.map((u) => indexBefore.get(u.uid));
      let updatePauses = 0;
      await inSteps.updateInSteps(changedUsers, changed, async () => {
        updatePauses += 1;
        expect(indexBefore.size).toBe(sizeBefore);
        expect(changedUsers.map((u) => indexBefore.get(u.uid))).toEqual(changedRowsBefore);
      });
      expect(updatePauses).toBeGreaterThan(2);
      expect(JSON.stringify(rowsBefore)).toBe(frozen);
      expect(inSteps.rows).toEqual(atOnce.rows);
      for (const r of inSteps.rows) expect(inSteps.byUid.get(r.uid)).toBe(r);
    });
  }
});
