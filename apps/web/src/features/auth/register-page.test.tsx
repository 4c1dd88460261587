import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/auth-store';
import { loginDialog, loginDialogStore } from '../../lib/ui-store';
import { renderElement, renderWithProviders, setupI18n, stubServer, WEBSITE_CONFIG } from '../../test-utils';
import { AuthButtons } from '../layout/auth-buttons';
import LoginDialog from './login-dialog';
import { LoginForm } from './login-form';
import RegisterPage from './register-page';

const ok = (data: unknown) =>
  new Response(JSON.stringify({ status: 200, msg: 'success', data }), {
    headers: { 'Content-Type': 'application/json' },
  });
const fail = (status: number, key: string, msg: string, extra: Record<string, unknown> = {}) =>
  new Response(JSON.stringify({ status, msg, data: { key, ...extra } }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
const config =
  (over: Record<string, unknown> = {}) =>
  () =>
    ok({ ...WEBSITE_CONFIG, registerMethod: 'mobile', externalImages: 'proxy', ...over });

/** Each GET /api/captcha draws a new captcha: ck-1, ck-2, ... */
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

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

const fillMobileForm = () => {
  type('Username', 'alice');
  type('Password', 'secret1');
  type('Real name', 'Alice Liu');
  type('City', 'Hangzhou');
  type('School', 'No. 2 Middle School');
  type('Grade', 'Grade 8');
  type('Mobile', '13812345678');
  type('Captcha', 'ab12');
};

describe('the Register link follows the site switch', () => {
  beforeAll(() => setupI18n('en-US'));
  beforeEach(() => session.clear());

  it('shows in the nav and the login form when registration is on; the inline form leads to /zhuce', async () => {
    stubServer({ '/api/get-website-config': config({ register: true }) });
    const { router } = renderElement(<LoginForm />);
    fireEvent.click(await screen.findByRole('button', { name: 'No account? Register now!' }));
    expect(router.state.location.pathname).toBe('/zhuce');
  });

  it('opens Register and Reset Password in the 370 px account dialog, each leading back to the login', async () => {
    stubServer({ '/api/get-website-config': config({ register: true }), '/api/captcha': captchas() });
    const { router } = renderElement(
      <>
        <AuthButtons />
        <LoginDialog />
      </>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Register' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('form', { name: 'Register' })).toBeTruthy();
    expect(within(dialog).getByLabelText('Mobile')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Have an account? Log in' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Forgot password' }));
    expect(await within(dialog).findByRole('tab', { name: 'By mobile' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back to login' }));
    expect(await within(dialog).findByRole('button', { name: 'No account? Register now!' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('is hidden when registration is off', async () => {
    const fetchMock = stubServer({ '/api/get-website-config': config({ register: false }) });
    renderElement(
      <>
        <AuthButtons />
        <LoginForm />
      </>,
    );
    expect(await screen.findByRole('button', { name: 'Forgot password' })).toBeTruthy();
    await waitFor(() => expect(calls(fetchMock, '/api/get-website-config')).toHaveLength(1));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'No account? Register now!' })).toBeNull();
  });
});

describe('/zhuce by mobile', () => {
  beforeAll(() => setupI18n('en-US'));
  beforeEach(() => {
    session.clear();
    loginDialog.close();
  });
  afterEach(() => vi.useRealTimers());

  it('sends the code with the captcha, counts down 60 s, and registers with every field', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubServer({
      '/api/get-website-config': config(),
      '/api/captcha': captchas(),
      '/api/send-register-sms': () => ok({ resendAfterS: 60, msg: 'The code has been sent by text message' }),
      '/api/register': () => ok({ state: 'pending' }),
    });
    renderWithProviders(
      [
        { path: '/zhuce', element: <RegisterPage /> },
        { path: '/home', element: <h1>Home page</h1> },
      ],
      '/zhuce',
    );
    await screen.findByLabelText('Real name');
    await waitFor(() => expect(calls(fetchMock, '/api/captcha')).toHaveLength(1));
    fillMobileForm();

    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() =>
      expect(bodies(fetchMock, '/api/send-register-sms')).toEqual([
        { mobile: '13812345678', captcha: 'ab12', captchaKey: 'ck-1' },
      ]),
    );
    // The captcha was used up: a new one is drawn and the typed text cleared.
    await waitFor(() => expect(calls(fetchMock, '/api/captcha')).toHaveLength(2));
    expect((screen.getByLabelText('Captcha') as HTMLInputElement).value).toBe('');
    const resend = await screen.findByRole('button', { name: 'Resend in 60 s' });
    expect((resend as HTMLButtonElement).disabled).toBe(true);
    for (let i = 0; i < 59; i++) await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Resend in 1 s' })).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(1000));
    expect((screen.getByRole('button', { name: 'Send code' }) as HTMLButtonElement).disabled).toBe(false);

    type('Captcha', 'cd34');
    type('SMS code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(bodies(fetchMock, '/api/register')).toEqual([
        {
          username: 'alice',
          password: 'secret1',
          realname: 'Alice Liu',
          city: 'Hangzhou',
          school: 'No. 2 Middle School',
          grade: 'Grade 8',
          mobile: '13812345678',
          smsCode: '123456',
          captcha: 'cd34',
          captchaKey: 'ck-2',
        },
      ]),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Thanks for registering')).toBeTruthy();
    expect(within(dialog).getByText(/wait for an administrator's approval/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
  }, 20_000);

  it('checks the fields before sending anything', async () => {
    const fetchMock = stubServer({ '/api/get-website-config': config(), '/api/captcha': captchas() });
    renderElement(<RegisterPage />, '/zhuce');
    await screen.findByLabelText('Real name');
    type('Username', 'a'.repeat(21));
    type('Mobile', '12345');
    type('Grade', 'g'.repeat(21));
    type('SMS code', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('The username may be at most 20 characters')).toBeTruthy();
    expect(await screen.findByText('Enter a valid mobile or landline number')).toBeTruthy();
    expect(await screen.findByText('Grade may be at most 20 characters')).toBeTruthy();
    expect(await screen.findByText('The code is 6 digits')).toBeTruthy();
    expect(await screen.findByText('Real name is required')).toBeTruthy();
    expect(await screen.findByText('Captcha is required')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls(fetchMock, '/api/send-register-sms')).toEqual([]);
    expect(calls(fetchMock, '/api/register')).toEqual([]);
  });

  it('shows the server’s message on the field it names and draws a new captcha after a failed register', async () => {
    const fetchMock = stubServer({
      '/api/get-website-config': config(),
      '/api/captcha': captchas(),
      '/api/register': () => fail(400, 'mobileTaken', 'This mobile number is already registered', { field: 'mobile' }),
    });
    renderElement(<RegisterPage />, '/zhuce');
    await screen.findByLabelText('Real name');
    await waitFor(() => expect(calls(fetchMock, '/api/captcha')).toHaveLength(1));
    fillMobileForm();
    type('SMS code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('This mobile number is already registered')).toBeTruthy();
    await waitFor(() => expect(calls(fetchMock, '/api/captcha')).toHaveLength(2));
    expect((screen.getByLabelText('Captcha') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(document.querySelector('img[src="data:image/png;base64,Y2FwdGNoYS02"]')).toBeTruthy());
    // The next attempt goes with the new captcha.
    type('Captcha', 'zz99');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(bodies(fetchMock, '/api/register')).toHaveLength(2));
    expect(bodies(fetchMock, '/api/register')[1]).toMatchObject({ captcha: 'zz99', captchaKey: 'ck-2' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a wrong captcha on the captcha field when sending the code', async () => {
    const fetchMock = stubServer({
      '/api/get-website-config': config(),
      '/api/captcha': captchas(),
      '/api/send-register-sms': () =>
        fail(400, 'captchaWrong', 'The captcha is wrong or has expired', { field: 'captcha' }),
    });
    renderElement(<RegisterPage />, '/zhuce');
    await screen.findByLabelText('Real name');
    fillMobileForm();
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('The captcha is wrong or has expired')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeTruthy();
    await waitFor(() => expect(calls(fetchMock, '/api/captcha')).toHaveLength(2));
  });

  it('says the account is ready when approval is automatic, and opens the login dialog', async () => {
    stubServer({
      '/api/get-website-config': config(),
      '/api/captcha': captchas(),
      '/api/register': () => ok({ state: 'approved' }),
    });
    const { router } = renderElement(<RegisterPage />, '/zhuce');
    await screen.findByLabelText('Real name');
    fillMobileForm();
    type('SMS code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Thanks for registering')).toBeTruthy();
    expect(within(dialog).getByText('Your account is ready: you may log in now.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in now' }));
    expect(loginDialogStore.get().open).toBe(true);
    expect(router.state.location.pathname).toBe('/home');
  });
});

describe('/zhuce by e-mail and when closed', () => {
  beforeAll(() => setupI18n('en-US'));

  it('asks for an e-mail and its code', async () => {
    const fetchMock = stubServer({
      '/api/get-website-config': config({ registerMethod: 'email' }),
      '/api/captcha': captchas(),
      '/api/get-register-code': () => ok({ resendAfterS: 60, msg: 'sent', email: 'a@example.org' }),
      '/api/register': () => ok({ state: 'pending' }),
    });
    renderElement(<RegisterPage />, '/zhuce');
    await screen.findByLabelText('E-mail');
    expect(screen.queryByLabelText('Mobile')).toBeNull();
    type('Username', 'bob');
    type('Password', 'secret1');
    type('E-mail', 'a@example.org');
    type('Captcha', 'ab12');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(calls(fetchMock, '/api/get-register-code')).toHaveLength(1));
    const url = new URL(calls(fetchMock, '/api/get-register-code')[0][0], 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      email: 'a@example.org',
      captcha: 'ab12',
      captchaKey: 'ck-1',
    });
    expect(await screen.findByRole('button', { name: 'Resend in 60 s' })).toBeTruthy();
    type('Captcha', 'cd34');
    type('E-mail code', '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(bodies(fetchMock, '/api/register')).toEqual([
        {
          username: 'bob',
          password: 'secret1',
          email: 'a@example.org',
          code: '654321',
          captcha: 'cd34',
          captchaKey: 'ck-2',
        },
      ]),
    );
    expect(await screen.findByText('Thanks for registering')).toBeTruthy();
  });

  it('says registration is closed when the switch is off', async () => {
    stubServer({ '/api/get-website-config': config({ register: false }), '/api/captcha': captchas() });
    renderElement(<RegisterPage />, '/zhuce');
    expect(await screen.findByText('Registration is closed on this site')).toBeTruthy();
    expect(screen.queryByLabelText('Username')).toBeNull();
  });
});
