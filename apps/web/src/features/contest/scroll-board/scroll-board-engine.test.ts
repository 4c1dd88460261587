import { JUDGE_STATUS as S } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import {
  buildFinalBoard,
  buildScrollBoard,
  defaultMedalCounts,
  formatPenalty,
  type MedalCounts,
  runToEnd,
  type ScrollBoardInfo,
  type ScrollBoardState,
  type ScrollBoardSubmission,
  stepScrollBoard,
  teamName,
} from './scroll-board-engine';

const START = Date.parse('2030-01-01T08:00:00.000Z');
const at = (minutes: number, seconds = 0) => new Date(START + (minutes * 60 + seconds) * 1000).toISOString();

const info = (p: Partial<ScrollBoardInfo> = {}): ScrollBoardInfo => ({
  problemList: [
    { displayId: 'B', displayTitle: 'Sort', color: null },
    { displayId: 'A', displayTitle: 'A+B', color: '#f00' },
    { displayId: 'C', displayTitle: 'Path', color: null },
  ],
  startTime: at(0),
  endTime: at(300),
  sealRankTime: at(240),
  starUserList: [],
  ...p,
});

let nextId = 1;
const sub = (username: string, displayId: string, minute: number, status: number): ScrollBoardSubmission => ({
  uid: `uid-${username}`,
  username,
  nickname: `nick-${username}`,
  realname: null,
  school: `school-${username}`,
  submitId: nextId++,
  status,
  submitTime: at(minute),
  displayId,
});

const NONE: MedalCounts = { gold: 0, silver: 0, bronze: 0 };
const order = (s: ScrollBoardState) => s.teams.map((t) => t.username);
const team = (s: ScrollBoardState, username: string) => {
  const t = s.teams.find((x) => x.username === username);
  if (!t) throw new Error(`no team ${username}`);
  return t;
};
const cell = (s: ScrollBoardState, username: string, displayId: string) => {
  const c = team(s, username).cells.find((x) => x.displayId === displayId);
  if (!c) throw new Error(`no cell ${displayId}`);
  return c;
};
/** What a spectator sees of a board (the hidden tries' verdicts excluded). */
const visible = (s: ScrollBoardState) =>
  s.teams.map((t) => ({
    username: t.username,
    rank: t.rank,
    solved: t.solved,
    penaltyS: t.penaltyS,
    medal: t.medal,
    cells: t.cells.map((c) => [c.displayId, c.state, c.acTimeS, c.errors, c.attempts, c.hidden]),
  }));

