import type { Discussion, GroupMember, Training } from '@oj/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEY_COLUMN_CLASS } from '../../components/responsive-table';
import { session } from '../../lib/auth-store';
import { discussionFixture, NO_HOMEWORK_VIEW, userInfoFixture } from '../../test-fixtures';
import { callsTo, json, page, screenWidth, setupI18n, stubServer } from '../../test-utils';
import GroupAnnouncementPage from './group-announcement-page';
import { GroupDiscussionList } from './group-discussion-page';
import GroupMemberPage from './group-member-page';
import GroupProblemPage from './group-problem-page';
import GroupRankPage from './group-rank-page';
import { GROUP, renderGroup } from './group-test-support';
import GroupTrainingPage from './group-training-page';

/** The group's tables on a 390 px phone: what each list is for in its row (the member tables keep their checkboxes),
 * the rest in the row's details; and a seeded discussion category in the reader's language. */

const keyHeaders = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .filter((h) => h.classList.contains(KEY_COLUMN_CLASS))
    .map((h) => h.textContent);
const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent)
    .filter(Boolean);
/** Opens a table's first row's details; their terms and the list. */
const openDetails = (table: HTMLElement) => {
  fireEvent.click(within(table).getAllByRole('button', { name: /expand/i })[0]);
  const details = within(table).getAllByRole('definition')[0].closest('dl') as HTMLElement;
  return {
    details,
    terms: within(details)
      .getAllByRole('term')
      .map((t) => t.textContent),
  };
};

const member = (uid: string, username: string, auth: number): GroupMember => ({
  id: auth * 100 + username.length,
  gid: 7,
  uid,
  username,
  realname: `${username} real`,
  avatar: null,
  auth,
  reason: auth < 3 ? 'I like algorithms' : null,
  gmtCreate: '2026-01-03T08:00:00.000Z',
  gmtModify: '2026-01-03T08:00:00.000Z',
});

const training: Training = {
  id: 31,
  title: 'Loops',
  description: 'Loops and arrays.',
  author: 'alice',
  auth: 'Public',
  categoryId: 2,
  categoryName: 'Basics',
  categoryColor: '#409EFF',
  rank: 1000,
  problemCount: 4,
  acCount: 1,
  gid: 7,
  gmtModified: '2026-01-05T08:00:00.000Z',
  ...NO_HOMEWORK_VIEW,
};

const renderTab = (path: string) =>
  renderGroup(path, [
    { path: 'member', element: <GroupMemberPage /> },
    { path: 'rank', element: <GroupRankPage /> },
    { path: 'problem', element: <GroupProblemPage /> },
    { path: 'training', element: <GroupTrainingPage /> },
    { path: 'discussion', element: <GroupDiscussionList /> },
    { path: 'announcement', element: <GroupAnnouncementPage /> },
  ]);
const tableIn = (name: string) => screen.getByRole('region', { name }).querySelector('table') as HTMLElement;

beforeAll(() => setupI18n('en-US'));
beforeEach(() => session.clear());
afterEach(() => {
  session.clear();
  vi.restoreAllMocks();
});

