import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../lib/auth-store';
import { changeLanguage } from '../../lib/i18n';
import { DISCUSSION_CATEGORIES as CATEGORIES, discussionFixture, userInfoFixture } from '../../test-fixtures';
import { callsTo, json, page, queryOf, setupI18n, spyOnToasts } from '../../test-utils';
import { discussionDrafts, discussionPaths, discussionRights } from '../discussion/discussion-model';
import { GroupDiscussionDetails, GroupDiscussionList } from './group-discussion-page';
import { renderGroup, stubGroup } from './group-test-support';
import groupEn from './texts/en-US';
import groupZh from './texts/zh-CN';

/** The group discussion tab's texts, each as [zh-CN, en-US]. */
const GROUP_DISCUSSION_TEXTS = Object.entries(groupZh)
  .filter(([key]) => key.startsWith('Group_Discussion_'))
  .map(([key, zh]) => [key, [zh, groupEn[key as keyof typeof groupEn]]] as const);

const POST = discussionFixture({
  title: '[algoc1] Greedy works',
  pid: 'algoc1',
  uid: 'u-bob',
  author: 'bob',
  role: 'user',
  gid: 7,
});

const toasts = spyOnToasts();

beforeAll(() => {
  return setupI18n('en-US');
});
beforeEach(() => {
  session.clear();
  discussionDrafts.clearAll();
});
afterEach(() => session.clear());

const renderDiscussions = (path: string) =>
  renderGroup(
    path,
    [
      { path: 'discussion', element: <GroupDiscussionList /> },
      { path: 'discussion/:problemID', element: <GroupDiscussionList /> },
      { path: 'discussion-detail/:discussionID', element: <GroupDiscussionDetails /> },
      { path: 'problem/:problemID', element: <h1>Group problem screen</h1> },
    ],
    [{ path: '/discussion-detail/:discussionID', element: <h1>Site discussion screen</h1> }],
  );

/** The group shell's calls, the viewer's membership level, the site's categories and the test's own answers. */
const stubDiscussions = (level: number, extra: Record<string, () => Response> = {}) =>
  stubGroup(level, { '/api/discussion-category': json(CATEGORIES), ...extra });

const hrefOf = (el: HTMLElement) => el.getAttribute('href');

describe('group discussion rules', () => {
  it('keeps links inside the group and gives delete to the author or a group admin only', () => {
    expect(discussionPaths(7).detail(9)).toBe('/group/7/discussion-detail/9');
    expect(discussionPaths(7).problemList('a b')).toBe('/group/7/discussion/a%20b');
    expect(discussionPaths(7).problem('algoc1')).toBe('/group/7/problem/algoc1');
    expect(discussionPaths().list).toBe('/discussion');
    const group = { gid: 7, admin: false };
    expect(discussionRights({ uid: 'a' }, { uid: 'a', roles: ['user'] }, group)).toEqual({ edit: true, remove: true });
    expect(discussionRights({ uid: 'a' }, { uid: 'b', roles: ['user'] }, { gid: 7, admin: true })).toEqual({
      edit: false,
      remove: true,
    });
    // The site's admin role counts in the site's area, not in a group where they are no group admin.
    expect(discussionRights({ uid: 'a' }, { uid: 'b', roles: ['admin'] }, group)).toEqual({
      edit: false,
      remove: false,
    });
  });
});