describe('the frozen board', () => {
  it('charges 20 minutes per PE, WA, TLE, MLE and RE before the AC, in seconds, and nothing for free verdicts', () => {
    const subs = [
      sub('amy', 'A', 1, S.PRESENTATION_ERROR),
      sub('amy', 'A', 2, S.WRONG_ANSWER),
      sub('amy', 'A', 3, S.TIME_LIMIT_EXCEEDED),
      sub('amy', 'A', 4, S.MEMORY_LIMIT_EXCEEDED),
      sub('amy', 'A', 5, S.RUNTIME_ERROR),
      sub('amy', 'A', 6, S.COMPILE_ERROR),
      sub('amy', 'A', 7, S.SYSTEM_ERROR),
      sub('amy', 'A', 8, S.CANCELLED),
      sub('amy', 'A', 9, S.SUBMITTED_FAILED),
      sub('amy', 'A', 10, S.PARTIAL_ACCEPTED),
      { ...sub('amy', 'A', 11, S.ACCEPTED), submitTime: at(11, 30) },
      // After the AC nothing counts, not even a wrong answer (monotone AC).
      sub('amy', 'A', 12, S.WRONG_ANSWER),
      sub('bob', 'B', 20, S.COMPILE_ERROR),
      sub('bob', 'B', 21, S.ACCEPTED),
    ];
    const s = buildScrollBoard(info(), subs, NONE);
    const a = cell(s, 'amy', 'A');
    expect(a.state).toBe('ac');
    expect(a.acTimeS).toBe(11 * 60 + 30);
    expect(a.errors).toBe(5);
    expect(a.attempts).toBe(11);
    expect(team(s, 'amy').penaltyS).toBe(690 + 5 * 1200);
    expect(team(s, 'bob').penaltyS).toBe(21 * 60);
    expect(cell(s, 'bob', 'B').attempts).toBe(2);
    expect(order(s)).toEqual(['bob', 'amy']);
    expect(s.problems.map((p) => p.displayId)).toEqual(['A', 'B', 'C']);
    expect(s.finished).toBe(true);
  });

  it('shows a cell with tries during the seal, or unjudged ones, as pending with its try count', () => {
    const subs = [
      sub('amy', 'A', 100, S.WRONG_ANSWER),
      sub('amy', 'A', 250, S.WRONG_ANSWER),
      sub('amy', 'A', 260, S.ACCEPTED),
      sub('amy', 'B', 30, S.JUDGING),
      sub('amy', 'C', 10, S.ACCEPTED),
      sub('amy', 'C', 245, S.WRONG_ANSWER),
    ];
    const s = buildScrollBoard(info(), subs, NONE);
    const a = cell(s, 'amy', 'A');
    // The wrong try before the seal shows; the two during it stay hidden, the AC among them too.
    expect(a).toMatchObject({ state: 'pending', acTimeS: null, errors: 1, attempts: 1, hidden: 2 });
    expect(cell(s, 'amy', 'B')).toMatchObject({ state: 'pending', attempts: 0, hidden: 1 });
    // An AC before the seal is final: later tries change nothing, so nothing is pending.
    expect(cell(s, 'amy', 'C')).toMatchObject({ state: 'ac', acTimeS: 600, hidden: 0 });
    expect(team(s, 'amy')).toMatchObject({ solved: 1, penaltyS: 600 });
    expect(s.finished).toBe(false);
    expect(s.cursor).toBe(0);
  });

  it('leaves out tries before the start, at or after the end, and of unknown problems', () => {
    const subs = [
      { ...sub('amy', 'A', 0, S.ACCEPTED), submitTime: at(0, -1) },
      sub('amy', 'A', 300, S.ACCEPTED),
      sub('amy', 'Z', 5, S.ACCEPTED),
      sub('bob', 'A', 5, S.ACCEPTED),
    ];
    const s = buildScrollBoard(info(), subs, NONE);
    expect(order(s)).toEqual(['bob']);
  });
});

