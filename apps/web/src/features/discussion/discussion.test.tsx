import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../lib/auth-store';
import { loginDialog, loginDialogStore } from '../../lib/ui-store';
import { DISCUSSION_CATEGORIES as CATEGORIES, discussionFixture, userInfoFixture } from '../../test-fixtures';
import {
  callsTo,
  json,
  page,
  queryOf,
  renderWithProviders,
  setupI18n,
  spyOnToasts,
  stubServer,
} from '../../test-utils';
import DiscussionDetailPage from './discussion-detail-page';
import DiscussionListPage from './discussion-list-page';
import {
  buildReportContent,
  discussionDrafts,
  discussionFieldError,
  discussionRights,
  prefixProblemTitle,
  roleBadge,
} from './discussion-model';

const USER = userInfoFixture('u-alice', 'alice');

const DISCUSSION = discussionFixture();

const toasts = spyOnToasts();

beforeAll(() => setupI18n('en-US'));
beforeEach(() => {
  loginDialog.close();
  session.clear();
  discussionDrafts.clearAll();
});
afterEach(() => session.clear());

describe('discussion rules', () => {
  it('builds the report content as "#tag#" for each chosen tag, then the reason, and refuses an empty report', () => {
    expect(buildReportContent(['恶意辱骂', '垃圾广告'], '  buys followers ')).toBe(
      '#垃圾广告##恶意辱骂#buys followers',
    );
    expect(buildReportContent(['抄袭侵权'], '')).toBe('#抄袭侵权#');
    expect(buildReportContent([], 'copied from a blog')).toBe('copied from a blog');
    expect(buildReportContent([], '   ')).toBeNull();
    expect(buildReportContent(['not a tag'], '')).toBeNull();
  });

  it('prefixes a problem discussion title with "[problemId] " once', () => {
    expect(prefixProblemTitle('Greedy works', 'P1001')).toBe('[P1001] Greedy works');
    expect(prefixProblemTitle('[P1001] Greedy works', 'P1001')).toBe('[P1001] Greedy works');
    expect(prefixProblemTitle(' Hello ', '')).toBe('Hello');
    expect(prefixProblemTitle('Hello', null)).toBe('Hello');
  });

  it('checks required fields and the 255 / 65535 limits', () => {
    expect(discussionFieldError('title', '  ')).toEqual({ rule: 'required' });
    expect(discussionFieldError('title', 'x'.repeat(255))).toBeNull();
    expect(discussionFieldError('title', 'x'.repeat(256))).toEqual({ rule: 'max', max: 255 });
    expect(discussionFieldError('description', 'x'.repeat(256))).toEqual({ rule: 'max', max: 255 });
    expect(discussionFieldError('content', 'x'.repeat(65535))).toBeNull();
    expect(discussionFieldError('content', 'x'.repeat(65536))).toEqual({ rule: 'max', max: 65535 });
  });

  it('badges root SPA and admin ADM; the author edits, the author or an admin deletes', () => {
    expect(roleBadge('root')).toBe('SPA');
    expect(roleBadge('admin')).toBe('ADM');
    expect(roleBadge('user')).toBeNull();
    expect(discussionRights({ uid: 'a' }, { uid: 'a', roles: ['user'] })).toEqual({ edit: true, remove: true });
    expect(discussionRights({ uid: 'a' }, { uid: 'b', roles: ['admin'] })).toEqual({ edit: false, remove: true });
    expect(discussionRights({ uid: 'a' }, { uid: 'b', roles: ['user'] })).toEqual({ edit: false, remove: false });
    expect(discussionRights({ uid: 'a' }, { uid: null, roles: [] })).toEqual({ edit: false, remove: false });
  });
});

const renderList = (path = '/discussion') =>
  renderWithProviders(
    [
      { path: '/discussion', element: <DiscussionListPage /> },
      { path: '/discussion/:problemID', element: <DiscussionListPage /> },
      { path: '/discussion-detail/:discussionID', element: <h1>Detail screen</h1> },
    ],
    path,
  );

