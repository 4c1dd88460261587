import type { Group, GroupMember } from '@oj/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../lib/auth-store';
import { changeLanguage } from '../../lib/i18n';
import { loginDialog, loginDialogStore } from '../../lib/ui-store';
import { userInfoFixture } from '../../test-fixtures';
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
import GroupAnnouncementPage from './group-announcement-page';
import GroupListPage from './group-list-page';
import GroupMemberPage from './group-member-page';
import {
  canEditMember,
  canRemoveMember,
  codeOk,
  groupTabOf,
  memberLevelChoices,
  reasonOk,
  shortenName,
  textWidth,
  visibleGroupTabs,
} from './group-model';
import GroupRankPage from './group-rank-page';
import GroupSettingPage from './group-setting-page';
import { GROUP, renderGroup } from './group-test-support';
import groupEn from './texts/en-US';
import groupZh from './texts/zh-CN';

/** The group pages' own texts, each as [zh-CN, en-US]; the training, discussion and contest tabs' are tested with
 * those tabs. */
const GROUP_TEXTS = Object.entries(groupZh)
  .filter(([key]) => !/^Group_(Training|Discussion|Contest)_/.test(key))
  .map(([key, zh]) => [key, [zh, groupEn[key as keyof typeof groupEn]]] as const);

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

const toasts = spyOnToasts();

beforeAll(() => {
  // antd tables, selects and forms render slowly in jsdom on a busy machine: wait for them, never sleep.
  return setupI18n('en-US');
});
beforeEach(() => {
  loginDialog.close();
  session.clear();
});
afterEach(() => session.clear());

describe('group rules', () => {
  it('cuts a name after 26 width units, a CJK character counting two', () => {
    expect(textWidth('ab团队')).toBe(6);
    expect(shortenName('Algorithm Club')).toBe('Algorithm Club');
    expect(shortenName('x'.repeat(25))).toBe('x'.repeat(25));
    expect(shortenName('信息学奥赛集训队二零二六年夏季班')).toBe('信息学奥赛集训队二零二六年...');
    const twelve = '团队'.repeat(6);
    expect(shortenName(`${twelve}ab`)).toBe(`${twelve}ab`);
    expect(shortenName(`${twelve}abc`)).toBe(`${twelve}ab...`);
  });

  it('needs a 6-character code unless public, and a reason of 5-100 when one is given', () => {
    expect(codeOk(1, '')).toBe(true);
    expect(codeOk(2, '')).toBe(false);
    expect(codeOk(3, ' ABC123 ')).toBe(true);
    expect(codeOk(2, 'ABC12')).toBe(false);
    expect(reasonOk('')).toBe(true);
    expect(reasonOk('hey')).toBe(false);
    expect(reasonOk('I like it')).toBe(true);
    expect(reasonOk('x'.repeat(101))).toBe(false);
  });

  it('lets a group admin edit only rows below their level and give only lower levels; nobody edits the owner', () => {
    const admin = { uid: 'u-alice', role: 'admin' as const, level: 4 };
    const owner = { uid: 'u-owner', role: 'root' as const, level: 5 };
    expect(canEditMember(admin, { uid: 'u-carol', auth: 3 }, 'u-owner')).toBe(true);
    expect(canEditMember(admin, { uid: 'u-bob', auth: 4 }, 'u-owner')).toBe(false);
    expect(canEditMember(owner, { uid: 'u-bob', auth: 4 }, 'u-owner')).toBe(true);
    expect(canEditMember(owner, { uid: 'u-owner', auth: 5 }, 'u-owner')).toBe(false);
    expect(memberLevelChoices(admin, 3)).toEqual([
      { level: 3, disabled: false },
      { level: 4, disabled: true },
    ]);
    expect(memberLevelChoices(owner, 3)).toEqual([
      { level: 3, disabled: false },
      { level: 4, disabled: false },
    ]);
    expect(memberLevelChoices(owner, 5).at(-1)).toEqual({ level: 5, disabled: true });
    expect(canRemoveMember(admin, { uid: 'u-alice' }, 'u-owner')).toBe(false);
    expect(canRemoveMember(admin, { uid: 'u-owner' }, 'u-owner')).toBe(false);
    expect(canRemoveMember({ uid: 'u-x', role: 'member', level: 3 }, { uid: 'u-carol' }, 'u-owner')).toBe(false);
  });

  it('shows the tabs by role, the discussion tab by the switch, and a tab only once its feature exists', () => {
    const keys = (role: Parameters<typeof visibleGroupTabs>[0]) => visibleGroupTabs(role).map((x) => x.key);
    expect(keys('outsider')).toEqual(['home', 'problem', 'training', 'contest', 'status', 'rank']);
    expect(visibleGroupTabs('outsider').find((x) => x.key === 'rank')?.disabled).toBe(true);
    expect(visibleGroupTabs('outsider').find((x) => x.key === 'problem')?.disabled).toBe(true);
    expect(keys('member')).toEqual(['home', 'problem', 'training', 'contest', 'status', 'rank']);
    expect(keys('admin')).toEqual([
      'home',
      'problem',
      'training',
      'contest',
      'status',
      'rank',
      'announcement',
      'member',
      'plagiarism',
      'gradebook',
      'reviewed-submissions',
    ]);
    expect(visibleGroupTabs('member', { openGroupDiscussion: true }).map((x) => x.key)).toContain('discussion');
    expect(groupTabOf('/group/7', '7')).toBe('home');
    expect(groupTabOf('/group/7/submission-detail/3', '7')).toBe('status');
    expect(groupTabOf('/group/7/discussion-detail/3', '7')).toBe('discussion');
    expect(groupTabOf('/group/7/member', '7')).toBe('member');
    expect(groupTabOf('/group/7/reviewed-submissions', '7')).toBe('reviewed-submissions');
  });
});