describe('revealing', () => {
  // amy leads before the seal; bob solves A and B during the seal and overtakes her; cat has a WA hidden.
  const subs = () => [
    sub('amy', 'A', 10, S.ACCEPTED),
    sub('amy', 'B', 20, S.ACCEPTED),
    sub('amy', 'C', 250, S.WRONG_ANSWER),
    sub('bob', 'A', 20, S.WRONG_ANSWER),
    sub('bob', 'A', 25, S.ACCEPTED),
    sub('bob', 'B', 245, S.WRONG_ANSWER),
    sub('bob', 'B', 246, S.ACCEPTED),
    sub('bob', 'C', 247, S.ACCEPTED),
    sub('cat', 'A', 50, S.ACCEPTED),
    sub('cat', 'B', 255, S.WRONG_ANSWER),
    sub('cat', 'B', 256, S.COMPILE_ERROR),
  ];

  it('reveals the leftmost pending cell of the lowest team; an AC after the seal overtakes', () => {
    let s = buildScrollBoard(info(), subs(), { gold: 1, silver: 1, bronze: 1 });
    expect(order(s)).toEqual(['amy', 'bob', 'cat']);
    expect(s.cursor).toBe(2);

    // cat's B: a WA and a CE → wrong, one penalised try but no penalty without an AC.
    s = stepScrollBoard(s);
    expect(s.last).toEqual({ kind: 'reveal', uid: 'uid-cat', displayId: 'B', result: 'wrong' });
    expect(cell(s, 'cat', 'B')).toMatchObject({ state: 'wrong', errors: 1, attempts: 2, hidden: 0 });
    expect(team(s, 'cat')).toMatchObject({ solved: 1, penaltyS: 3000 });

    // Nothing pending: cat is final, with bronze (3rd), and the cursor moves up.
    s = stepScrollBoard(s);
    expect(s.last).toEqual({ kind: 'finalize', uid: 'uid-cat', medal: 'bronze' });
    expect(team(s, 'cat')).toMatchObject({ finalized: true, rank: 3, medal: 'bronze' });
    expect(s.cursor).toBe(1);

    // bob's B (leftmost pending): WA then AC at 246 min → 2 solved, still behind amy on penalty.
    s = stepScrollBoard(s);
    expect(s.last).toMatchObject({ kind: 'reveal', uid: 'uid-bob', displayId: 'B', result: 'ac' });
    expect(cell(s, 'bob', 'B')).toMatchObject({ state: 'ac', acTimeS: 246 * 60, errors: 1, attempts: 2 });
    expect(order(s)).toEqual(['amy', 'bob', 'cat']);
    expect(team(s, 'bob').penaltyS).toBe(25 * 60 + 1200 + 246 * 60 + 1200);

    // bob's C: AC → 3 solved, bob overtakes amy; the cursor stays on the same place, now amy's row.
    s = stepScrollBoard(s);
    expect(s.last).toMatchObject({ kind: 'reveal', uid: 'uid-bob', displayId: 'C', result: 'ac' });
    expect(order(s)).toEqual(['bob', 'amy', 'cat']);
    expect(s.cursor).toBe(1);
    expect(team(s, 'bob').rank).toBe(1);
    expect(team(s, 'bob').medal).toBeNull();

    // amy's C: wrong; then she is final with silver, then bob with gold, and the roll is over.
    s = stepScrollBoard(s);
    expect(cell(s, 'amy', 'C').state).toBe('wrong');
    s = stepScrollBoard(s);
    expect(team(s, 'amy')).toMatchObject({ rank: 2, medal: 'silver', finalized: true });
    s = stepScrollBoard(s);
    expect(s.last).toEqual({ kind: 'finalize', uid: 'uid-bob', medal: 'gold' });
    expect(s.finished).toBe(true);
    expect(s.cursor).toBe(-1);
    expect(stepScrollBoard(s)).toBe(s);
  });

  it('ends with the board computed from every submission directly', () => {
    const medals = { gold: 1, silver: 1, bronze: 1 };
    const end = runToEnd(buildScrollBoard(info(), subs(), medals));
    const direct = buildFinalBoard(info(), subs(), medals);
    expect(end.finished).toBe(true);
    expect(visible(end)).toEqual(visible(direct));
    expect(end.firstAcS).toEqual(direct.firstAcS);
    expect(direct.teams.every((t) => t.finalized)).toBe(true);
  });

  it('ends with the direct board on a larger random contest, and an AC once revealed never turns back', () => {
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const statuses = [S.ACCEPTED, S.WRONG_ANSWER, S.COMPILE_ERROR, S.TIME_LIMIT_EXCEEDED, S.PENDING, S.RUNTIME_ERROR];
    const many: ScrollBoardSubmission[] = [];
    for (let minute = 0; minute < 300; minute += 1) {
      const user = `u${String(rand(25)).padStart(2, '0')}`;
      many.push(sub(user, ['A', 'B', 'C'][rand(3)] as string, minute, statuses[rand(statuses.length)] as number));
    }
    const medals = defaultMedalCounts(25);
    let s = buildScrollBoard(info({ starUserList: ['u03'] }), many, medals);
    const acSeen = new Set<string>();
    let steps = 0;
    while (!s.finished) {
      s = stepScrollBoard(s);
      steps += 1;
      for (const t of s.teams)
        for (const c of t.cells) {
          const key = `${t.uid}/${c.displayId}`;
          if (acSeen.has(key)) expect(c.state).toBe('ac');
          if (c.state === 'ac') acSeen.add(key);
        }
      // Finalized teams are exactly the ones below the cursor.
      s.teams.forEach((t, i) => {
        expect(t.finalized).toBe(i > s.cursor);
      });
    }
    expect(steps).toBeGreaterThan(25);
    expect(visible(s)).toEqual(visible(buildFinalBoard(info({ starUserList: ['u03'] }), many, medals)));
  });
});