describe('discussion list', { timeout: 60_000 }, () => {
  it('lists 10 a page with author badge, category, pin and counts; a visitor is asked to log in to post', async () => {
    const fetchMock = stubServer({
      '/api/get-discussion-list': page([DISCUSSION]),
      '/api/discussion-category': json(CATEGORIES),
    });
    renderList();
    expect(await screen.findByRole('link', { name: '[P1001] Greedy works' })).toBeTruthy();
    expect(screen.getByText('SPA')).toBeTruthy();
    expect(screen.getByText('Top')).toBeTruthy();
    expect(screen.getAllByText('Solutions').length).toBeGreaterThan(0);
    expect(screen.getByLabelText('12 views')).toBeTruthy();
    // Visitors get no "only mine" switch.
    expect(screen.queryByRole('switch', { name: 'Only mine' })).toBeNull();
    const [url] = callsTo(fetchMock, '/api/get-discussion-list')[0] ?? [];
    expect(queryOf(String(url)).get('limit')).toBe('10');

    fireEvent.click(screen.getByRole('button', { name: 'Post a discussion' }));
    expect(toasts.warning).toHaveBeenCalledWith('Please login first', expect.anything());
    expect(loginDialogStore.get().open).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the categories a new site starts with in the reader's language, and renamed ones as named", async () => {
    stubServer({
      '/api/get-discussion-list': page([{ ...DISCUSSION, categoryName: '题解' }]),
      '/api/discussion-category': json([
        { id: 7, name: '题解', gid: null, gmtCreate: '', gmtModified: '' },
        { id: 8, name: '闲聊', gid: null, gmtCreate: '', gmtModified: '' },
        { id: 9, name: '比赛', gid: null, gmtCreate: '', gmtModified: '' },
      ]),
    });
    renderList();
    expect(await screen.findByRole('checkbox', { name: 'Chat' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: '比赛' })).toBeTruthy();
    // The chip and the post's tag.
    await waitFor(() => expect(screen.getAllByText('Solutions')).toHaveLength(2));
    expect(screen.queryByText('题解')).toBeNull();
  });

  it('filters by category and only-mine through the URL and the call', async () => {
    session.signIn('token', USER);
    const fetchMock = stubServer({
      '/api/get-discussion-list': page([DISCUSSION]),
      '/api/discussion-category': json(CATEGORIES),
    });
    const { router } = renderList();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'General' }));
    await waitFor(() => expect(router.state.location.search).toBe('?cid=1'));
    fireEvent.click(screen.getByRole('switch', { name: 'Only mine' }));
    await waitFor(() => expect(router.state.location.search).toBe('?cid=1&onlyMine=true'));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, '/api/get-discussion-list').some(([url]) => {
          const q = queryOf(String(url));
          return q.get('cid') === '1' && q.get('onlyMine') === 'true';
        }),
      ).toBe(true),
    );
  });

  it('keeps the draft of a cancelled create and prefixes the problem id on posting', async () => {
    session.signIn('token', USER);
    const fetchMock = stubServer({
      '/api/get-discussion-list': page([]),
      '/api/discussion-category': json(CATEGORIES),
      '/api/discussion': json({ ...DISCUSSION, id: 42, title: '[P1001] My idea' }),
    });
    const { router } = renderList('/discussion/P1001');
    expect(await screen.findByText('Discussions of problem P1001')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Post a discussion' }));
    const dialog = await screen.findByRole('dialog');
    const pid = within(dialog).getByLabelText('Problem ID (optional)') as HTMLInputElement;
    expect(pid.value).toBe('P1001');
    expect(pid.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'My idea' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Short' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Post a discussion' }));
    const again = await screen.findByRole('dialog');
    expect((within(again).getByLabelText('Title') as HTMLInputElement).value).toBe('My idea');
    expect((within(again).getByLabelText('Description') as HTMLInputElement).value).toBe('Short');
    expect(within(again).getByText('Your unposted draft was kept')).toBeTruthy();

    // Missing content and category are refused with their required messages, nothing is sent.
    fireEvent.click(within(again).getByRole('button', { name: 'Post' }));
    expect(await within(again).findByText('Content is required')).toBeTruthy();
    expect(within(again).getByText('Category is required')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/discussion')).toHaveLength(0);

    fireEvent.change(within(again).getByLabelText('Content'), { target: { value: 'Use a heap.' } });
    fireEvent.mouseDown(within(again).getByRole('combobox', { name: 'Category' }));
    fireEvent.click(await screen.findByTitle('Solutions'));
    fireEvent.click(within(again).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/discussion')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, '/api/discussion')[0] ?? [];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      title: '[P1001] My idea',
      description: 'Short',
      content: 'Use a heap.',
      categoryId: 2,
      pid: 'P1001',
    });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Post successfully', expect.anything()));
    await waitFor(() => expect(router.state.location.pathname).toBe('/discussion-detail/42'));
    expect(discussionDrafts.get('problem:P1001')).toBeUndefined();
  });

  it('says "is required" and "Can not exceed 255" in the form', async () => {
    session.signIn('token', USER);
    stubServer({ '/api/get-discussion-list': page([]), '/api/discussion-category': json(CATEGORIES) });
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Post a discussion' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'x'.repeat(256) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(await within(dialog).findByText('Can not exceed 255')).toBeTruthy();
    expect(within(dialog).getByText('Description is required')).toBeTruthy();
  });
});

