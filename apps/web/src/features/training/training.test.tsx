import type { Training, TrainingProblem, TrainingRankRow } from '@oj/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEY_COLUMN_CLASS } from '../../components/responsive-table';
import { session } from '../../lib/auth-store';
import { loginDialog, loginDialogStore } from '../../lib/ui-store';
import { NO_HOMEWORK_VIEW, userInfoFixture } from '../../test-fixtures';
import { callsTo, json, renderWithProviders, screenWidth, setupI18n, spyOnToasts, stubServer } from '../../test-utils';
import { parseSubmissionListQuery } from '../submission/submission-list-query';
import type { TrainingContext } from './training-detail-page';
import TrainingDetailPage from './training-detail-page';
import TrainingListPage from './training-list-page';
import TrainingProblemListPage from './training-problem-list-page';
import {
  PROGRESS_COLORS,
  passingRate,
  progressColor,
  rankCellState,
  rankNumber,
  trainingPercent,
  userProblemStatusPath,
} from './training-progress';
import TrainingRankPage from './training-rank-page';

const TRAINING: Training = {
  id: 5,
  title: 'Greedy basics',
  description: '## Warm up\nSolve them in order.',
  author: 'root',
  auth: 'Private',
  categoryId: 2,
  categoryName: 'Beginner',
  categoryColor: '#2db7f5',
  rank: 3,
  problemCount: 2,
  acCount: 1,
  gid: null,
  gmtModified: '2026-01-02T08:00:00.000Z',
  ...NO_HOMEWORK_VIEW,
};

const PROBLEMS: TrainingProblem[] = [
  { pid: 11, problemId: 'P1', title: 'Coins', difficulty: 0, type: 0, tags: [], ac: 1, total: 3, myStatus: 0 },
  { pid: 12, problemId: 'P2', title: 'Intervals', difficulty: 1, type: 0, tags: [], ac: 0, total: 0, myStatus: -10 },
];

const USER = userInfoFixture('u-alice', 'alice');

const toasts = spyOnToasts();

beforeAll(() => setupI18n('en-US'));
beforeEach(() => {
  loginDialog.close();
  session.clear();
});
afterEach(() => session.clear());

describe('training progress and rates', () => {
  it('colours the bar by the 20/40/60/80/100 % thresholds', () => {
    const [grey, red, orange, blue, green] = PROGRESS_COLORS.map((c) => c.color);
    expect(progressColor(0)).toBe(grey);
    expect(progressColor(20)).toBe(grey);
    expect(progressColor(20.01)).toBe(red);
    expect(progressColor(40)).toBe(red);
    expect(progressColor(50)).toBe(orange);
    expect(progressColor(80)).toBe(blue);
    expect(progressColor(80.5)).toBe(green);
    expect(progressColor(100)).toBe(green);
  });

  it('counts a training without problems as complete and rounds to two decimals', () => {
    expect(trainingPercent(0, 0)).toBe(100);
    expect(trainingPercent(1, 2)).toBe(50);
    expect(trainingPercent(1, 3)).toBe(33.33);
    expect(trainingPercent(2, 3)).toBe(66.67);
    expect(trainingPercent(4, 4)).toBe(100);
  });

  it('gives the passing rate as ac/total in percent with two decimals', () => {
    expect(passingRate(1, 3)).toBe('33.33%');
    expect(passingRate(2, 2)).toBe('100.00%');
    expect(passingRate(0, 0)).toBe('0.00%');
  });

  it('numbers rank rows across pages and links a cell to the status page query', () => {
    expect(rankNumber(1, 30, 0)).toBe(1);
    expect(rankNumber(2, 30, 4)).toBe(35);
    const path = userProblemStatusPath('bob smith', 'P-1');
    expect(path.startsWith('/status?')).toBe(true);
    const q = parseSubmissionListQuery(new URLSearchParams(path.split('?')[1]));
    expect(q.username).toBe('bob smith');
    expect(q.problemID).toBe('P-1');
  });

  it('tells solved, judging, wrong and untouched cells apart', () => {
    expect(rankCellState(undefined)).toBe('none');
    expect(rankCellState({ status: 0, isAC: true, score: null, runTime: 12 })).toBe('ac');
    expect(rankCellState({ status: 7, isAC: false, score: null, runTime: null })).toBe('pending');
    expect(rankCellState({ status: -1, isAC: false, score: null, runTime: 3 })).toBe('wrong');
    expect(rankCellState({ status: -10, isAC: false, score: null, runTime: null })).toBe('none');
  });
});