const HIDDEN: Group = {
  ...GROUP,
  id: 8,
  name: '信息学奥赛集训队二零二六年夏季班',
  owner: 'root',
  uid: 'u-root',
  auth: 1,
  visible: false,
  memberCount: 3,
};

const renderList = (path = '/group') =>
  renderWithProviders(
    [
      { path: '/group', element: <GroupListPage /> },
      { path: '/group/:groupID', element: <h1>Group home screen</h1> },
    ],
    path,
  );

describe('group list', { timeout: 60_000 }, () => {
  it('shows cards with owner, brief, members, type and hidden tag; a visitor is asked to log in', async () => {
    const fetchMock = stubServer({ '/api/get-group-list': page([GROUP, HIDDEN]) });
    renderList();
    const card = await screen.findByRole('button', { name: 'Open group Algorithm Club' });
    expect(within(card).getByText('We solve problems together')).toBeTruthy();
    expect(within(card).getByText(/olivia/)).toBeTruthy();
    expect(within(card).getByText('12')).toBeTruthy();
    expect(within(card).getByText('Protected')).toBeTruthy();
    expect(within(card).queryByText('Hidden')).toBeNull();
    const hidden = screen.getByRole('button', { name: `Open group ${HIDDEN.name}` });
    expect(within(hidden).getByText('信息学奥赛集训队二零二六年...')).toBeTruthy();
    expect(within(hidden).getByText('Hidden')).toBeTruthy();
    expect(within(hidden).getByText('Public')).toBeTruthy();
    // Visitors have neither the My Group toggle nor the create button.
    expect(screen.queryByRole('radio', { name: 'My Group' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Create Group/ })).toBeNull();
    const [url] = callsTo(fetchMock, '/api/get-group-list')[0] ?? [];
    expect(queryOf(String(url)).get('limit')).toBe('15');

    fireEvent.click(card);
    expect(toasts.warning).toHaveBeenCalledWith('Please login first', expect.anything());
    expect(loginDialogStore.get().open).toBe(true);
  });

  it('filters by type, keyword and my groups through the URL and the call; a user opens a group', async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const fetchMock = stubServer({ '/api/get-group-list': page([GROUP]) });
    const { router } = renderList();
    await screen.findByRole('button', { name: 'Open group Algorithm Club' });
    expect(screen.queryByRole('button', { name: /Create Group/ })).toBeNull();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Type' }));
    fireEvent.click(await screen.findByTitle('Private'));
    await waitFor(() => expect(router.state.location.search).toBe('?auth=3'));
    fireEvent.click(screen.getByRole('radio', { name: 'My Group' }));
    await waitFor(() => expect(router.state.location.search).toBe('?auth=3&onlyMine=true'));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search groups' }), { target: { value: ' club ' } });
    fireEvent.keyDown(screen.getByRole('searchbox', { name: 'Search groups' }), { key: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(
        callsTo(fetchMock, '/api/get-group-list').some(([url]) => {
          const q = queryOf(String(url));
          return q.get('auth') === '3' && q.get('onlyMine') === 'true' && q.get('keyword') === 'club';
        }),
      ).toBe(true),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Open group Algorithm Club' }));
    expect(await screen.findByRole('heading', { name: 'Group home screen' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/group/7');
  });

  it('lets an admin role create a group, checking the limits first and showing the server refusal', async () => {
    session.signIn('token', userInfoFixture('u-teacher', 'teacher', ['admin']));
    const fetchMock = stubServer({
      '/api/get-group-list': page([]),
      '/api/group': json(null, 400, 'This group name is taken'),
    });
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: /Create Group/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'abc' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Type' }));
    fireEvent.click(await screen.findByTitle(/^Private/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The group name must be 5 to 25 characters')).toBeTruthy();
    expect(within(dialog).getByText('The invitation code must be exactly 6 characters')).toBeTruthy();
    expect(within(dialog).getByText('The description must be 5 to 1000 characters')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/group')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Algorithm Club' } });
    fireEvent.change(within(dialog).getByLabelText('Short name'), { target: { value: 'algoc' } });
    fireEvent.change(within(dialog).getByLabelText('Brief'), { target: { value: 'We solve problems' } });
    fireEvent.change(within(dialog).getByLabelText('Invitation code'), { target: { value: 'ABC123' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: '## Hello club' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This group name is taken')).toBeTruthy();
    const [, init] = callsTo(fetchMock, '/api/group')[0] ?? [];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Algorithm Club',
      shortName: 'algoc',
      brief: 'We solve problems',
      description: '## Hello club',
      auth: 3,
      code: 'ABC123',
      visible: true,
    });
  });
});

const renderTabs = (path = '/group/7') =>
  renderGroup(
    path,
    [
      { path: 'member', element: <GroupMemberPage /> },
      { path: 'rank', element: <GroupRankPage /> },
      { path: 'announcement', element: <GroupAnnouncementPage /> },
      { path: 'setting', element: <GroupSettingPage /> },
    ],
    [{ path: '/group', element: <h1>Group list screen</h1> }],
  );

/** An option of the open select (the selected value of every select carries the same title). */
const option = (title: string) =>
  waitFor(() => {
    const el = document.querySelector(`.ant-select-item-option[title="${title}"]`);
    if (!el) throw new Error(`no option ${title}`);
    return el as HTMLElement;
  });
const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const tab = (name: string) => screen.getByRole('tab', { name });

describe('group shell and home', { timeout: 60_000 }, () => {
  const stubGroup = (level: number, group: Group = GROUP, extra: Record<string, () => Response> = {}) =>
    stubServer({
      '/api/get-group-detail': json(group),
      '/api/get-group-auth': json(level),
      '/api/group/get-announcement-list': page([
        {
          id: 1,
          gid: 7,
          title: 'Welcome week',
          content: 'Read the rules.',
          uid: 'u-owner',
          username: 'olivia',
          status: 0,
          gmtCreate: '2026-01-04T08:00:00.000Z',
          gmtModified: '2026-01-04T08:00:00.000Z',
        },
      ]),
      ...extra,
    });

  it('shows an outsider the home with the Apply button and the other tabs disabled', async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const fetchMock = stubGroup(0);
    renderTabs();
    expect(await screen.findByText('Welcome to the club.')).toBeTruthy();
    expect(tabNames()).toEqual(['Home', 'Problem', 'Training', 'Contest', 'Submission', 'Discussion', 'Rank']);
    expect(tab('Rank').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: /Apply/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Exit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Disband/ })).toBeNull();
    // The announcements are for members only.
    expect(screen.queryByText('Welcome week')).toBeNull();
    expect(callsTo(fetchMock, '/api/group/get-announcement-list')).toHaveLength(0);
    const info = screen.getByRole('complementary', { name: 'Group info' });
    expect(within(info).getByText('7')).toBeTruthy();
    expect(within(info).getByText('olivia')).toBeTruthy();
    expect(within(info).getByText('2026-01-02')).toBeTruthy();
  });

  it('gives members the rank and announcements, admins the announcement and member tabs, the owner settings', async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    stubGroup(3);
    const first = renderTabs();
    expect(await screen.findByText('Welcome week')).toBeTruthy();
    expect(tabNames()).toEqual(['Home', 'Problem', 'Training', 'Contest', 'Submission', 'Discussion', 'Rank']);
    expect(tab('Rank').getAttribute('aria-disabled')).toBe('false');
    expect(screen.getByRole('button', { name: /Exit/ })).toBeTruthy();
    expect(screen.getByText('General Member')).toBeTruthy();
    first.unmount();

    stubGroup(4);
    const second = renderTabs();
    await screen.findByText('Welcome week');
    expect(tabNames()).toEqual([
      'Home',
      'Problem',
      'Training',
      'Contest',
      'Submission',
      'Discussion',
      'Rank',
      'Announcement',
      'Member',
      'Copy detection',
      'Gradebook',
      'Reviewed submissions',
    ]);
    expect(screen.queryByRole('button', { name: /Disband/ })).toBeNull();
    second.unmount();

    session.signIn('token', userInfoFixture('u-owner', 'olivia'));
    stubGroup(5);
    const third = renderTabs();
    await screen.findByText('Welcome week');
    expect(tabNames()).toEqual([
      'Home',
      'Problem',
      'Training',
      'Contest',
      'Submission',
      'Discussion',
      'Setting',
      'Rank',
      'Announcement',
      'Member',
      'Copy detection',
      'Gradebook',
      'Reviewed submissions',
    ]);
    expect(screen.getByRole('button', { name: /Disband/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Exit/ })).toBeNull();
    third.unmount();

    // The super admin sees everything without being a member.
    session.signIn('token', userInfoFixture('u-root', 'root', ['root']));
    stubGroup(0);
    renderTabs();
    await screen.findByText('Welcome week');
    expect(tabNames()).toEqual([
      'Home',
      'Problem',
      'Training',
      'Contest',
      'Submission',
      'Discussion',
      'Setting',
      'Rank',
      'Announcement',
      'Member',
      'Copy detection',
      'Gradebook',
      'Reviewed submissions',
    ]);
    expect(screen.getByRole('button', { name: /Disband/ })).toBeTruthy();
  });

  it('closes a tab opened by address to those it is not for', async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const fetchMock = stubGroup(3);
    renderTabs('/group/7/member');
    expect(await screen.findByText('You have no permission to see this page')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/group/get-member-list')).toHaveLength(0);
  });

  it('shows applying and refused states', async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    stubGroup(1);
    const first = renderTabs();
    expect(await screen.findByText('Applying')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Apply/ })).toBeNull();
    first.unmount();
    stubGroup(2);
    renderTabs();
    expect(await screen.findByText('Refused')).toBeTruthy();
  });

  it('joins a public group at once', async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const fetchMock = stubGroup(0, { ...GROUP, auth: 1 }, { '/api/group/member': json({ auth: 3 }) });
    renderTabs();
    fireEvent.click(await screen.findByRole('button', { name: /Join/ }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('You joined the group', expect.anything()));
    const [, init] = callsTo(fetchMock, '/api/group/member')[0] ?? [];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ gid: 7 });
    await waitFor(() => expect(callsTo(fetchMock, '/api/get-group-auth').length).toBeGreaterThan(1));
  });

  it('checks the apply dialog and shows a wrong code and too many tries from the server', async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const answers = [
      json(null, 400, 'The invitation code is wrong'),
      json(null, 429, 'Too many tries; try again later'),
    ];
    const fetchMock = stubGroup(0, GROUP, { '/api/group/member': () => (answers.shift() ?? answers[0])() });
    renderTabs();
    fireEvent.click(await screen.findByRole('button', { name: /Apply/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('The invitation code must be exactly 6 characters')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Invitation code'), { target: { value: 'ABC' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'hey' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('The reason must be 5 to 100 characters')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/group/member')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Invitation code'), { target: { value: 'ABC123' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'I like algorithms' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('The invitation code is wrong')).toBeTruthy();
    const [, init] = callsTo(fetchMock, '/api/group/member')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ gid: 7, code: 'ABC123', reason: 'I like algorithms' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Too many tries; try again later')).toBeTruthy();
    expect(toasts.success).not.toHaveBeenCalled();
  });
});