const renderDetail = () =>
  renderWithProviders(
    [
      { path: '/discussion-detail/:discussionID', element: <DiscussionDetailPage /> },
      { path: '/discussion/:problemID', element: <h1>Problem discussions</h1> },
    ],
    '/discussion-detail/9',
  );

describe('discussion detail', { timeout: 60_000 }, () => {
  it('asks a visitor to log in before liking or reporting, and hides edit and delete', async () => {
    const fetchMock = stubServer({
      '/api/get-discussion-detail': json(DISCUSSION),
      '/api/discussion-category': json(CATEGORIES),
    });
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: /Like/ }));
    expect(toasts.warning).toHaveBeenCalledWith('Please login first', expect.anything());
    expect(loginDialogStore.get().open).toBe(true);
    expect(callsTo(fetchMock, '/api/discussion-like')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: /Report/ }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    // The comment section sits below the post and loads the discussion's comments.
    const comments = screen.getByRole('region', { name: 'Comments' });
    expect(within(comments).getByRole('textbox', { name: 'Comment content' })).toBeTruthy();
    await waitFor(() => expect(queryOf(String(callsTo(fetchMock, '/api/comments')[0]?.[0])).get('did')).toBe('9'));
  });

  it('toggles the like and adjusts the count by one', async () => {
    session.signIn('token', USER);
    const fetchMock = stubServer({
      '/api/get-discussion-detail': json(DISCUSSION),
      '/api/discussion-category': json(CATEGORIES),
      '/api/discussion-like': json(null),
    });
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: /Like/ }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Like Successfully', expect.anything()));
    const [url] = callsTo(fetchMock, '/api/discussion-like')[0] ?? [];
    expect(queryOf(String(url)).get('toLike')).toBe('true');
    expect(await screen.findByLabelText('4 likes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Liked/ }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Cancel Like Successfully', expect.anything()));
    expect(await screen.findByLabelText('3 likes')).toBeTruthy();
  });

  it('refuses an empty report and sends tags and reason as "#tag#reason"', async () => {
    session.signIn('token', USER);
    const fetchMock = stubServer({
      '/api/get-discussion-detail': json(DISCUSSION),
      '/api/discussion-category': json(CATEGORIES),
      '/api/discussion-report': json(null),
    });
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: /Report/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(toasts.warning).toHaveBeenCalledWith('The report label and reason cannot be empty', expect.anything());
    expect(callsTo(fetchMock, '/api/discussion-report')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Spam ads' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Plagiarism' }));
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'link farm' } });
    expect((within(dialog).getByLabelText('Reason') as HTMLTextAreaElement).maxLength).toBe(200);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/discussion-report')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, '/api/discussion-report')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ did: 9, content: '#垃圾广告##抄袭侵权#link farm' });
  });

  it('lets the author edit and delete after confirming', async () => {
    session.signIn('token', { ...USER, uid: 'u-root' });
    const fetchMock = stubServer({
      '/api/get-discussion-detail': json(DISCUSSION),
      '/api/discussion-category': json(CATEGORIES),
      '/api/discussion': json(null),
    });
    const { router } = renderDetail();
    expect(await screen.findByRole('button', { name: /Edit/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Delete/ }));
    expect(callsTo(fetchMock, '/api/discussion')).toHaveLength(0);
    const confirm = await screen.findByRole('tooltip');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/discussion')).toHaveLength(1));
    const [url, init] = callsTo(fetchMock, '/api/discussion')[0] ?? [];
    expect(init?.method).toBe('DELETE');
    expect(queryOf(String(url)).get('did')).toBe('9');
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Delete successfully', expect.anything()));
    await waitFor(() => expect(router.state.location.pathname).toBe('/discussion/P1001'));
  });
});

const REFUSED = { allowed: false, reason: 'acRequired', needAc: 1, haveAc: 0, dailyLimit: 0 } as const;