describe('group discussion list', { timeout: 60_000 }, () => {
  it("lists the group's discussions through the group call, with links that stay in the group", async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const fetchMock = stubDiscussions(3, { '/api/group/get-discussion-list': page([POST]) });
    renderDiscussions('/group/7/discussion');
    const title = await screen.findByRole('link', { name: '[algoc1] Greedy works' });
    expect(hrefOf(title)).toBe('/group/7/discussion-detail/9');
    expect(hrefOf(screen.getByRole('link', { name: 'Problem algoc1' }))).toBe('/group/7/problem/algoc1');
    const [url] = callsTo(fetchMock, '/api/group/get-discussion-list')[0] ?? [];
    const q = queryOf(String(url));
    expect(q.get('gid')).toBe('7');
    expect(q.get('limit')).toBe('10');
    expect(q.has('pid')).toBe(false);
    // The site's list is not asked, and its filters (keyword, category, only mine) are not offered.
    expect(callsTo(fetchMock, '/api/get-discussion-list')).toHaveLength(0);
    expect(screen.queryByRole('searchbox', { name: 'Search discussions' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Only mine' })).toBeNull();
    // A member has no admin mode.
    expect(screen.queryByRole('switch', { name: 'Admin mode' })).toBeNull();
  });

  it("asks for one problem's discussions with pid and links back into the group", async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const fetchMock = stubDiscussions(3, { '/api/group/get-discussion-list': page([POST]) });
    renderDiscussions('/group/7/discussion/algoc1');
    expect(await screen.findByText('Discussions of problem algoc1')).toBeTruthy();
    await waitFor(() => expect(callsTo(fetchMock, '/api/group/get-discussion-list')).toHaveLength(1));
    const q = queryOf(String(callsTo(fetchMock, '/api/group/get-discussion-list')[0]?.[0]));
    expect(q.get('gid')).toBe('7');
    expect(q.get('pid')).toBe('algoc1');
    expect(hrefOf(screen.getByRole('link', { name: 'Back to the problem' }))).toBe('/group/7/problem/algoc1');
    expect(hrefOf(screen.getByRole('link', { name: 'All discussions' }))).toBe('/group/7/discussion');
  });

  it('posts a new discussion to the group with its gid and opens it inside the group', async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const fetchMock = stubDiscussions(3, {
      '/api/group/get-discussion-list': page([]),
      '/api/group/discussion': json({ ...POST, id: 42, uid: 'u-alice', author: 'alice' }),
      '/api/get-discussion-detail': json({ ...POST, id: 42, uid: 'u-alice', author: 'alice' }),
    });
    const { router } = renderDiscussions('/group/7/discussion/algoc1');
    fireEvent.click(await screen.findByRole('button', { name: 'Post a discussion' }));
    const dialog = await screen.findByRole('dialog');
    // A member sets no top priority; the problem is fixed.
    expect(within(dialog).queryByRole('switch', { name: 'Top priority' })).toBeNull();
    expect((within(dialog).getByLabelText('Problem ID (optional)') as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'My idea' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Short' } });
    fireEvent.change(within(dialog).getByLabelText('Content'), { target: { value: 'Use a heap.' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Category' }));
    fireEvent.click(await screen.findByTitle('General'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/group/discussion')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, '/api/group/discussion')[0] ?? [];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      title: '[algoc1] My idea',
      description: 'Short',
      content: 'Use a heap.',
      categoryId: 1,
      pid: 'algoc1',
      gid: 7,
    });
    expect(callsTo(fetchMock, '/api/discussion')).toHaveLength(0);
    await waitFor(() => expect(router.state.location.pathname).toBe('/group/7/discussion-detail/42'));
  });

  it("offers a group admin the admin table, pinning through discussion-top and deleting through the group's call", async () => {
    session.signIn('token', userInfoFixture('u-adam', 'adam'));
    const disabled = { ...POST, id: 10, title: 'Hidden post', status: 1, topPriority: false, pid: null };
    const fetchMock = stubDiscussions(4, {
      '/api/group/get-discussion-list': page([POST]),
      '/api/group/get-admin-discussion-list': page([POST, disabled]),
      '/api/group/discussion-top': json(null),
      '/api/group/discussion': json(null),
    });
    const { router } = renderDiscussions('/group/7/discussion');
    await screen.findByRole('link', { name: '[algoc1] Greedy works' });
    fireEvent.click(screen.getByRole('switch', { name: 'Admin mode' }));
    await waitFor(() => expect(router.state.location.search).toBe('?mode=admin'));
    expect(await screen.findByText('Hidden post')).toBeTruthy();
    expect(queryOf(String(callsTo(fetchMock, '/api/group/get-admin-discussion-list')[0]?.[0])).get('gid')).toBe('7');
    expect(screen.getByText('Disabled')).toBeTruthy();
    expect(hrefOf(screen.getByRole('link', { name: 'Hidden post' }))).toBe('/group/7/discussion-detail/10');

    fireEvent.click(screen.getByRole('switch', { name: 'Top [algoc1] Greedy works' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/group/discussion-top')).toHaveLength(1));
    const [, pinInit] = callsTo(fetchMock, '/api/group/discussion-top')[0] ?? [];
    expect(pinInit?.method).toBe('PUT');
    expect(JSON.parse(String(pinInit?.body))).toEqual({ did: 9, topPriority: false });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Update Successfully', expect.anything()));

    fireEvent.click(screen.getByRole('button', { name: 'Delete Hidden post' }));
    expect(callsTo(fetchMock, '/api/group/discussion')).toHaveLength(0);
    const confirm = await screen.findByRole('tooltip');
    fireEvent.click(within(confirm).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/group/discussion')).toHaveLength(1));
    const [url, init] = callsTo(fetchMock, '/api/group/discussion')[0] ?? [];
    expect(init?.method).toBe('DELETE');
    expect(queryOf(String(url)).get('did')).toBe('10');
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Delete successfully', expect.anything()));
  });

  it('has no admin switch on a problem list, even for a group admin', async () => {
    session.signIn('token', userInfoFixture('u-adam', 'adam'));
    stubDiscussions(4, { '/api/group/get-discussion-list': page([POST]) });
    renderDiscussions('/group/7/discussion/algoc1');
    await screen.findByRole('link', { name: '[algoc1] Greedy works' });
    expect(screen.queryByRole('switch', { name: 'Admin mode' })).toBeNull();
  });
});

describe('group discussion detail', { timeout: 60_000 }, () => {
  it("lets the author edit and delete through the group's calls, then returns to the group's problem list", async () => {
    session.signIn('token', userInfoFixture('u-bob', 'bob'));
    const fetchMock = stubDiscussions(3, {
      '/api/get-discussion-detail': json(POST),
      '/api/group/discussion': json({ ...POST, title: '[algoc1] Greedy works well' }),
    });
    const { router } = renderDiscussions('/group/7/discussion-detail/9');
    expect(await screen.findByText('[algoc1] Greedy works')).toBeTruthy();
    // Read through the site's call; the comments below the post too.
    expect(queryOf(String(callsTo(fetchMock, '/api/get-discussion-detail')[0]?.[0])).get('did')).toBe('9');
    expect(hrefOf(screen.getByRole('link', { name: 'Problem algoc1' }))).toBe('/group/7/discussion/algoc1');

    fireEvent.click(screen.getByRole('button', { name: /Edit/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: '[algoc1] Greedy works well' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/group/discussion')).toHaveLength(1));
    const [, put] = callsTo(fetchMock, '/api/group/discussion')[0] ?? [];
    expect(put?.method).toBe('PUT');
    expect(JSON.parse(String(put?.body))).toMatchObject({ id: 9, gid: 7, title: '[algoc1] Greedy works well' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: /Delete/ }));
    const confirm = await screen.findByRole('tooltip');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/group/discussion')).toHaveLength(2));
    const [url, del] = callsTo(fetchMock, '/api/group/discussion')[1] ?? [];
    expect(del?.method).toBe('DELETE');
    expect(queryOf(String(url)).get('did')).toBe('9');
    expect(callsTo(fetchMock, '/api/discussion')).toHaveLength(0);
    await waitFor(() => expect(router.state.location.pathname).toBe('/group/7/discussion/algoc1'));
  });

  it('shows delete but not edit to a group admin who is not the author', async () => {
    session.signIn('token', userInfoFixture('u-adam', 'adam'));
    stubDiscussions(4, { '/api/get-discussion-detail': json(POST) });
    renderDiscussions('/group/7/discussion-detail/9');
    expect(await screen.findByRole('button', { name: /Delete/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
  });

  it("shows neither to another member, not even one with the site's admin role", async () => {
    session.signIn('token', userInfoFixture('u-carol', 'carol', ['admin']));
    stubDiscussions(3, { '/api/get-discussion-detail': json(POST) });
    renderDiscussions('/group/7/discussion-detail/9');
    expect(await screen.findByRole('button', { name: /Like/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
  });

  it("opens a site discussion reached through a group's address in the site's area", async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    stubDiscussions(3, { '/api/get-discussion-detail': json({ ...POST, gid: null }) });
    const { router } = renderDiscussions('/group/7/discussion-detail/9');
    expect(await screen.findByRole('heading', { name: 'Site discussion screen' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/discussion-detail/9');
  });
});

describe('group discussion texts', { timeout: 60_000 }, () => {
  it('has every text in both languages, Chinese in the Chinese UI', async () => {
    for (const [key, [zh, en]] of GROUP_DISCUSSION_TEXTS) {
      expect(zh, key).toBeTruthy();
      expect(en, key).toBeTruthy();
      expect(/[\u4e00-\u9fff]/.test(zh), key).toBe(true);
    }
    session.signIn('token', userInfoFixture('u-owner', 'olivia'));
    stubDiscussions(5, { '/api/group/get-admin-discussion-list': page([POST]) });
    await changeLanguage('zh-CN', { save: false });
    try {
      renderDiscussions('/group/7/discussion?mode=admin');
      expect(await screen.findByRole('switch', { name: '管理模式' })).toBeTruthy();
      expect(await screen.findByRole('columnheader', { name: '发布时间' })).toBeTruthy();
      expect(screen.getByRole('button', { name: '删除 [algoc1] Greedy works' })).toBeTruthy();
      expect(screen.getByText('正常')).toBeTruthy();
    } finally {
      await changeLanguage('en-US', { save: false });
    }
  });
});
