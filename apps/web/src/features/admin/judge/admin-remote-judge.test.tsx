import type { SwitchConfig, UserInfo } from '@oj/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { session } from '../../../lib/auth-store';
import { bindNotifiers } from '../../../lib/notify';
import { renderWithProviders, setupI18n, stubServer } from '../../../test-utils';
import AdminProblemListPage from '../problem/admin-problem-list-page';
import { RemoteImportButton } from './admin-remote-import-dialog';
import AdminSwitchPage from './admin-switch-page';

const json =
  (data: unknown, status = 200, msg = 'success') =>
  () =>
    new Response(JSON.stringify({ status, msg, data }), { status, headers: { 'Content-Type': 'application/json' } });

const callsTo = (fetchMock: Mock, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).split('?')[0] === path) as [string, RequestInit | undefined][];
const queryOf = (call: [string, RequestInit | undefined] | undefined) =>
  Object.fromEntries(new URL(String(call?.[0]), 'http://x').searchParams);
const bodyOf = (call: [string, RequestInit | undefined] | undefined) => JSON.parse(String(call?.[1]?.body));

const toasts = { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() };
const notifications = { error: vi.fn() };

beforeAll(() => setupI18n('en-US'));
beforeEach(() => {
  for (const f of [...Object.values(toasts), notifications.error]) f.mockReset();
  bindNotifiers(toasts as unknown as MessageInstance, notifications as unknown as NotificationInstance);
  session.signIn('token', { uid: 'r1', username: 'root', roleList: ['root'] } as unknown as UserInfo);
});

const IMPORT = '/api/admin/problem/import-remote-oj-problem';
const PROBLEMS = '/api/admin/problem/get-problem-list';
const emptyPage = { records: [], total: 0, size: 10, current: 1 };

const openDialog = async () => {
  fireEvent.click(await screen.findByRole('button', { name: /Import remote problem/ }));
  return screen.findByRole('dialog');
};
const chooseSite = async (dialog: HTMLElement, label: string) => {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Remote judge' }));
  fireEvent.click(await screen.findByTitle(label));
};