describe('posting permission', { timeout: 60_000 }, () => {
  afterEach(() => setupI18n('en-US'));

  it('says in the new post dialog, before any typing, why posting is refused, and sends nothing', async () => {
    session.signIn('token', USER);
    const fetchMock = stubServer({
      '/api/get-discussion-list': page([]),
      '/api/discussion-category': json(CATEGORIES),
      '/api/discussion-post-permission': json(REFUSED),
    });
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Post a discussion' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('You need 1 accepted problem to post here (you have 0)')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Post' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe('');
    // The site's area: no place named.
    expect([...queryOf(String(callsTo(fetchMock, '/api/discussion-post-permission')[0]?.[0])).keys()]).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'My idea' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(callsTo(fetchMock, '/api/discussion')).toHaveLength(0);
  });

  it("asks about the group's area in a group, and says it in Chinese too", async () => {
    await setupI18n('zh-CN');
    session.signIn('token', USER);
    const fetchMock = stubServer({
      '/api/group/get-discussion-list': page([]),
      '/api/discussion-category': json(CATEGORIES),
      '/api/discussion-post-permission': json({ ...REFUSED, needAc: 3, haveAc: 2 }),
    });
    renderWithProviders(
      [{ path: '/group/:groupID/discussion', element: <DiscussionListPage group={{ gid: 5, admin: false }} /> }],
      '/group/5/discussion',
    );
    fireEvent.click(await screen.findByRole('button', { name: '发布讨论' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('在这里发言需要至少通过 3 道题目（你已通过 2 道）')).toBeTruthy();
    expect(queryOf(String(callsTo(fetchMock, '/api/discussion-post-permission')[0]?.[0])).get('gid')).toBe('5');
  });

  it('shows no notice and keeps the post button when posting is allowed', async () => {
    session.signIn('token', USER);
    const fetchMock = stubServer({
      '/api/get-discussion-list': page([]),
      '/api/discussion-category': json(CATEGORIES),
      '/api/discussion-post-permission': json({ ...REFUSED, allowed: true, reason: null, haveAc: 4 }),
    });
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Post a discussion' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(callsTo(fetchMock, '/api/discussion-post-permission').length).toBeGreaterThan(0));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect((within(dialog).getByRole('button', { name: 'Post' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe("the discussion's comment counter", { timeout: 60_000 }, () => {
  it('follows a comment, a reply and a delete at once, without reloading the post', async () => {
    session.signIn('token', USER);
    const mine = {
      id: 31,
      did: 9,
      cid: null,
      fromUid: 'u-alice',
      fromName: 'alice',
      fromAvatar: null,
      fromRole: 'user',
      fromTitleName: null,
      fromTitleColor: null,
      content: 'Nice idea',
      likeNum: 0,
      totalReplyNum: 0,
      replyList: [],
      gmtCreate: '2026-01-02T09:00:00.000Z',
    };
    const myReply = {
      id: 41,
      commentId: 31,
      fromUid: 'u-alice',
      fromName: 'alice',
      fromAvatar: null,
      fromRole: 'user',
      fromTitleName: null,
      fromTitleColor: null,
      toUid: 'u-alice',
      toName: 'alice',
      toAvatar: null,
      content: 'And a heap',
      gmtCreate: '2026-01-02T09:01:00.000Z',
    };
    const fetchMock = stubServer({
      '/api/get-discussion-detail': json(discussionFixture({ commentNum: 2 })),
      '/api/discussion-category': json(CATEGORIES),
      '/api/comments': json({ commentList: { records: [], total: 2, size: 10, current: 1 }, commentLikeMap: {} }),
      '/api/comment': json(mine),
      '/api/reply': json(myReply),
    });
    renderDetail();
    expect(await screen.findByLabelText('2 comments')).toBeTruthy();

    const comments = screen.getByRole('region', { name: 'Comments' });
    fireEvent.change(within(comments).getByRole('textbox', { name: 'Comment content' }), {
      target: { value: 'Nice idea' },
    });
    fireEvent.click(within(comments).getByRole('button', { name: 'Comment' }));
    expect(await screen.findByLabelText('3 comments')).toBeTruthy();

    const article = within(comments).getByText('Nice idea').closest('article') as HTMLElement;
    fireEvent.click(within(article).getByRole('button', { name: /Reply$/ }));
    fireEvent.change(await within(article).findByRole('textbox', { name: 'Reply content' }), {
      target: { value: 'And a heap' },
    });
    fireEvent.click(within(article).getByRole('button', { name: 'Reply' }));
    expect(await screen.findByLabelText('4 comments')).toBeTruthy();

    // The comment goes with its reply.
    fireEvent.click(within(article).getAllByRole('button', { name: /Delete/ })[0] as HTMLElement);
    fireEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByLabelText('2 comments')).toBeTruthy();
    // The post itself was read once.
    expect(callsTo(fetchMock, '/api/get-discussion-detail')).toHaveLength(1);
  });
});