describe('group members', { timeout: 60_000 }, () => {
  const MEMBERS = [
    member('u-owner', 'olivia', 5),
    member('u-alice', 'alice', 4),
    member('u-bob', 'bob', 4),
    member('u-carol', 'carol', 3),
  ];
  const stubMembers = (level: number) =>
    stubServer({
      '/api/get-group-detail': json(GROUP),
      '/api/get-group-auth': json(level),
      '/api/group/get-apply-list': page([member('u-dave', 'dave', 1), member('u-erin', 'erin', 2)]),
      '/api/group/get-member-list': page(MEMBERS),
      '/api/group/member': json(null),
      '/api/group/search-user': json([
        { uid: 'u-carl', username: 'carl', realname: 'Carl Li', auth: 0 },
        { uid: 'u-carol', username: 'carol', realname: null, auth: 3 },
      ]),
      '/api/group/add-member': json(null),
    });

  it('hides removal for self and the owner and keeps a group admin below their own level', async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    stubMembers(4);
    renderTabs('/group/7/member');
    await screen.findByRole('combobox', { name: 'Level of carol' });
    expect(screen.queryByRole('button', { name: 'Remove olivia' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove alice' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Remove bob' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Remove carol' }) as HTMLButtonElement).disabled).toBe(false);
    for (const name of ['olivia', 'alice', 'bob'])
      expect(screen.getByRole('combobox', { name: `Level of ${name}` }).closest('.ant-select')?.className).toContain(
        'disabled',
      );

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Level of carol' }));
    const admin = await option('Group Admin');
    expect(admin.getAttribute('aria-disabled')).toBe('true');
    expect((await option('General Member')).getAttribute('aria-disabled')).toBe('false');
    expect(document.querySelector('.ant-select-item-option[title="Applying"]')).toBeNull();
    expect(document.querySelector('.ant-select-item-option[title="Group Root"]')).toBeNull();
  });

  it('lets the owner promote, answers applications and adds a user found by the search box', async () => {
    session.signIn('token', userInfoFixture('u-owner', 'olivia'));
    const fetchMock = stubMembers(5);
    renderTabs('/group/7/member');
    const carol = await screen.findByRole('combobox', { name: 'Level of carol' });
    expect(screen.queryByRole('button', { name: 'Remove olivia' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Remove bob' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.mouseDown(carol);
    const admin = await option('Group Admin');
    expect(admin.getAttribute('aria-disabled')).toBe('false');
    fireEvent.click(admin);
    await waitFor(() => expect(callsTo(fetchMock, '/api/group/member')).toHaveLength(1));
    let [, init] = callsTo(fetchMock, '/api/group/member')[0] ?? [];
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ gid: 7, uid: 'u-carol', auth: 4 });

    // Applications: accept either, refuse only a pending one.
    expect(screen.queryByRole('button', { name: 'Refuse erin' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Refuse dave' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/group/member')).toHaveLength(2));
    [, init] = callsTo(fetchMock, '/api/group/member')[1] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ gid: 7, uid: 'u-dave', auth: 2 });

    const box = screen.getByRole('combobox', { name: 'Add member' });
    fireEvent.change(box, { target: { value: 'ca' } });
    fireEvent.change(box, { target: { value: 'car' } });
    const carl = await screen.findByText('carl');
    const searches = callsTo(fetchMock, '/api/group/search-user');
    expect(searches).toHaveLength(1);
    expect(queryOf(String(searches[0]?.[0])).get('keyword')).toBe('car');
    fireEvent.click(carl);
    await waitFor(() => expect(callsTo(fetchMock, '/api/group/add-member')).toHaveLength(1));
    [, init] = callsTo(fetchMock, '/api/group/add-member')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ gid: 7, uid: 'u-carl' });
  });
});