// antd forms and selects render slowly in jsdom on a busy machine: these tests wait for them, never sleep.
describe('importing a remote problem', { timeout: 90_000 }, () => {
  it('imports CF 1000A into the bank, says so and refreshes the list', async () => {
    const fetchMock = stubServer({
      [PROBLEMS]: json(emptyPage),
      [IMPORT]: json({ pid: 1001, problemId: 'CF-1000A', title: 'Codehorses T-shirts', created: true }),
    });
    renderWithProviders([{ path: '/admin/problems', element: <AdminProblemListPage /> }], '/admin/problems');
    await waitFor(() => expect(callsTo(fetchMock, PROBLEMS)).toHaveLength(1));
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Problem id on the site'), { target: { value: ' 1000A ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Imported: CF-1000A Codehorses T-shirts', 1));
    expect(queryOf(callsTo(fetchMock, IMPORT)[0])).toEqual({ name: 'CF', problemId: '1000A' });
    await waitFor(() => expect(callsTo(fetchMock, PROBLEMS).length).toBeGreaterThan(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's 502 message in the dialog and keeps it open", async () => {
    const fetchMock = stubServer({
      [PROBLEMS]: json(emptyPage),
      [IMPORT]: json(
        { key: 'remoteSiteUnreachable' },
        502,
        'The remote judge CF could not be reached; try again later',
      ),
    });
    renderWithProviders([{ path: '/admin/problems', element: <AdminProblemListPage /> }], '/admin/problems');
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Problem id on the site'), { target: { value: '1000A' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'The remote judge CF could not be reached; try again later',
    );
    // In the dialog, not a second time as a notification; nothing said to have worked.
    expect(notifications.error).not.toHaveBeenCalled();
    expect(toasts.success).not.toHaveBeenCalled();
    expect(callsTo(fetchMock, IMPORT)).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('asks for an id before calling, shows a bad id refused and marks a site the server cannot import from yet', async () => {
    let answer = json({ key: 'remoteProblemIdInvalid' }, 400, 'The problem id 12 34 is not in the form of CF');
    const fetchMock = stubServer({ [PROBLEMS]: json(emptyPage), [IMPORT]: () => answer() });
    renderWithProviders([{ path: '/admin/problems', element: <AdminProblemListPage /> }], '/admin/problems');
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Enter the problem id on the site')).toBeTruthy();
    expect(callsTo(fetchMock, IMPORT)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Problem id on the site'), { target: { value: '12 34' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('not in the form of CF');

    answer = json({ key: 'remoteOjNotAvailable' }, 400, 'Importing from HDU is not supported yet');
    await chooseSite(dialog, 'HDU');
    expect(await within(dialog).findByPlaceholderText('e.g. 1000')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Problem id on the site'), { target: { value: '1000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Importing from HDU is not supported yet');
    expect(queryOf(callsTo(fetchMock, IMPORT)[1])).toEqual({ name: 'HDU', problemId: '1000' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Remote judge' }));
    expect((await screen.findAllByTitle('HDU · not supported yet')).length).toBeGreaterThan(0);
  });

  it("asks a contest's display id and sends it with the contest", async () => {
    const fetchMock = stubServer({
      '/api/admin/contest/import-remote-oj-problem': json({
        pid: 1001,
        problemId: 'CF-1000A',
        title: 'Codehorses T-shirts',
        created: false,
      }),
    });
    const onImported = vi.fn();
    renderWithProviders(
      [
        {
          path: '*',
          element: (
            <RemoteImportButton target={{ kind: 'contest', cid: 7 }} defaultDisplayId="C" onImported={onImported} />
          ),
        },
      ],
      '/',
    );
    const dialog = await openDialog();
    expect((within(dialog).getByLabelText('Display ID in the contest') as HTMLInputElement).value).toBe('C');
    fireEvent.change(within(dialog).getByLabelText('Display ID in the contest'), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText('Problem id on the site'), { target: { value: '1000A' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Enter the display ID of the problem in the contest')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Display ID in the contest'), { target: { value: 'D' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(onImported).toHaveBeenCalled());
    expect(queryOf(callsTo(fetchMock, '/api/admin/contest/import-remote-oj-problem')[0])).toEqual({
      name: 'CF',
      problemId: '1000A',
      cid: '7',
      displayId: 'D',
    });
    expect(toasts.success).toHaveBeenCalledWith(
      'CF-1000A Codehorses T-shirts was already in the bank and has been added',
      1,
    );
  });
});

const SWITCHES: SwitchConfig = {
  openPublicDiscussion: true,
  openGroupDiscussion: true,
  openContestComment: true,
  openPublicJudge: true,
  openGroupJudge: true,
  openContestJudge: true,
  hideNonContestSubmissionCode: false,
  defaultSubmitInterval: 8,
  defaultCreateDiscussionACInitValue: 10,
  defaultCreateDiscussionDailyLimit: 5,
  defaultCreateCommentACInitValue: 10,
  defaultCreateGroupACInitValue: 20,
  defaultCreateGroupDailyLimit: 2,
  defaultCreateGroupLimit: 5,
  hduUsernameList: [],
  hduPasswordList: [],
  cfUsernameList: ['tourist_bot', 'petr_bot'],
  cfPasswordList: ['', ''],
  pojUsernameList: [],
  pojPasswordList: [],
  atcoderUsernameList: [],
  atcoderPasswordList: [],
  spojUsernameList: [],
  spojPasswordList: [],
};

describe('the remote judge account pools on the switch page', { timeout: 120_000 }, () => {
  const renderSwitches = (config: SwitchConfig = SWITCHES) => {
    const fetchMock = stubServer({ '/api/admin/switch/info': json(config), '/api/admin/switch/update': json(null) });
    renderWithProviders([{ path: '*', element: <AdminSwitchPage /> }], '/admin/switch');
    return fetchMock;
  };

  it('shows the stored usernames with empty password fields and sends empty passwords to keep them', async () => {
    const fetchMock = renderSwitches();
    const cf = await screen.findByRole('group', { name: 'Codeforces' });
    expect(within(cf).getByText('Codeforces Gym problems use these accounts too')).toBeTruthy();
    expect((within(cf).getByLabelText('Codeforces Username 1') as HTMLInputElement).value).toBe('tourist_bot');
    const password = within(cf).getByLabelText('Codeforces Password 1') as HTMLInputElement;
    expect(password.value).toBe('');
    expect(password.type).toBe('password');
    expect(password.placeholder).toBe('Empty keeps the stored password');
    // No way to reveal what is typed either.
    expect(within(cf).queryByRole('img', { name: /eye/ })).toBeNull();
    expect(within(await screen.findByRole('group', { name: 'HDU' })).getByText(/No account yet/)).toBeTruthy();

    fireEvent.change(within(cf).getByLabelText('Codeforces Password 2'), { target: { value: 'n3w-secret' } });
    expect((within(cf).getByLabelText('Codeforces Password 2') as HTMLInputElement).type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/admin/switch/update')).toHaveLength(1));
    const body = bodyOf(callsTo(fetchMock, '/api/admin/switch/update')[0]);
    expect(body.cfUsernameList).toEqual(['tourist_bot', 'petr_bot']);
    expect(body.cfPasswordList).toEqual(['', 'n3w-secret']);
    expect(body.hduUsernameList).toEqual([]);
    expect(body.hduPasswordList).toEqual([]);
    expect(body.defaultSubmitInterval).toBe(8);
    expect(body).not.toHaveProperty('accounts');
  });

  it('adds and removes accounts; a new account needs a password and a username not already listed', async () => {
    const fetchMock = renderSwitches();
    const hdu = await screen.findByRole('group', { name: 'HDU' });
    fireEvent.click(within(hdu).getByRole('button', { name: 'Add account HDU' }));
    const username = await within(hdu).findByLabelText('HDU Username 1');
    expect((within(hdu).getByLabelText('HDU Password 1') as HTMLInputElement).placeholder).toBe(
      'Password of the new account',
    );
    fireEvent.change(username, { target: { value: 'hdu_bot' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(hdu).findByText('A new account needs a password')).toBeTruthy();

    const cf = screen.getByRole('group', { name: 'Codeforces' });
    fireEvent.click(within(cf).getByRole('button', { name: 'Add account Codeforces' }));
    fireEvent.change(await within(cf).findByLabelText('Codeforces Username 3'), { target: { value: 'petr_bot' } });
    fireEvent.change(within(cf).getByLabelText('Codeforces Password 3'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await within(cf).findAllByText('This username is already in the list')).length).toBeGreaterThan(0);
    expect(callsTo(fetchMock, '/api/admin/switch/update')).toHaveLength(0);

    // Remove the repeated row and the first stored account; give the new HDU account its password.
    fireEvent.click(within(cf).getByRole('button', { name: 'Remove account Codeforces 3' }));
    fireEvent.click(within(cf).getByRole('button', { name: 'Remove account Codeforces 1' }));
    fireEvent.change(within(hdu).getByLabelText('HDU Password 1'), { target: { value: 'pw1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/admin/switch/update')).toHaveLength(1));
    const body = bodyOf(callsTo(fetchMock, '/api/admin/switch/update')[0]);
    expect([body.cfUsernameList, body.cfPasswordList]).toEqual([['petr_bot'], ['']]);
    expect([body.hduUsernameList, body.hduPasswordList]).toEqual([['hdu_bot'], ['pw1']]);
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Update Successfully', 1));
  });
});
