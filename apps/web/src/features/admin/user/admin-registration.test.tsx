import type { AdminUser, Registration } from '@oj/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminUserRow } from '../../../test-fixtures';
import { renderElement, setupI18n, stubServer } from '../../../test-utils';
import { RegistrationConfigPanel } from './admin-registration-config-panel';
import { RegistrationsPanel } from './admin-registration-panel';
import AdminUserPage from './admin-user-page';

const LIST = '/api/admin/user/registrations';
const CONFIG = '/api/admin/config/registration';
const ok = (data: unknown) =>
  new Response(JSON.stringify({ status: 200, msg: 'success', data }), {
    headers: { 'Content-Type': 'application/json' },
  });
type FetchMock = ReturnType<typeof stubServer>;
const calls = (fetchMock: FetchMock, path: string, method?: string) =>
  (fetchMock.mock.calls as unknown as [string, RequestInit][]).filter(
    ([url, init]) => url.split('?')[0] === path && (!method || init.method === method),
  );

const row = (uid: string, username: string): Registration => ({
  uid,
  username,
  realname: `${username} real`,
  city: 'Hangzhou',
  school: 'No. 2 Middle School',
  grade: 'Grade 8',
  mobile: '13812345678',
  email: null,
  state: 'pending',
  gmtCreate: '2025-03-01T08:00:00.000Z',
});

describe('registration administration', () => {
  beforeAll(() => setupI18n('en-US'));

  it('lists the waiting registrations and approves the selected rows', async () => {
    const rows = [row('u1', 'alice'), row('u2', 'bob'), row('u3', 'carol')];
    const fetchMock = stubServer({
      [LIST]: () => ok({ records: rows, total: 3, size: 10, current: 1 }),
    });
    renderElement(<RegistrationsPanel />);
    const alice = (await screen.findByText('alice')).closest('tr') as HTMLElement;
    expect(within(alice).getByText('alice real')).toBeTruthy();
    expect(within(alice).getByText('Hangzhou')).toBeTruthy();
    expect(within(alice).getByText('13812345678')).toBeTruthy();
    expect(new URL(calls(fetchMock, LIST, 'GET')[0][0], 'http://x').searchParams.get('state')).toBe('pending');

    const approveSelected = screen.getByRole('button', { name: 'Approve selected' }) as HTMLButtonElement;
    expect(approveSelected.disabled).toBe(true);
    fireEvent.click(within(alice).getByRole('checkbox'));
    fireEvent.click(within(screen.getByText('carol').closest('tr') as HTMLElement).getByRole('checkbox'));
    await waitFor(() => expect(approveSelected.disabled).toBe(false));
    fireEvent.click(approveSelected);
    await waitFor(() => expect(calls(fetchMock, LIST, 'PUT')).toHaveLength(1));
    expect(JSON.parse(String(calls(fetchMock, LIST, 'PUT')[0][1].body))).toEqual({ uids: ['u1', 'u3'], approve: true });
    // The list is read again.
    await waitFor(() => expect(calls(fetchMock, LIST, 'GET')).toHaveLength(2));
  });

  it('refuses one row, and filters by state', async () => {
    const fetchMock = stubServer({
      [LIST]: () => ok({ records: [row('u2', 'bob')], total: 1, size: 10, current: 1 }),
    });
    renderElement(<RegistrationsPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Refuse bob' }));
    await waitFor(() => expect(calls(fetchMock, LIST, 'PUT')).toHaveLength(1));
    expect(JSON.parse(String(calls(fetchMock, LIST, 'PUT')[0][1].body))).toEqual({ uids: ['u2'], approve: false });
    fireEvent.click(screen.getByText('Refused'));
    await waitFor(() =>
      expect(calls(fetchMock, LIST, 'GET').some(([url]) => url.includes('state=refused'))).toBe(true),
    );
  });

  it('saves the registration settings and keeps the gateway headers when left empty', async () => {
    const stored = {
      registerMethod: 'mobile',
      autoApprove: false,
      smsProvider: 'http',
      smsHttpUrl: 'https://sms.example.org/send',
      smsHttpMethod: 'POST',
      smsHttpHeaders: '',
      smsHttpBody: '{"to":"{mobile}","text":"{content}"}',
      smsHttpSuccess: 'OK',
    };
    const fetchMock = stubServer({ [CONFIG]: () => ok(stored) });
    renderElement(<RegistrationConfigPanel />);
    const form = within(await screen.findByRole('form', { name: 'Registration settings' }));
    expect(((await form.findByLabelText('Gateway URL')) as HTMLInputElement).value).toBe(
      'https://sms.example.org/send',
    );
    fireEvent.click(form.getByLabelText('E-mail and e-mail code'));
    fireEvent.click(form.getByRole('switch', { name: 'Approve registrations automatically' }));
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(fetchMock, CONFIG, 'PUT')).toHaveLength(1));
    const body = JSON.parse(String(calls(fetchMock, CONFIG, 'PUT')[0][1].body));
    expect(body).toMatchObject({ registerMethod: 'email', autoApprove: true, smsProvider: 'http' });
    expect('smsHttpHeaders' in body).toBe(false);

    fireEvent.change(form.getByLabelText('Headers (JSON)'), { target: { value: '[1]' } });
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('The headers must be a JSON object')).toBeTruthy();
    fireEvent.change(form.getByLabelText('Headers (JSON)'), { target: { value: '{"X-Key":"k"}' } });
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(fetchMock, CONFIG, 'PUT')).toHaveLength(2));
    expect(JSON.parse(String(calls(fetchMock, CONFIG, 'PUT')[1][1].body)).smsHttpHeaders).toBe('{"X-Key":"k"}');
  });

  it('marks waiting and refused accounts in the user list, with times as the site writes them', async () => {
    const user = (uid: string, username: string, regState: AdminUser['regState']) =>
      adminUserRow({ uid, username, regState });
    const users = [user('u1', 'alice', 'pending'), user('u2', 'bob', 'refused'), user('u3', 'carol', null)];
    stubServer({
      '/api/admin/user/get-user-list': () => ok({ records: users, total: 3, size: 10, current: 1 }),
      [LIST]: () => ok({ records: [], total: 0, size: 10, current: 1 }),
    });
    renderElement(<AdminUserPage />);
    const rowOf = async (name: string) => within((await screen.findByText(name)).closest('tr') as HTMLElement);
    expect((await rowOf('alice')).getByText('Waiting')).toBeTruthy();
    expect((await rowOf('bob')).getByText('Refused')).toBeTruthy();
    const carol = await rowOf('carol');
    expect(carol.getByText('Normal')).toBeTruthy();
    expect(carol.getByText(/^2025-03-01 \d\d:00:00$/)).toBeTruthy();
  });
});
