import type { AcmContestRankRow, ContestProblem, UserInfo } from '@oj/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../../lib/auth-store';
import { contestFixture } from '../../test-fixtures';
import { callsTo, renderWithProviders, setupI18n, stubServer } from '../../test-utils';
import type { ContestContext } from './contest-detail-page';
import ContestRankPage from './contest-rank-page';
import { splitPinned } from './scoreboard-cells';

const CONTEST = contestFixture({ id: 9, title: 'Autumn Cup', openRank: true });

const PROBLEMS: ContestProblem[] = [
  { id: 1, displayId: 'A', cid: 9, pid: 101, displayTitle: 'A + B', color: null, ac: 2, total: 3, ioScore: 100 },
];

const VIEWER = { uid: 'u-bob', username: 'bob', roleList: ['user'] } as UserInfo;

const row = (rank: number, uid: string, ac: number): AcmContestRankRow => ({
  rank,
  isWinAward: false,
  awardName: null,
  awardBackground: null,
  awardColor: null,
  uid,
  username: uid.slice(2),
  realname: null,
  nickname: null,
  school: null,
  gender: null,
  avatar: null,
  rating: null,
  ac,
  total: ac,
  totalTime: 600 * ac,
  submissionInfo: ac ? { A: { isFirstAC: rank === 1, isAC: true, ACTime: 600, tryNum: 0, errorNum: 0 } } : {},
});

// The server's page: the viewer's own row pinned on top, then the board's three rows (bob among them).
// Alice holds a contest rating (a grandmaster), the others none.
const BOARD = [{ ...row(1, 'u-alice', 1), rating: 2450 }, row(2, 'u-bob', 1), row(3, 'u-carol', 0)];
const PAGE = { records: [BOARD[1], ...BOARD], total: 3, size: 50, current: 1 };

const renderRank = (status = 0, page: object = PAGE) => {
  const fetchMock = stubServer({
    '/api/get-contest-rank': () =>
      new Response(JSON.stringify({ status: 200, msg: 'success', data: page }), {
        headers: { 'Content-Type': 'application/json' },
      }),
  });
  const ctx: ContestContext = { contest: CONTEST, status, admin: false, problems: PROBLEMS };
  const shown = renderWithProviders(
    [
      {
        path: '/contest/:contestID',
        element: <Outlet context={ctx} />,
        children: [{ path: 'rank', element: <ContestRankPage /> }],
      },
    ],
    `/contest/${CONTEST.id}/rank`,
  );
  return { fetchMock, ...shown };
};

const bodyRows = () => [...document.querySelectorAll<HTMLElement>('tbody tr[data-row-kind]')];

describe('contest rank: the viewer own row', () => {
  afterEach(() => session.clear());

  describe.each([
    ['zh-CN', '我'],
    ['en-US', 'You'],
  ] as const)('in %s', (lang, ownLabel) => {
    beforeAll(async () => {
      await setupI18n(lang);
    });

    it('colours a rated participant by the rating band, the band named on hover', async () => {
      renderRank();
      const alice = await screen.findByText('alice');
      expect(alice.style.color).toBe('rgb(255, 0, 0)');
      expect(alice.getAttribute('title')).toBe(lang === 'zh-CN' ? '特级大师' : 'Grandmaster');
      expect(screen.getByText('carol').getAttribute('title')).toBeNull();
    });

    it('pins the own row on top, marked, and lists each board row once', async () => {
      session.signIn('token', VIEWER);
      renderRank();
      await screen.findByText('alice');
      const rows = bodyRows();
      expect(rows.map((r) => r.getAttribute('data-row-kind'))).toEqual(['own', 'board', 'board', 'board']);
      const [own, ...board] = rows;
      // The pinned copy says whose it is and stands out; the board's own rows carry no mark.
      expect(within(own).getByText(ownLabel)).toBeTruthy();
      expect(within(own).getByText('bob')).toBeTruthy();
      expect(own.querySelector('td')?.getAttribute('style')).toContain('background');
      expect(getComputedStyle(own.querySelector('td') as Element).backgroundColor).toBe('rgb(230, 244, 255)');
      for (const r of board) {
        expect(within(r).queryByText(ownLabel)).toBeNull();
        expect(r.querySelector('td')?.getAttribute('style') ?? '').not.toContain('background');
      }
      // Each board row once, in rank order.
      const names = board.map((r) => within(r).getByRole('link').textContent);
      expect(names).toEqual(['alice', 'bob', 'carol']);
      expect(new Set(names).size).toBe(names.length);
    });
  });
});

