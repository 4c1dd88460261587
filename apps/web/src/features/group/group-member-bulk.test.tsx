import type { GroupMember } from '@oj/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../lib/auth-store';
import { changeLanguage } from '../../lib/i18n';
import { userInfoFixture } from '../../test-fixtures';
import { bodyOf, callsTo, json, page, queryOf, setupI18n, stubServer } from '../../test-utils';
import GroupMemberPage from './group-member-page';
import { splitUsernames } from './group-model';
import GroupRankPage from './group-rank-page';
import { GROUP, renderGroup } from './group-test-support';

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

const renderTab = (path: string) =>
  renderGroup(path, [
    { path: 'member', element: <GroupMemberPage /> },
    { path: 'rank', element: <GroupRankPage /> },
  ]);

beforeAll(() => setupI18n('en-US'));
beforeEach(() => session.clear());
afterEach(() => session.clear());

describe('pasted usernames', () => {
  it('split on lines, spaces and commas (Chinese ones too), blanks dropped, each once regardless of case', () => {
    expect(splitUsernames(' alice\nbob, carol\t\tdave，erin、ALICE\n\n  Bob ')).toEqual([
      'alice',
      'bob',
      'carol',
      'dave',
      'erin',
    ]);
    expect(splitUsernames(' \n , ')).toEqual([]);
  });
});

describe('bulk member actions', { timeout: 60_000 }, () => {
  const stubMembers = (level: number, extra: Record<string, () => Response> = {}) =>
    stubServer({
      '/api/get-group-detail': json(GROUP),
      '/api/get-group-auth': json(level),
      '/api/group/get-apply-list': page([member('u-dave', 'dave', 1), member('u-erin', 'erin', 1)]),
      '/api/group/get-member-list': page([
        member('u-owner', 'olivia', 5),
        member('u-alice', 'alice', 4),
        member('u-bob', 'bob', 4),
        member('u-carol', 'carol', 3),
        member('u-frank', 'frank', 3),
      ]),
      ...extra,
    });

  it('adds pasted usernames and shows each one’s result, in English and in Chinese', async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const fetchMock = stubMembers(4, {
      '/api/group/add-members': json({
        results: [
          { username: 'gina', outcome: 'added' },
          { username: 'hank', outcome: 'added' },
          { username: 'ghost', outcome: 'noSuchUser' },
          { username: 'carol', outcome: 'alreadyMember' },
        ],
      }),
    });
    renderTab('/group/7/member');
    fireEvent.click(await screen.findByRole('button', { name: /Add members/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Add members by username')).toBeTruthy();
    const add = within(dialog).getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Usernames' }), {
      target: { value: 'gina\nhank, ghost  carol\nGINA' },
    });
    expect(within(dialog).getByText('4 usernames')).toBeTruthy();
    fireEvent.click(add);
    await waitFor(() => expect(callsTo(fetchMock, '/api/group/add-members')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, '/api/group/add-members')[0])).toEqual({
      gid: 7,
      usernames: ['gina', 'hank', 'ghost', 'carol'],
    });
    const results = await within(dialog).findByRole('region', { name: 'Results' });
    const rows = within(results)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual(['ginaAdded', 'hankAdded', 'ghostNo such user', 'carolAlready a member']);
    expect(within(results).getByText('Added: 2')).toBeTruthy();
    expect(within(results).getByText('No such user: 1')).toBeTruthy();
    // Someone was added: the member list is read again.
    await waitFor(() => expect(callsTo(fetchMock, '/api/group/get-member-list').length).toBeGreaterThan(1));

    await changeLanguage('zh-CN', { save: false });
    try {
      expect(await within(dialog).findByText('用户不存在')).toBeTruthy();
      expect(within(dialog).getByText('已是成员')).toBeTruthy();
      expect(within(dialog).getAllByText('已添加')).toHaveLength(2);
      expect(within(dialog).getByText('已添加：2 人')).toBeTruthy();
    } finally {
      await changeLanguage('en-US', { save: false });
    }
  });

  it('refuses to send more than 500 names and sends nothing for blanks', async () => {
    session.signIn('token', userInfoFixture('u-owner', 'olivia'));
    const fetchMock = stubMembers(5);
    renderTab('/group/7/member');
    fireEvent.click(await screen.findByRole('button', { name: /Add members/ }));
    const dialog = await screen.findByRole('dialog');
    const box = within(dialog).getByRole('textbox', { name: 'Usernames' });
    const add = within(dialog).getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    fireEvent.change(box, { target: { value: ' \n ,, ' } });
    expect(add.disabled).toBe(true);
    fireEvent.change(box, { target: { value: Array.from({ length: 501 }, (_, i) => `s${i}`).join('\n') } });
    expect(within(dialog).getByText('At most 500 usernames at a time')).toBeTruthy();
    expect(add.disabled).toBe(true);
    expect(callsTo(fetchMock, '/api/group/add-members')).toHaveLength(0);
  });

  it('approves ticked applications at once and reports each user', async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const fetchMock = stubMembers(4, {
      '/api/group/members': json({
        results: [
          { uid: 'u-dave', outcome: 'approved' },
          { uid: 'u-erin', outcome: 'notApplying' },
        ],
      }),
    });
    renderTab('/group/7/member');
    const approve = (await screen.findByRole('button', { name: 'Approve selected (0)' })) as HTMLButtonElement;
    expect(approve.disabled).toBe(true);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select dave' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select erin' }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve selected (2)' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/group/members')).toHaveLength(1));
    const [call] = callsTo(fetchMock, '/api/group/members');
    expect(call[1]?.method).toBe('PUT');
    expect(bodyOf(call)).toEqual({ gid: 7, uids: ['u-dave', 'u-erin'], auth: 3 });
    const report = await screen.findByRole('status');
    expect(report.textContent).toContain('Application approved (1): dave');
    expect(report.textContent).toContain('No application to answer (1): erin');
    // The selection is gone with the answer; the single buttons still work.
    expect(((await screen.findByRole('button', { name: 'Approve selected (0)' })) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.getByRole('button', { name: 'Refuse dave' })).toBeTruthy();
  });

  it('refuses ticked applications with level 2', async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const fetchMock = stubMembers(4, {
      '/api/group/members': json({ results: [{ uid: 'u-erin', outcome: 'refused' }] }),
    });
    renderTab('/group/7/member');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select erin' }));
    fireEvent.click(screen.getByRole('button', { name: 'Refuse selected (1)' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/group/members')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, '/api/group/members')[0])).toEqual({ gid: 7, uids: ['u-erin'], auth: 2 });
    expect((await screen.findByRole('status')).textContent).toContain('Refused (1): erin');
  });

  it('removes ticked members after a confirmation; rows the viewer cannot remove cannot be ticked', async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const fetchMock = stubMembers(4, {
      '/api/group/members': json({
        results: [
          { uid: 'u-carol', outcome: 'removed' },
          { uid: 'u-frank', outcome: 'levelTooHigh' },
        ],
      }),
    });
    renderTab('/group/7/member');
    await screen.findByRole('checkbox', { name: 'Select carol' });
    for (const name of ['olivia', 'alice', 'bob'])
      expect((screen.getByRole('checkbox', { name: `Select ${name}` }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select carol' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select frank' }));
    fireEvent.click(screen.getByRole('button', { name: /Remove selected \(2\)/ }));
    // Nothing is removed before the confirmation.
    expect(await screen.findByText('Remove the 2 selected users from the group?')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/group/members')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/group/members')).toHaveLength(1));
    const [call] = callsTo(fetchMock, '/api/group/members');
    expect(call[1]?.method).toBe('DELETE');
    expect(Object.fromEntries(queryOf(call))).toEqual({ gid: '7', uids: 'u-carol,u-frank' });
    const report = await screen.findByRole('status');
    expect(report.textContent).toContain('Removed (1): carol');
    expect(report.textContent).toContain('Level not below yours, not removed (1): frank');
    // The single remove is still there.
    expect(screen.getByRole('button', { name: 'Remove carol' })).toBeTruthy();
  });
});

