import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isPathAvailable } from '../../app/route-table';
import { SCREENS } from '../../app/screens';
import { session } from '../../lib/auth-store';
import { userInfoFixture } from '../../test-fixtures';
import { callsTo, json, page, queryOf, setupI18n, spyOnToasts } from '../../test-utils';
import {
  GroupContestAnnouncementPage,
  GroupContestEditPage,
  GroupContestProblemPage,
} from './group-contest-admin-pages';
import { canManageGroupContest } from './group-contest-model';
import GroupContestPage from './group-contest-page';
import GroupProblemEditPage from './group-problem-edit-page';
import { renderGroup, stubGroup } from './group-test-support';

const contestCard = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  author: 'alice',
  title: `Contest ${id}`,
  type: 0,
  status: 0,
  description: '',
  source: 0,
  auth: 0,
  startTime: '2026-03-01T08:00:00.000Z',
  endTime: '2026-03-01T13:00:00.000Z',
  duration: 18000,
  sealRank: false,
  sealRankTime: null,
  autoRealRank: true,
  openPrint: false,
  openRank: false,
  rankShowName: 'username',
  oiRankScoreType: 'Recent',
  awardType: 0,
  count: 0,
  gid: 7,
  allowEndSubmit: false,
  ...extra,
});

const adminContest = (id: number, uid: string, author: string) => ({
  ...contestCard(id, { author }),
  uid,
  pwd: null,
  visible: true,
  openAccountLimit: false,
  accountLimitRule: null,
  starAccount: [],
  awardConfigList: [],
  gmtCreate: '2026-02-01T08:00:00.000Z',
  gmtModified: '2026-02-01T08:00:00.000Z',
});

const toasts = spyOnToasts();

beforeAll(() => {
  return setupI18n('en-US');
});
beforeEach(() => {
  session.clear();
});
afterEach(() => session.clear());

const renderContests = (path: string) =>
  renderGroup(
    path,
    [
      { path: 'contest', element: <GroupContestPage /> },
      { path: 'contest/create', element: <GroupContestEditPage /> },
      { path: 'contest/:contestId/edit', element: <GroupContestEditPage /> },
      { path: 'contest/:contestId/problems', element: <GroupContestProblemPage /> },
      { path: 'contest/:contestId/problem/create', element: <GroupProblemEditPage /> },
      { path: 'contest/:contestId/announcement', element: <GroupContestAnnouncementPage /> },
    ],
    [
      { path: '/contest/:contestID', element: <h1>Contest screen</h1> },
      { path: '/contest/acm-scoreboard/:contestID', element: <h1>Scoreboard screen</h1> },
    ],
  );

describe('group contest rules', () => {
  it('lets the creator among the group admins, the group root and the super admin manage a contest', () => {
    expect(canManageGroupContest('admin', 'u-alice', { uid: 'u-alice' })).toBe(true);
    expect(canManageGroupContest('admin', 'u-alice', { uid: 'u-bob' })).toBe(false);
    expect(canManageGroupContest('root', 'u-owner', { uid: 'u-bob' })).toBe(true);
    expect(canManageGroupContest('super', 'u-root', { uid: 'u-bob' })).toBe(true);
    // A member who once created it (and was demoted) no longer manages it.
    expect(canManageGroupContest('member', 'u-alice', { uid: 'u-alice' })).toBe(false);
  });

  it('declares the admin routes under the group', () => {
    for (const path of [
      '/group/7/contest',
      '/group/7/contest/create',
      '/group/7/contest/3/edit',
      '/group/7/contest/3/problems',
      '/group/7/contest/3/problem/create',
      '/group/7/contest/3/announcement',
    ]) {
      expect(isPathAvailable(path)).toBe(true);
    }
    for (const name of [
      'GroupContestList',
      'GroupCreateContest',
      'GroupEditContest',
      'GroupContestProblemList',
      'GroupContestAnnouncementList',
      'GroupCreateContestProblem',
    ]) {
      expect(SCREENS[name]).toBeTruthy();
    }
  });
});