const listPage = (records: Training[]) => ({ records, total: records.length, size: 15, current: 1 });

const renderList = (path = '/training') =>
  renderWithProviders(
    [
      { path: '/training', element: <TrainingListPage /> },
      { path: '/training/:trainingID', element: <h1>Training shell</h1> },
    ],
    path,
  );

describe('training list', () => {
  it('shows the progress as solved/all and prompts a visitor to log in instead of opening', async () => {
    const fetchMock = stubServer({
      '/api/get-training-list': json(listPage([TRAINING])),
      '/api/get-training-category': json([
        { id: 2, name: 'Beginner', color: '#2db7f5', gid: null, gmtCreate: '', gmtModified: '' },
      ]),
    });
    const { router } = renderList();
    const title = await screen.findByRole('button', { name: 'Greedy basics' });
    expect(screen.getByText('1/2')).toBeTruthy();
    // The markdown description reads as plain text.
    expect(screen.getByText('Warm up Solve them in order.')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Beginner' })).toBeTruthy();
    fireEvent.click(title);
    expect(toasts.warning).toHaveBeenCalledWith('Please login first', expect.anything());
    expect(loginDialogStore.get().open).toBe(true);
    expect(router.state.location.pathname).toBe('/training');
    // Paging 15 a page, the first page.
    const [url] = callsTo(fetchMock, '/api/get-training-list')[0] ?? [];
    expect(new URLSearchParams(String(url).split('?')[1]).get('limit')).toBe('15');
  });

  it('opens the training for a signed-in user and filters by category through the URL', async () => {
    session.signIn('token', USER);
    const fetchMock = stubServer({
      '/api/get-training-list': json(listPage([TRAINING])),
      '/api/get-training-category': json([
        { id: 2, name: 'Beginner', color: '#2db7f5', gid: null, gmtCreate: '', gmtModified: '' },
      ]),
    });
    const { router } = renderList();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Beginner' }));
    await waitFor(() => expect(router.state.location.search).toBe('?categoryId=2'));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/get-training-list').some(([url]) => String(url).includes('categoryId=2'))).toBe(
        true,
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Greedy basics' }));
    expect(await screen.findByRole('heading', { name: 'Training shell' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/training/5');
    expect(loginDialogStore.get().open).toBe(false);
  });
});

describe('training details', () => {
  const renderShell = () =>
    renderWithProviders(
      [
        {
          path: '/training/:trainingID',
          element: <TrainingDetailPage />,
          children: [
            { path: 'problems', element: <h2>Problems tab</h2> },
            { path: 'rank', element: <h2>Rank tab</h2> },
          ],
        },
      ],
      '/training/5',
    );

  it('asks for the password, refuses an empty one and reloads the access after registering', async () => {
    session.signIn('token', USER);
    let access = false;
    const fetchMock = stubServer({
      '/api/get-training-detail': json({ ...TRAINING, description: null }),
      '/api/get-training-access': () => json({ access })(),
      '/api/get-training-problem-list': json(PROBLEMS),
      '/api/register-training': () => {
        access = true;
        return json(null)();
      },
    });
    renderShell();
    const password = await screen.findByLabelText('Training password');
    expect(screen.getByRole('tab', { name: 'Rankings' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Problems' }).getAttribute('aria-disabled')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(toasts.warning).toHaveBeenCalledWith('Enter the training password', expect.anything()));
    expect(callsTo(fetchMock, '/api/register-training')).toHaveLength(0);

    fireEvent.change(password, { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/register-training')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, '/api/register-training')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ tid: 5, password: 'secret' });
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith('Register training successfully', expect.anything()),
    );
    await waitFor(() => expect(screen.queryByLabelText('Training password')).toBeNull());
    expect(callsTo(fetchMock, '/api/get-training-access').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('tab', { name: 'Problems' }).getAttribute('aria-disabled')).not.toBe('true');
  });

  it('hides the rank tab of a public training and prompts a visitor to log in', async () => {
    session.signIn('token', USER);
    stubServer({
      '/api/get-training-detail': json({ ...TRAINING, auth: 'Public' }),
      '/api/get-training-problem-list': json(PROBLEMS),
    });
    const view = renderShell();
    expect(await screen.findByRole('tab', { name: 'Problems' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Rankings' })).toBeNull();
    // The progress counts the training's problems the caller solved anywhere, and says "solved".
    expect(screen.getByText('Solved')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Solved' }).textContent).toContain('1/2');
    expect(screen.queryByLabelText('Training password')).toBeNull();
    view.unmount();

    session.clear();
    const fetchMock = stubServer();
    renderShell();
    expect(await screen.findByText('Please login first to open the training')).toBeTruthy();
    expect(toasts.warning).toHaveBeenCalledWith('Please login first', expect.anything());
    expect(loginDialogStore.get().open).toBe(true);
    expect(callsTo(fetchMock, '/api/get-training-detail')).toHaveLength(0);
  });
});

describe('training rank', () => {
  const rows: TrainingRankRow[] = [
    {
      uid: 'u-alice',
      username: 'alice',
      realname: 'Alice A.',
      nickname: null,
      school: 'North School',
      gender: 'male',
      avatar: null,
      ac: 1,
      totalRunTime: 15,
      submissionInfo: { P1: { status: 0, score: null, isAC: true, runTime: 15 } },
    },
    {
      uid: 'u-bob',
      username: 'bob',
      realname: null,
      nickname: null,
      school: null,
      gender: 'female',
      avatar: null,
      ac: 0,
      totalRunTime: 0,
      submissionInfo: { P2: { status: -1, score: null, isAC: false, runTime: 4 } },
    },
  ];

  it('lists the problems as columns, marks the own row and links cells to the status page', async () => {
    session.signIn('token', USER);
    const fetchMock = stubServer({
      '/api/get-training-rank': json({ records: rows, total: 2, size: 30, current: 1 }),
    });
    const ctx: TrainingContext = { training: TRAINING, admin: false, problems: PROBLEMS, problemsLoading: false };
    renderWithProviders(
      [
        {
          path: '/training/:trainingID',
          element: <Outlet context={ctx} />,
          children: [{ path: 'rank', element: <TrainingRankPage /> }],
        },
      ],
      '/training/5/rank',
    );
    const table = await screen.findByRole('table');
    await within(table).findByText('alice');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    // The rank counts only what was solved by submissions made in the training, and its column says so.
    expect(headers).toEqual([
      'Rank',
      'User',
      'School',
      'Real name',
      'Solved in this training',
      'Total run time',
      'P1',
      'P2',
    ]);
    const aliceRow = within(table).getByText('alice').closest('tr') as HTMLElement;
    expect(within(aliceRow).getByText('Own')).toBeTruthy();
    const bobRow = within(table).getByText('bob').closest('tr') as HTMLElement;
    expect(within(bobRow).queryByText('Own')).toBeNull();
    expect(within(bobRow).getByText('bob').getAttribute('data-gender')).toBe('female');
    const cell = within(bobRow).getByRole('link', { name: 'Submissions of bob on P2' });
    expect(cell.getAttribute('href')).toBe('/status?username=bob&problemID=P2');
    const [url] = callsTo(fetchMock, '/api/get-training-rank')[0] ?? [];
    const q = new URLSearchParams(String(url).split('?')[1]);
    expect(q.get('tid')).toBe('5');
    expect(q.get('limit')).toBe('30');
  });

  it('leaves out the real name column when no row carries one', async () => {
    session.signIn('token', USER);
    stubServer({
      '/api/get-training-rank': json({
        records: rows.map((r) => ({ ...r, realname: null })),
        total: 2,
        size: 30,
        current: 1,
      }),
    });
    const ctx: TrainingContext = { training: TRAINING, admin: false, problems: PROBLEMS, problemsLoading: false };
    renderWithProviders(
      [
        {
          path: '/training/:trainingID',
          element: <Outlet context={ctx} />,
          children: [{ path: 'rank', element: <TrainingRankPage /> }],
        },
      ],
      '/training/5/rank',
    );
    const table = await screen.findByRole('table');
    await within(table).findByText('alice');
    expect(within(table).queryByText('Real name')).toBeNull();
  });
});

describe('training tables by screen width', () => {
  afterEach(() => vi.restoreAllMocks());
  const keyHeaders = () =>
    screen
      .getAllByRole('columnheader')
      .filter((h) => h.classList.contains(KEY_COLUMN_CLASS))
      .map((h) => h.textContent);
  const headers = () =>
    screen
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
      .filter(Boolean);
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
  const renderTab = (tab: string, element: ReactNode) => {
    const ctx: TrainingContext = { training: TRAINING, admin: false, problems: PROBLEMS, problemsLoading: false };
    return renderWithProviders(
      [{ path: '/training/:trainingID', element: <Outlet context={ctx} />, children: [{ path: tab, element }] }],
      `/training/5/${tab}`,
    );
  };

  it('lists trainings as cards on a phone; a tablet’s table shows the title, access and progress, the rest in details', async () => {
    stubServer({ '/api/get-training-list': json(listPage([TRAINING])), '/api/get-training-category': json([]) });
    screenWidth(390);
    const phone = renderList();
    expect(await screen.findByRole('button', { name: 'Greedy basics' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('progressbar', { name: 'Progress' }).textContent).toContain('1/2');
    phone.unmount();

    screenWidth(1000);
    renderList();
    await screen.findByRole('button', { name: 'Greedy basics' });
    expect(headers()).toEqual(['Title', 'Access', 'Progress']);
    expect(keyHeaders()).toEqual(['Title', 'Progress']);
    const { details, terms } = openDetails();
    expect(terms).toEqual(['No.', 'Category', 'Problems', 'Author', 'Recent update']);
    expect(within(details).getByText('Beginner')).toBeTruthy();
  });

  it('shows a phone whether each problem is solved, its title, level and passing rate; the rest in details', async () => {
    session.signIn('token', USER);
    stubServer();
    screenWidth(390);
    renderTab('problems', <TrainingProblemListPage />);
    await screen.findByRole('link', { name: 'Coins' });
    expect(headers()).toEqual(['My status', 'Title', 'Level', 'Passing rate']);
    expect(keyHeaders()).toEqual(['My status', 'Title', 'Level', 'Passing rate']);
    const { details, terms } = openDetails();
    expect(terms).toEqual(['#', 'Problem ID', 'Tags', 'AC', 'Total']);
    expect(within(details).getByText('P1')).toBeTruthy();
  });

  it('keeps the rank board’s rank, user, solved and run time first on a phone, the rank and user pinned', async () => {
    stubServer({
      '/api/get-training-rank': json({
        records: [
          {
            uid: 'u-alice',
            username: 'alice',
            realname: 'Alice A.',
            nickname: null,
            school: 'North School',
            gender: 'male',
            avatar: null,
            ac: 1,
            totalRunTime: 15,
            submissionInfo: { P1: { status: 0, score: null, isAC: true, runTime: 15 } },
          },
        ],
        total: 1,
        size: 30,
        current: 1,
      }),
    });
    screenWidth(390);
    renderTab('rank', <TrainingRankPage />);
    await screen.findByText('alice');
    expect(headers()).toEqual([
      'Rank',
      'User',
      'Solved in this training',
      'Total run time',
      'School',
      'Real name',
      'P1',
      'P2',
    ]);
    expect(keyHeaders()).toEqual(['Rank', 'User', 'Solved in this training', 'Total run time']);
    const [rank, user] = screen.getAllByRole('columnheader');
    expect(rank.className).toContain('ant-table-cell-fix');
    expect(user.className).toContain('ant-table-cell-fix');
    expect(screen.getByText('North School')).toBeTruthy();
  });
});