describe('group rank', { timeout: 60_000 }, () => {
  it('lists 30 a page, switching between ACM rating and OI score', async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const row = {
      uid: 'u-bob',
      username: 'bob',
      nickname: 'Bobby',
      signature: null,
      avatar: null,
      titleName: null,
      titleColor: null,
      total: 8,
      ac: 2,
      score: 250,
    };
    const fetchMock = stubServer({
      '/api/get-group-detail': json(GROUP),
      '/api/get-group-auth': json(3),
      '/api/group/get-announcement-list': page([]),
      '/api/get-group-rank-list': page([row]),
    });
    renderTabs('/group/7/rank');
    expect(await screen.findByText('25.00%')).toBeTruthy();
    expect(screen.getByText('Bobby')).toBeTruthy();
    const [first] = callsTo(fetchMock, '/api/get-group-rank-list')[0] ?? [];
    expect(Object.fromEntries(queryOf(String(first)))).toEqual({ gid: '7', type: '0', currentPage: '1', limit: '30' });
    fireEvent.click(screen.getByRole('radio', { name: 'OI' }));
    expect(await screen.findByText('250')).toBeTruthy();
    expect(screen.queryByText('25.00%')).toBeNull();
    const [last] = callsTo(fetchMock, '/api/get-group-rank-list').at(-1) ?? [];
    expect(queryOf(String(last)).get('type')).toBe('1');
  });
});