describe('medals, stars and ties', () => {
  it('gives gold to ranks 1..g, silver to the next s, bronze to the next b, only to finalized teams', () => {
    const subs = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'].map((u, i) => sub(u, 'A', 10 + i, S.ACCEPTED));
    subs.push(sub('p7', 'A', 20, S.WRONG_ANSWER));
    const s = buildScrollBoard(info(), subs, { gold: 1, silver: 2, bronze: 2 });
    // No seal was crossed: everything is final at once.
    expect(s.finished).toBe(true);
    expect(s.teams.map((t) => t.medal)).toEqual(['gold', 'silver', 'silver', 'bronze', 'bronze', null, null]);
  });

  it('shows star teams with no rank and no medal; the medal goes to the next team', () => {
    const subs = [
      sub('star', 'A', 1, S.ACCEPTED),
      sub('amy', 'A', 2, S.ACCEPTED),
      sub('bob', 'A', 3, S.ACCEPTED),
      sub('bob', 'B', 241, S.ACCEPTED),
    ];
    let s = buildScrollBoard(info({ starUserList: ['star'] }), subs, { gold: 1, silver: 0, bronze: 1 });
    expect(order(s)).toEqual(['star', 'amy', 'bob']);
    expect(s.teams.map((t) => t.rank)).toEqual([null, 1, 2]);
    s = runToEnd(s);
    expect(order(s)).toEqual(['bob', 'star', 'amy']);
    expect(s.teams.map((t) => [t.rank, t.medal])).toEqual([
      [1, 'gold'],
      [null, null],
      [2, 'bronze'],
    ]);
    // Star teams never take the first AC either.
    expect(s.firstAcS.A).toBe(120);
  });

  it('lets equal solved and penalty share a rank, ordered by name as the server board is', () => {
    const subs = [
      // amy: A at 10 and B at 30 → 40 min; zed: A at 20 and B at 20 → 40 min, his last AC is earlier, which
      // does not count (contest-board.ts rankAcm orders ties by username).
      sub('amy', 'A', 10, S.ACCEPTED),
      sub('amy', 'B', 30, S.ACCEPTED),
      sub('zed', 'A', 20, S.ACCEPTED),
      sub('zed', 'B', 20, S.ACCEPTED),
      sub('bob', 'A', 20, S.ACCEPTED),
      sub('bob', 'B', 20, S.ACCEPTED),
      sub('cat', 'A', 50, S.ACCEPTED),
    ];
    const s = buildScrollBoard(info(), subs, { gold: 1, silver: 0, bronze: 0 });
    expect(order(s)).toEqual(['amy', 'bob', 'zed', 'cat']);
    expect(s.teams.map((t) => t.rank)).toEqual([1, 1, 1, 4]);
    expect(s.teams.map((t) => t.medal)).toEqual(['gold', 'gold', 'gold', null]);
  });

  it('defaults to 10 %, 20 % and 30 % of the ranked count, rounded down', () => {
    expect(defaultMedalCounts(0)).toEqual({ gold: 0, silver: 0, bronze: 0 });
    expect(defaultMedalCounts(3)).toEqual({ gold: 0, silver: 0, bronze: 0 });
    expect(defaultMedalCounts(10)).toEqual({ gold: 1, silver: 2, bronze: 3 });
    expect(defaultMedalCounts(57)).toEqual({ gold: 5, silver: 11, bronze: 17 });
  });
});

describe('a contest without a seal', () => {
  it('reveals nothing: the board is final at once, even with tries late in the contest', () => {
    const subs = [sub('amy', 'A', 250, S.ACCEPTED), sub('bob', 'A', 260, S.WRONG_ANSWER)];
    const s = buildScrollBoard(info({ sealRankTime: null }), subs, { gold: 1, silver: 0, bronze: 0 });
    expect(s.finished).toBe(true);
    expect(s.cursor).toBe(-1);
    expect(cell(s, 'amy', 'A').state).toBe('ac');
    expect(cell(s, 'bob', 'A').state).toBe('wrong');
    expect(team(s, 'amy').medal).toBe('gold');
    expect(stepScrollBoard(s)).toBe(s);
  });
});

describe('display helpers', () => {
  it('writes the penalty as h:mm:ss and the name per rankShowName', () => {
    expect(formatPenalty(0)).toBe('0:00:00');
    expect(formatPenalty(3723)).toBe('1:02:03');
    expect(formatPenalty(36_000 + 59)).toBe('10:00:59');
    const t = { username: 'amy', nickname: 'Amy', realname: null };
    expect(teamName(t, 'nickname')).toBe('Amy');
    expect(teamName(t, 'realname')).toBe('amy');
    expect(teamName(t, 'username')).toBe('amy');
  });
});