describe('group tables on a phone', { timeout: 60_000 }, () => {
  it('lists members and applicants by username (real name under it) and level, with their checkboxes', async () => {
    screenWidth(390);
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const fetchMock = stubServer({
      '/api/get-group-detail': json(GROUP),
      '/api/get-group-auth': json(4),
      '/api/group/get-apply-list': page([member('u-dave', 'dave', 1)]),
      '/api/group/get-member-list': page([member('u-carol', 'carol', 3), member('u-alice', 'alice', 4)]),
      '/api/group/members': json({ results: [{ uid: 'u-carol', outcome: 'removed' }] }),
    });
    renderTab('/group/7/member');
    expect(await screen.findByText('carol real')).toBeTruthy();

    const members = tableIn('Members');
    expect(keyHeaders(members)).toEqual(['Username', 'Level']);
    expect(headers(members)).toEqual(['Username', 'Level']);
    expect(within(members).getByRole('combobox', { name: 'Level of carol' })).toBeTruthy();
    const { details, terms } = openDetails(members);
    expect(terms).toEqual(['Joined', 'Reason', 'Actions']);
    // The single remove is in the details; the checkbox stays in the row and the bulk remove still works.
    expect(within(details).getByRole('button', { name: 'Remove carol' })).toBeTruthy();
    fireEvent.click(within(members).getByRole('checkbox', { name: 'Select carol' }));
    fireEvent.click(screen.getByRole('button', { name: /Remove selected \(1\)/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/group/members')).toHaveLength(1));

    const applications = tableIn('Applications');
    expect(keyHeaders(applications)).toEqual(['Username', 'Level']);
    expect(within(applications).getByText('dave real')).toBeTruthy();
    expect(within(applications).getByRole('checkbox', { name: 'Select dave' })).toBeTruthy();
    const apply = openDetails(applications);
    expect(apply.terms).toEqual(['Reason', 'Applied', 'Actions']);
    expect(within(apply.details).getByRole('button', { name: 'Accept dave' })).toBeTruthy();
  });

  it('ranks by place, user and solved count (and score), the rest in the details', async () => {
    screenWidth(390);
    session.signIn('token', userInfoFixture('u-bob', 'bob'));
    stubServer({
      '/api/get-group-detail': json(GROUP),
      '/api/get-group-auth': json(3),
      '/api/get-group-rank-list': page([
        {
          uid: 'u-bob',
          username: 'bob',
          nickname: 'Bobby',
          realname: null,
          signature: null,
          avatar: null,
          titleName: null,
          titleColor: null,
          total: 4,
          ac: 1,
          score: 100,
          acRate: 25,
        },
      ]),
    });
    renderTab('/group/7/rank');
    expect(await screen.findByRole('link', { name: 'bob' })).toBeTruthy();
    const rank = screen.getByRole('table');
    expect(keyHeaders(rank)).toEqual(['No.', 'User', 'AC']);
    const { details, terms } = openDetails(rank);
    expect(terms).toEqual(['Nickname', 'Total', 'AC rate']);
    expect(within(details).getByText('25.00%')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'OI' }));
    await waitFor(() => expect(keyHeaders(screen.getByRole('table'))).toEqual(['No.', 'User', 'AC', 'Score']));
  });

  it('lists problems by status, title, level and AC rate, and trainings by title and progress', async () => {
    screenWidth(390);
    session.signIn('token', userInfoFixture('u-bob', 'bob'));
    stubServer({
      '/api/get-group-detail': json(GROUP),
      '/api/get-group-auth': json(3),
      '/api/group/get-problem-list': page([
        {
          pid: 11,
          problemId: 'algoc1',
          title: 'Two sums',
          difficulty: 1,
          type: 0,
          tags: [],
          ac: 1,
          total: 4,
          myStatus: 0,
        },
      ]),
      '/api/group/get-training-list': page([training]),
    });
    const { router } = renderTab('/group/7/problem');
    expect(await screen.findByRole('link', { name: 'Two sums' })).toBeTruthy();
    const problems = screen.getByRole('table');
    expect(keyHeaders(problems)).toEqual(['Status', 'Title', 'Level', 'AC rate']);
    expect(openDetails(problems).terms).toEqual(['Problem ID']);

    await router.navigate('/group/7/training');
    expect(await screen.findByRole('link', { name: 'Loops' })).toBeTruthy();
    const trainings = screen.getByRole('table');
    expect(keyHeaders(trainings)).toEqual(['Title', 'Progress']);
    const { details, terms } = openDetails(trainings);
    // Opening the details does not open the training (a row's click does).
    expect(router.state.location.pathname).toBe('/group/7/training');
    expect(terms).toEqual(['No.', 'Access', 'Category', 'Problems', 'Author', 'Recent update']);
    expect(within(details).getByText('Basics')).toBeTruthy();
  });

  it('shows group admins each problem’s title and access (auth), its id, author and actions in the details', async () => {
    screenWidth(390);
    session.signIn('token', userInfoFixture('u-owner', 'olivia'));
    stubServer({
      '/api/get-group-detail': json(GROUP),
      '/api/get-group-auth': json(5),
      '/api/group/get-admin-problem-list': page([
        {
          id: 1,
          problemId: 'algoc1',
          title: 'Two sums',
          author: 'alice',
          auth: 1,
          gid: 7,
          isGroup: true,
          applyPublicProgress: null,
          gmtCreate: '2026-01-04T08:00:00.000Z',
          gmtModified: '2026-01-04T08:00:00.000Z',
        },
      ]),
    });
    renderTab('/group/7/problem?mode=admin');
    expect(await screen.findByRole('link', { name: 'Two sums' })).toBeTruthy();
    const problems = screen.getByRole('table');
    expect(keyHeaders(problems)).toEqual(['Title', 'Auth']);
    expect(within(problems).getByRole('combobox', { name: 'Auth algoc1' })).toBeTruthy();
    const { details, terms } = openDetails(problems);
    expect(terms).toEqual(['ID', 'Problem ID', 'Author', 'Options']);
    expect(within(details).getByRole('button', { name: 'Edit' })).toBeTruthy();
  });

  it('shows group admins each discussion’s title and status, and each announcement’s title and visibility', async () => {
    screenWidth(390);
    session.signIn('token', userInfoFixture('u-owner', 'olivia'));
    const post: Discussion = discussionFixture({ title: 'Greedy works', gid: 7, categoryName: '题解', status: 0 });
    stubServer({
      '/api/get-group-detail': json(GROUP),
      '/api/get-group-auth': json(5),
      '/api/discussion-category': json([]),
      '/api/group/get-admin-discussion-list': page([post]),
      '/api/group/get-admin-announcement-list': page([
        {
          id: 1,
          gid: 7,
          title: 'Notice 1',
          content: 'Body',
          uid: 'u-owner',
          username: 'olivia',
          status: 0,
          gmtCreate: '2026-01-04T08:00:00.000Z',
          gmtModified: '2026-01-04T08:00:00.000Z',
        },
      ]),
    });
    const { router } = renderTab('/group/7/discussion?mode=admin');
    expect(await screen.findByRole('link', { name: 'Greedy works' })).toBeTruthy();
    const discussions = screen.getByRole('table');
    expect(keyHeaders(discussions)).toEqual(['Title', 'Status']);
    const { details, terms } = openDetails(discussions);
    expect(terms).toEqual(['ID', 'Author', 'Category', 'Problem', 'Top', 'Posted', 'Options']);
    // A category the site was seeded with, in the reader's language.
    expect(within(details).getByText('Solutions')).toBeTruthy();
    expect(within(details).getByRole('button', { name: 'Delete Greedy works' })).toBeTruthy();

    await router.navigate('/group/7/announcement');
    expect(await screen.findByText('Notice 1')).toBeTruthy();
    const announcements = screen.getByRole('table');
    expect(keyHeaders(announcements)).toEqual(['Title', 'Status']);
    const notice = openDetails(announcements);
    expect(notice.terms).toEqual(['Author', 'Updated', 'Actions']);
    expect(within(notice.details).getByRole('button', { name: 'Edit' })).toBeTruthy();
  });
});
