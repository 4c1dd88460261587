import type { AcmContestRankRow, ContestAcInfo, ContestPrint, ContestProblem, OiContestRankRow } from '@oj/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { KEY_COLUMN_CLASS } from '../../components/responsive-table';
import { contestFixture } from '../../test-fixtures';
import { json, page, renderElement, renderWithProviders, screenWidth, setupI18n, stubServer } from '../../test-utils';
import ContestAcInfoPage from './contest-ac-info-page';
import ContestAdminPrintPage from './contest-admin-print-page';
import type { ContestContext } from './contest-detail-page';
import ContestListPage from './contest-list-page';
import ContestProblemListPage from './contest-problem-list-page';
import ContestRankPage from './contest-rank-page';

/** The contest tables on a 390 px phone: what each list is for in its row, the rest in the row's details; the
 * scoreboards keep the rank, the user and the totals in sight with the problem cells scrolling inside the board. */

const CONTEST = contestFixture({ id: 9, title: 'Autumn Cup', status: 0, count: 12, openRank: true });
const PROBLEMS: ContestProblem[] = [
  { id: 1, displayId: 'A', cid: 9, pid: 101, displayTitle: 'A + B', color: null, ac: 2, total: 3, ioScore: 100 },
  { id: 2, displayId: 'B', cid: 9, pid: 102, displayTitle: 'Paths', color: null, ac: 0, total: 1, ioScore: 100 },
];

const headers = () =>
  screen
    .getAllByRole('columnheader')
    .map((h) => h.textContent)
    .filter(Boolean);
const keyHeaders = () =>
  screen
    .getAllByRole('columnheader')
    .filter((h) => h.classList.contains(KEY_COLUMN_CLASS))
    .map((h) => h.textContent);
/** Opens the first row's details; their terms. */
const openDetails = () => {
  fireEvent.click(screen.getAllByRole('button', { name: /expand/i })[0]);
  const details = screen.getAllByRole('definition')[0].closest('dl') as HTMLElement;
  return {
    details,
    terms: within(details)
      .getAllByRole('term')
      .map((t) => t.textContent),
  };
};

const renderTab = (tab: string, element: ReactNode, context: Partial<ContestContext> = {}) => {
  const ctx: ContestContext = { contest: CONTEST, status: 0, admin: true, problems: PROBLEMS, ...context };
  return renderWithProviders(
    [{ path: '/contest/:contestID', element: <Outlet context={ctx} />, children: [{ path: tab, element }] }],
    `/contest/${CONTEST.id}/${tab}`,
  );
};

beforeAll(() => setupI18n('en-US'));
afterEach(() => vi.restoreAllMocks());