describe('splitPinned', () => {
  it('tells the pinned rows from the page by the server order, skipping candidates not on the board', () => {
    const [a, b, c] = BOARD;
    const out = splitPinned([b, c, a, b, c], { viewerUid: 'u-bob', concerned: ['u-dave', 'u-carol'] });
    expect(out.pinned.map((r) => [r.uid, r.own])).toEqual([
      ['u-bob', true],
      ['u-carol', false],
    ]);
    expect(out.rows.map((r) => r.uid)).toEqual(['u-alice', 'u-bob', 'u-carol']);
    // The outside board pins no viewer row: the viewer's own board row stays a board row.
    expect(splitPinned([a, b], { concerned: [] }).pinned).toEqual([]);
  });
});

describe('an OI board colours a cell by its problem full score', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
  });
  afterEach(() => session.clear());

  it('green at the full score, even when a problem full score is not 100; blue below it; red at 0', async () => {
    const oi = contestFixture({ id: 9, title: 'OI Cup', openRank: true, type: 1 });
    // A: subtasks worth 33 in all; B and C: 100.
    const problems = [
      { ...PROBLEMS[0], ioScore: 33 },
      { ...PROBLEMS[0], id: 2, displayId: 'B', pid: 102, displayTitle: 'Paths', ioScore: 100 },
      { ...PROBLEMS[0], id: 3, displayId: 'C', pid: 103, displayTitle: 'Trees', ioScore: 100 },
    ];
    const { submissionInfo: _acm, totalTime: _time, ac: _ac, total: _total, ...identity } = row(1, 'u-alice', 0);
    const record = { ...identity, totalScore: 66, totalTime: 10, submissionInfo: { A: 33, B: 33, C: 0 }, timeInfo: {} };
    stubServer({
      '/api/get-contest-rank': () =>
        new Response(
          JSON.stringify({ status: 200, msg: 'success', data: { records: [record], total: 1, size: 50, current: 1 } }),
          { headers: { 'Content-Type': 'application/json' } },
        ),
    });
    session.signIn('token', VIEWER);
    const ctx: ContestContext = { contest: oi, status: 0, admin: false, problems };
    renderWithProviders(
      [
        {
          path: '/contest/:contestID',
          element: <Outlet context={ctx} />,
          children: [{ path: 'rank', element: <ContestRankPage /> }],
        },
      ],
      `/contest/${oi.id}/rank`,
    );
    await screen.findByText('alice');
    const cells = [...bodyRows()[0].querySelectorAll<HTMLElement>('td')].filter((td) =>
      ['33', '0'].includes(td.textContent ?? ''),
    );
    expect(cells.map((td) => [td.textContent, td.style.color])).toEqual([
      ['33', 'rgb(82, 196, 26)'],
      ['33', 'rgb(22, 119, 255)'],
      ['0', 'rgb(255, 77, 79)'],
    ]);
  });
});

describe('an ended contest board with its virtual participants', () => {
  beforeAll(() => setupI18n('en-US'));
  afterEach(() => session.clear());

  it('asks for them on the switch and marks their rows Virtual', async () => {
    session.signIn('token', VIEWER);
    const virtual = { ...row(2, 'u-vic', 1), virtual: true };
    const { fetchMock } = renderRank(1, { records: [BOARD[0], virtual, BOARD[2]], total: 3, size: 50, current: 1 });
    await screen.findByText('alice');
    const ask = () => callsTo(fetchMock, '/api/get-contest-rank').map((c) => JSON.parse(String(c[1]?.body)));
    expect(ask()[0].showVirtual).toBeUndefined();
    fireEvent.click(screen.getByRole('switch', { name: 'Show virtual participants' }));
    await waitFor(() => expect(ask().some((b) => b.showVirtual === true)).toBe(true));
    const vic = bodyRows().find((r) => within(r).queryByText('vic')) as HTMLElement;
    expect(within(vic).getByText('Virtual')).toBeTruthy();
    expect(within(bodyRows()[0]).queryByText('Virtual')).toBeNull();
  });

  it('offers no switch while the contest runs', async () => {
    renderRank(0);
    await screen.findByText('alice');
    expect(screen.queryByRole('switch', { name: 'Show virtual participants' })).toBeNull();
  });
});