describe('group contests tab', { timeout: 60_000 }, () => {
  it('shows the contests as cards that open the contest pages', async () => {
    session.signIn('token', userInfoFixture('u-mia', 'mia'));
    const fetchMock = stubGroup(3, {
      '/api/group/get-contest-list': page([
        contestCard(1, { auth: 1, count: 5, openRank: true, status: -1 }),
        contestCard(2, { type: 1, status: 0, openRank: true }),
      ]),
    });
    const { router } = renderContests('/group/7/contest');
    const first = await screen.findByRole('article', { name: 'Contest 1' });
    const second = screen.getByRole('article', { name: 'Contest 2' });
    const [url] = callsTo(fetchMock, '/api/group/get-contest-list')[0] ?? [];
    expect(queryOf(url).get('gid')).toBe('7');
    expect(queryOf(url).get('limit')).toBe('10');
    // Rule, access, times, status.
    expect(within(first).getByRole('button', { name: 'Rule ACM' })).toBeTruthy();
    expect(within(second).getByRole('button', { name: 'Rule OI' })).toBeTruthy();
    expect(within(first).getByText('Private')).toBeTruthy();
    expect(within(first).getByRole('img', { name: 'Private' })).toBeTruthy();
    expect(within(first).getByText('Scheduled')).toBeTruthy();
    expect(within(second).getByText('Running')).toBeTruthy();
    expect(within(first).getByTitle('Duration').textContent).toContain('05:00:00');
    expect(within(first).getByTitle('Start time').textContent).toMatch(/2026-03-01 \d\d:00/);
    // Participants only for a non-public contest.
    expect(within(first).getByTitle('Participants').textContent).toContain('5');
    expect(within(second).queryByTitle('Participants')).toBeNull();
    // The outside scoreboard waits for the start.
    const board = (card: HTMLElement) => within(card).getByRole('button', { name: 'Outside scoreboard' });
    expect(board(first)).toHaveProperty('disabled', true);
    expect(board(second)).toHaveProperty('disabled', false);
    // A member has no admin mode.
    expect(screen.queryByRole('switch', { name: 'Admin mode' })).toBeNull();

    fireEvent.click(within(first).getByRole('button', { name: 'Contest 1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contest/1'));
  });

  it("disables a group admin's actions on contests created by others", async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const fetchMock = stubGroup(4, {
      '/api/group/get-contest-list': page([]),
      '/api/group/get-admin-contest-list': page([adminContest(1, 'u-alice', 'alice'), adminContest(2, 'u-bob', 'bob')]),
      '/api/group/change-contest-visible': json(null),
    });
    renderContests('/group/7/contest');
    fireEvent.click(await screen.findByRole('switch', { name: 'Admin mode' }));
    await screen.findByRole('link', { name: 'Contest 2' });
    const [url] = callsTo(fetchMock, '/api/group/get-admin-contest-list')[0] ?? [];
    expect(queryOf(url).get('gid')).toBe('7');
    expect(screen.getByRole('button', { name: 'Create contest' })).toBeTruthy();

    const edit = (title: string) => screen.getByRole('button', { name: `Edit ${title}` });
    const visible = (title: string) => screen.getByRole('switch', { name: `Visible ${title}` });
    const remove = (title: string) => screen.getByRole('button', { name: `Delete ${title}` });
    expect(edit('Contest 1')).toHaveProperty('disabled', false);
    expect(edit('Contest 2')).toHaveProperty('disabled', true);
    expect(visible('Contest 1')).toHaveProperty('disabled', false);
    expect(visible('Contest 2')).toHaveProperty('disabled', true);
    expect(remove('Contest 1')).toHaveProperty('disabled', false);
    expect(remove('Contest 2')).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Clone' })).toBeNull();

    fireEvent.click(visible('Contest 1'));
    await waitFor(() => expect(callsTo(fetchMock, '/api/group/change-contest-visible')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, '/api/group/change-contest-visible')[0] ?? [];
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ cid: 1, uid: 'u-alice', visible: 'false' });
  });

  it('lets the group root manage every contest of the group', async () => {
    session.signIn('token', userInfoFixture('u-owner', 'olivia'));
    stubGroup(5, {
      '/api/group/get-contest-list': page([]),
      '/api/group/get-admin-contest-list': page([adminContest(1, 'u-alice', 'alice'), adminContest(2, 'u-bob', 'bob')]),
    });
    renderContests('/group/7/contest?mode=admin');
    await screen.findByRole('link', { name: 'Contest 2' });
    for (const title of ['Contest 1', 'Contest 2']) {
      expect(screen.getByRole('button', { name: `Edit ${title}` })).toHaveProperty('disabled', false);
      expect(screen.getByRole('switch', { name: `Visible ${title}` })).toHaveProperty('disabled', false);
    }
  });

  it('keeps a member out of the admin pages even by the address', async () => {
    session.signIn('token', userInfoFixture('u-mia', 'mia'));
    const fetchMock = stubGroup(3, { '/api/group/get-contest-list': page([]) });
    renderContests('/group/7/contest/create');
    expect(await screen.findByText("Only group admins manage the group's contests")).toBeTruthy();
    renderContests('/group/7/contest?mode=admin');
    expect(await screen.findAllByText('No contests')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/group/get-admin-contest-list')).toHaveLength(0);
  });

  it("creates a contest with the group's id and goes on to its problems", async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const fetchMock = stubGroup(4, {
      '/api/group/contest': json(adminContest(9, 'u-alice', 'alice')),
      '/api/group/get-contest-problem-list': json({ problemList: { records: [], total: 0 }, contestProblemMap: {} }),
    });
    const { router } = renderContests('/group/7/contest/create');
    fireEvent.change(await screen.findByRole('textbox', { name: /Contest title/ }), {
      target: { value: 'Weekly round' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Contest description' }), {
      target: { value: 'Solve them all.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/group/contest')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, '/api/group/contest')[0] ?? [];
    expect(init?.method).toBe('POST');
    const body = JSON.parse(String(init?.body));
    expect(body).toMatchObject({ gid: 7, title: 'Weekly round', description: 'Solve them all.', type: 0, auth: 0 });
    expect(Date.parse(body.endTime) - Date.parse(body.startTime)).toBe(5 * 3600_000);
    await waitFor(() => expect(router.state.location.pathname).toBe('/group/7/contest/9/problems'));
  });

  it('adds a group problem to a contest by its display id', async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const fetchMock = stubGroup(4, {
      '/api/group/get-contest-problem-list': json({ problemList: { records: [], total: 0 }, contestProblemMap: {} }),
      '/api/group/get-admin-problem-list': page([
        {
          id: 31,
          problemId: 'algoc31',
          title: 'Knapsack',
          author: 'alice',
          auth: 3,
          gid: 7,
          gmtCreate: '2026-01-04T08:00:00.000Z',
          gmtModified: '2026-01-04T08:00:00.000Z',
        },
      ]),
      '/api/group/add-contest-problem-from-group': json({
        id: 1,
        cid: 3,
        pid: 31,
        problemId: 'algoc31',
        title: 'Knapsack',
        displayId: 'A',
        displayTitle: 'Knapsack',
        color: null,
        auth: 3,
        type: 0,
      }),
    });
    renderContests('/group/7/contest/3/problems');
    fireEvent.click(await screen.findByRole('button', { name: "Add from the group's problems" }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add algoc31' }));
    const [url] = callsTo(fetchMock, '/api/group/get-admin-problem-list')[0] ?? [];
    expect(queryOf(url).get('gid')).toBe('7');
    const dialog = screen.getByRole('dialog');
    expect((within(dialog).getByRole('textbox', { name: /Display ID/ }) as HTMLInputElement).value).toBe('A');
    expect(within(dialog).queryByRole('textbox', { name: /Display title/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/group/add-contest-problem-from-group')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, '/api/group/add-contest-problem-from-group')[0] ?? [];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ problemId: 'algoc31', cid: 3, displayId: 'A' });
  });

  it('adds a public problem through the public problem list and the group call', async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const fetchMock = stubGroup(4, {
      '/api/group/get-contest-problem-list': json({ problemList: { records: [], total: 0 }, contestProblemMap: {} }),
      '/api/get-problem-list': page([
        { pid: 5, problemId: '1005', title: 'A+B', difficulty: 0, type: 0, tags: [], ac: 0, total: 0, score: null },
      ]),
      '/api/group/add-contest-problem-from-public': json(null),
    });
    renderContests('/group/7/contest/3/problems');
    fireEvent.click(await screen.findByRole('button', { name: 'Add from the public bank' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add 1005' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/group/add-contest-problem-from-public')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, '/api/group/add-contest-problem-from-public')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ cid: 3, pid: 5, displayId: 'A', displayTitle: 'A+B' });
  });

  it("writes a problem inside the contest as the group's contest problem", async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const fetchMock = stubGroup(4, {
      '/api/languages': json([{ name: 'C++' }]),
      '/api/group/get-all-problem-tags': json([]),
      '/api/file/upload-testcase-zip': json({ fileList: [{ input: '1.in', output: '1.out' }], fileListDir: 'up-1' }),
      '/api/group/contest-problem': json({ pid: 21, problemId: 'algoc21', displayId: 'B' }),
      '/api/group/get-contest-problem-list': json({ problemList: { records: [], total: 0 }, contestProblemMap: {} }),
    });
    const { router } = renderContests('/group/7/contest/3/problem/create');
    const displayId = (await screen.findByRole('textbox', { name: 'Display ID' })) as HTMLInputElement;
    fireEvent.change(displayId, { target: { value: 'algoc21' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Sum' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Input' }), { target: { value: 'a b' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Output' }), { target: { value: 'a+b' } });
    const zipInput = document.querySelector('input[type="file"][accept=".zip"]') as HTMLInputElement;
    fireEvent.change(zipInput, { target: { files: [new File(['zip'], 'data.zip', { type: 'application/zip' })] } });
    await screen.findByText('1.in');
    // The names in the contest are required.
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(toasts.error.mock.calls[0]?.[0]).toBe('Fill in the display ID and title in the contest'),
    );
    expect(callsTo(fetchMock, '/api/group/contest-problem')).toHaveLength(0);
    fireEvent.change(screen.getByRole('textbox', { name: 'Display ID in the contest' }), { target: { value: 'B' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Display title in the contest' }), {
      target: { value: 'Sum it' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/group/contest-problem')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, '/api/group/contest-problem')[0] ?? [];
    expect(init?.method).toBe('POST');
    const body = JSON.parse(String(init?.body));
    // Contest-only (auth 3) problem of the group.
    expect(body.problem).toMatchObject({ gid: 7, problemId: 'algoc21', title: 'Sum', auth: 3 });
    expect(body).toMatchObject({ cid: 3, displayId: 'B', displayTitle: 'Sum it' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/group/7/contest/3/problems'));
  });

  it("manages the contest's announcements through the group calls", async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const fetchMock = stubGroup(4, {
      '/api/group/get-contest-announcement-list': page([
        { id: 4, cid: 3, title: 'Clarification', content: 'Read carefully', gmtCreate: '2026-03-01T09:00:00.000Z' },
      ]),
      '/api/group/contest-announcement': json(null),
    });
    renderContests('/group/7/contest/3/announcement');
    await screen.findByText('Clarification');
    const [url] = callsTo(fetchMock, '/api/group/get-contest-announcement-list')[0] ?? [];
    expect(queryOf(url).get('cid')).toBe('3');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const tip = (await screen.findAllByRole('tooltip')).at(-1) as HTMLElement;
    fireEvent.click(within(tip).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/group/contest-announcement')).toHaveLength(1));
    const [deleteUrl, init] = callsTo(fetchMock, '/api/group/contest-announcement')[0] ?? [];
    expect(init?.method).toBe('DELETE');
    expect(Object.fromEntries(queryOf(deleteUrl))).toEqual({ aid: '4', cid: '3' });
  });
});