describe('contest lists on a phone', () => {
  it('shows each contest’s title and status, and the rule, times, access and board in its details', async () => {
    stubServer({ '/api/get-contest-list': page([CONTEST]) });
    screenWidth(390);
    renderElement(<ContestListPage />);
    await screen.findByText('Autumn Cup');
    expect(headers()).toEqual(['Contest title', 'Status']);
    expect(keyHeaders()).toEqual(['Contest title', 'Status']);
    const row = screen.getByText('Autumn Cup').closest('tr') as HTMLElement;
    expect(within(row).getByText('Running')).toBeTruthy();
    const { details, terms } = openDetails();
    expect(terms).toEqual(['Rule', 'Start time', 'Duration', 'Participants', 'Access', 'Outside scoreboard']);
    expect(within(details).getByText('ACM')).toBeTruthy();
    expect(within(details).getByText('12')).toBeTruthy();
  });

  it('shows every problem’s own status, letter, title and AC / total in its row, with nothing left over', async () => {
    stubServer({ '/api/get-user-problem-status': json({ 101: { status: 0, score: null } }) });
    screenWidth(390);
    renderTab('problems', <ContestProblemListPage />);
    expect(await screen.findByText('Accepted')).toBeTruthy();
    expect(keyHeaders()).toEqual(['My Status', 'Display ID', 'Title', 'AC / Total']);
    expect(screen.getByText('2 / 3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /expand/i })).toBeNull();
  });
});

const rankRow = (rank: number, uid: string): AcmContestRankRow => ({
  rank,
  isWinAward: false,
  awardName: null,
  awardBackground: null,
  awardColor: null,
  uid,
  username: uid.slice(2),
  realname: null,
  nickname: null,
  school: 'North High',
  gender: null,
  avatar: null,
  rating: null,
  ac: 1,
  total: 2,
  totalTime: 1260,
  submissionInfo: { A: { isFirstAC: rank === 1, isAC: true, ACTime: 1200, tryNum: 0, errorNum: 1 } },
});

describe('contest scoreboards on a phone', () => {
  it('ACM: the rank, the user, solved and penalty first, the rank and user pinned, the problems scrolling after', async () => {
    stubServer({ '/api/get-contest-rank': page([rankRow(1, 'u-alice')]) });
    screenWidth(390);
    renderTab('rank', <ContestRankPage />, { admin: false });
    await screen.findByText('alice');
    expect(headers()).toEqual(['Rank', 'User', 'Solved', 'Penalty', 'A', 'B']);
    expect(keyHeaders()).toEqual(['Rank', 'User', 'Solved', 'Penalty']);
    const [rank, user] = screen.getAllByRole('columnheader');
    expect(rank.className).toContain('ant-table-cell-fix');
    expect(user.className).toContain('ant-table-cell-fix');
    expect(screen.getByText('00:21:00')).toBeTruthy();
    expect(screen.getByText('20 (-1)')).toBeTruthy();
    // The problem cells scroll inside the board's box, never the page.
    expect((document.querySelector('.ant-table-content') as HTMLElement).style.overflowX).toBe('auto');
  });

  it('OI: the rank, the user and the total score first', async () => {
    const { ac: _ac, total: _total, submissionInfo: _cells, ...identity } = rankRow(1, 'u-alice');
    const oi: OiContestRankRow = { ...identity, totalScore: 150, submissionInfo: { A: 100, B: 50 }, timeInfo: {} };
    stubServer({ '/api/get-contest-rank': page([oi]) });
    screenWidth(390);
    renderTab('rank', <ContestRankPage />, { admin: false, contest: { ...CONTEST, type: 1 } });
    await screen.findByText('alice');
    expect(keyHeaders()).toEqual(['Rank', 'User', 'Total score']);
    expect(headers()).toEqual(['Rank', 'User', 'Total score', 'A', 'B']);
    expect(screen.getByText('150')).toBeTruthy();
  });
});

describe('contest staff lists on a phone', () => {
  it('AC info: the problem, the user and the delivered switch in the row; times, real name, first blood in details', async () => {
    const info: ContestAcInfo = {
      id: 41,
      cid: 9,
      uid: 'u1',
      username: 'alice',
      realname: 'Alice A.',
      pid: 101,
      displayId: 'A',
      color: '#ff0000',
      submitId: 41,
      submitTime: '2026-01-01T08:12:00Z',
      time: 720,
      firstBlood: true,
      checked: false,
    };
    stubServer({ '/api/get-contest-ac-info': page([info]) });
    screenWidth(390);
    renderTab('ac-info', <ContestAcInfoPage />);
    expect(await screen.findByRole('switch', { name: 'Checked alice A' })).toBeTruthy();
    expect(keyHeaders()).toEqual(['Problem', 'Username', 'Checked']);
    expect(headers()).toEqual(['Problem', 'Username', 'Checked']);
    const { details, terms } = openDetails();
    expect(terms).toEqual(['Time since start', 'Submit time', 'Real name', 'First blood']);
    expect(within(details).getByText('00:12:00')).toBeTruthy();
    expect(within(details).getByText('Alice A.')).toBeTruthy();
  });

  it('print admin: the user, the status and the actions in the row; id, real name, time and length in details', async () => {
    const print: ContestPrint = {
      id: 9,
      cid: 9,
      username: 'carol',
      realname: 'Carol',
      status: 0,
      length: 80,
      gmtCreate: '2026-01-01T09:00:00Z',
    };
    stubServer({ '/api/get-contest-print': page([print]) });
    screenWidth(390);
    renderTab('admin-print', <ContestAdminPrintPage />, { contest: { ...CONTEST, openPrint: true } });
    expect(await screen.findByRole('button', { name: 'Mark printed 9' })).toBeTruthy();
    expect(keyHeaders()).toEqual(['Username', 'Status', 'Actions']);
    const { details, terms } = openDetails();
    expect(terms).toEqual(['ID', 'Real name', 'Time', 'Length']);
    expect(within(details).getByText('80 characters')).toBeTruthy();
  });
});
