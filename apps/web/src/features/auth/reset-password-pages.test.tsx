import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginDialog, loginDialogStore } from '../../lib/ui-store';
import { renderWithProviders, setupI18n, stubServer } from '../../test-utils';
import { ApplyResetPasswordPage } from './reset-password-pages';

const ok = (data: unknown) =>
  new Response(JSON.stringify({ status: 200, msg: 'success', data }), {
    headers: { 'Content-Type': 'application/json' },
  });
const fail = (status: number, key: string, msg: string, extra: Record<string, unknown> = {}) =>
  new Response(JSON.stringify({ status, msg, data: { key, ...extra } }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
const captchas = () => {
  let n = 0;
  return () => {
    n += 1;
    return ok({ img: `data:image/png;base64,Y2FwdGNoYS0${n}`, captchaKey: `ck-${n}` });
  };
};
type FetchMock = ReturnType<typeof stubServer>;
const calls = (fetchMock: FetchMock, path: string) =>
  (fetchMock.mock.calls as unknown as [string, RequestInit][]).filter(([url]) => url.split('?')[0] === path);
const bodies = (fetchMock: FetchMock, path: string) =>
  calls(fetchMock, path).map(([, init]) => JSON.parse(String(init.body)));
/** The mobile form (the e-mail tab stays in the page, hidden, with its own Username field). */
const mobileForm = () => within(screen.getByRole('form', { name: 'By mobile' }));
const type = (label: string, value: string) =>
  fireEvent.change(mobileForm().getByLabelText(label), { target: { value } });

const renderPage = () =>
  renderWithProviders(
    [
      { path: '/apply-reset-password', element: <ApplyResetPasswordPage /> },
      { path: '/home', element: <h1>Home page</h1> },
    ],
    '/apply-reset-password',
  );

describe('password reset by mobile', () => {
  beforeAll(() => setupI18n('en-US'));
  beforeEach(() => loginDialog.close());
  afterEach(() => vi.useRealTimers());

  it('sends the code with the captcha, counts down 90 s, resets with mobile and SMS code, and goes home to log in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubServer({
      '/api/captcha': captchas(),
      '/api/send-reset-sms': () => ok({ resendAfterS: 90, msg: 'The code has been sent by text message' }),
      '/api/reset-password': () => ok(null),
    });
    const { router } = renderPage();
    // The e-mail reset stays the first tab; the mobile one is next to it.
    expect(await screen.findByRole('button', { name: 'Send reset code' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'By mobile' }));
    await screen.findByLabelText('Mobile');
    await waitFor(() => expect(calls(fetchMock, '/api/captcha')).toHaveLength(1));
    type('Username', 'alice');
    type('Mobile', '13812345678');
    type('Captcha', 'ab12');
    fireEvent.click(mobileForm().getByRole('button', { name: 'Send code' }));
    await waitFor(() =>
      expect(bodies(fetchMock, '/api/send-reset-sms')).toEqual([
        { username: 'alice', mobile: '13812345678', captcha: 'ab12', captchaKey: 'ck-1' },
      ]),
    );
    expect(await screen.findByRole('button', { name: 'Resend in 90 s' })).toBeTruthy();
    await waitFor(() => expect(calls(fetchMock, '/api/captcha')).toHaveLength(2));
    for (let i = 0; i < 30; i++) await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Resend in 60 s' })).toBeTruthy();
    for (let i = 0; i < 60; i++) await act(async () => vi.advanceTimersByTime(1000));
    expect((mobileForm().getByRole('button', { name: 'Send code' }) as HTMLButtonElement).disabled).toBe(false);

    type('SMS code', '123456');
    type('New password', 'newpass1');
    type('Password again', 'newpass1');
    fireEvent.click(mobileForm().getByRole('button', { name: 'Reset password' }));
    await waitFor(() =>
      expect(bodies(fetchMock, '/api/reset-password')).toEqual([
        { username: 'alice', mobile: '13812345678', smsCode: '123456', password: 'newpass1' },
      ]),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(loginDialogStore.get().open).toBe(true);
  }, 20_000);

  it('checks the passwords match and shows a wrong code on its field, with a new captcha', async () => {
    const fetchMock = stubServer({
      '/api/captcha': captchas(),
      '/api/reset-password': () => fail(400, 'smsCodeWrong', 'The code is wrong or has expired', { field: 'smsCode' }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: 'By mobile' }));
    await screen.findByLabelText('Mobile');
    await waitFor(() => expect(calls(fetchMock, '/api/captcha')).toHaveLength(1));
    type('Username', 'alice');
    type('Mobile', '13812345678');
    type('SMS code', '123456');
    type('New password', 'newpass1');
    type('Password again', 'newpass2');
    fireEvent.click(mobileForm().getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password does not match')).toBeTruthy();
    expect(calls(fetchMock, '/api/reset-password')).toEqual([]);

    type('Password again', 'newpass1');
    fireEvent.click(mobileForm().getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('The code is wrong or has expired')).toBeTruthy();
    await waitFor(() => expect(calls(fetchMock, '/api/captcha')).toHaveLength(2));
  });
});