describe('group rank: real names and the download', { timeout: 60_000 }, () => {
  const row = (username: string, realname: string | null) => ({
    uid: `u-${username}`,
    username,
    nickname: null,
    realname,
    signature: null,
    avatar: null,
    titleName: null,
    titleColor: null,
    total: 2,
    ac: 1,
    score: 100,
    acRate: 50,
  });

  it('shows the real-name column to a group admin and offers the xlsx of the rank shown', async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const fetchMock = stubServer({
      '/api/get-group-detail': json(GROUP),
      '/api/get-group-auth': json(4),
      '/api/get-group-rank-list': page([row('bob', 'Bob Real')]),
      '/api/file/download-group-rank': json(null, 403, 'Forbidden'),
    });
    renderTab('/group/7/rank');
    expect(await screen.findByText('Bob Real')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Real name' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'OI' }));
    fireEvent.click(screen.getByRole('button', { name: /Download/ }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/file/download-group-rank')).toHaveLength(1));
    expect(Object.fromEntries(queryOf(callsTo(fetchMock, '/api/file/download-group-rank')[0]))).toEqual({
      gid: '7',
      type: '1',
    });
  });

  it('has no real-name column for a member', async () => {
    session.signIn('token', userInfoFixture('u-bob', 'bob'));
    stubServer({
      '/api/get-group-detail': json(GROUP),
      '/api/get-group-auth': json(3),
      '/api/get-group-rank-list': page([row('bob', null)]),
    });
    renderTab('/group/7/rank');
    expect(await screen.findByText('50.00%')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Real name' })).toBeNull();
    expect(screen.getByRole('button', { name: /Download/ })).toBeTruthy();
  });
});