const ANNOUNCEMENT = (id: number, uid: string, username: string, status = 0) => ({
  id,
  gid: 7,
  title: `Notice ${id}`,
  content: 'Body',
  uid,
  username,
  status,
  gmtCreate: '2026-01-04T08:00:00.000Z',
  gmtModified: '2026-01-04T08:00:00.000Z',
});

describe('group announcements and settings', { timeout: 60_000 }, () => {
  it("offers edit, delete and the status switch only on the admin's own announcements", async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const fetchMock = stubServer({
      '/api/get-group-detail': json(GROUP),
      '/api/get-group-auth': json(4),
      '/api/group/get-admin-announcement-list': page([
        ANNOUNCEMENT(1, 'u-alice', 'alice', 1),
        ANNOUNCEMENT(2, 'u-owner', 'olivia'),
      ]),
      '/api/group/announcement': json(null),
    });
    renderTabs('/group/7/announcement');
    const mine = await screen.findByRole('switch', { name: 'Notice 1 visible' });
    expect((mine as HTMLButtonElement).disabled).toBe(false);
    expect(mine.getAttribute('aria-checked')).toBe('false');
    expect((screen.getByRole('switch', { name: 'Notice 2 visible' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getAllByRole('button', { name: 'Edit' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(1);

    fireEvent.click(mine);
    await waitFor(() => expect(callsTo(fetchMock, '/api/group/announcement')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, '/api/group/announcement')[0] ?? [];
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ id: 1, title: 'Notice 1', content: 'Body', status: 0 });

    fireEvent.click(screen.getByRole('button', { name: /New announcement/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The title is required')).toBeTruthy();
    expect(within(dialog).getByText('The content is required')).toBeTruthy();
  });

  it('saves the group form; only the super admin sees and sends the ban switch', async () => {
    session.signIn('token', userInfoFixture('u-owner', 'olivia'));
    const withCode = { ...GROUP, code: 'ABC123' };
    let fetchMock = stubServer({
      '/api/get-group-detail': json(withCode),
      '/api/get-group-auth': json(5),
      '/api/group': json(withCode),
    });
    const first = renderTabs('/group/7/setting');
    expect(await screen.findByRole('button', { name: /Upload avatar/ })).toBeTruthy();
    expect((screen.getByLabelText('Invitation code') as HTMLInputElement).value).toBe('ABC123');
    expect(screen.queryByRole('switch', { name: /Banned/ })).toBeNull();
    fireEvent.change(screen.getByLabelText('Brief'), { target: { value: ' A new brief ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/group')).toHaveLength(1));
    let [, init] = callsTo(fetchMock, '/api/group')[0] ?? [];
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({
      id: 7,
      name: 'Algorithm Club',
      shortName: 'algoc',
      brief: 'A new brief',
      description: 'Welcome to the club.',
      auth: 2,
      code: 'ABC123',
      visible: true,
      minAcToPost: null,
    });
    first.unmount();

    session.signIn('token', userInfoFixture('u-root', 'root', ['root']));
    fetchMock = stubServer({
      '/api/get-group-detail': json(withCode),
      '/api/get-group-auth': json(0),
      '/api/group': json(withCode),
    });
    renderTabs('/group/7/setting');
    fireEvent.click(await screen.findByRole('switch', { name: /Banned/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/group')).toHaveLength(1));
    [, init] = callsTo(fetchMock, '/api/group')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ id: 7, status: 1 });
  });
});

describe('group texts', { timeout: 60_000 }, () => {
  it('has every text in both languages, Chinese in the Chinese UI', async () => {
    for (const [key, [zh, en]] of GROUP_TEXTS) {
      expect(zh, key).toBeTruthy();
      expect(en, key).toBeTruthy();
      if (!/^(Group_Rank_Seq|Group_Name_Separator)$/.test(key)) expect(/[\u4e00-\u9fff]/.test(zh), key).toBe(true);
    }
    session.signIn('token', userInfoFixture('u-owner', 'olivia'));
    stubServer({
      '/api/get-group-detail': json(GROUP),
      '/api/get-group-auth': json(5),
      '/api/group/get-announcement-list': page([]),
    });
    await changeLanguage('zh-CN', { save: false });
    try {
      renderTabs();
      await screen.findByText('暂无公告');
      expect(tabNames()).toEqual([
        '首页',
        '题目',
        '训练',
        '比赛',
        '提交',
        '讨论',
        '设置',
        '排名',
        '公告',
        '成员',
        '查重',
        '成绩册',
        '代码点评',
      ]);
      expect(screen.getByRole('button', { name: /解散团队/ })).toBeTruthy();
    } finally {
      await changeLanguage('en-US', { save: false });
    }
  });
});
