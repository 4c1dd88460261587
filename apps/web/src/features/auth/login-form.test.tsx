import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../lib/auth-store';
import { renderElement, setupI18n, stubServer } from '../../test-utils';
import { loginFailures } from './login-failures';
import { LoginForm } from './login-form';
import { checkPassword, checkUsername } from './login-validation';

const USER = { uid: '1', username: 'alice', roleList: ['user'] };
const PUZZLE = {
  puzzleKey: 'pk-1',
  backgroundImage: 'data:image/png;base64,YmFja2dyb3VuZA==',
  pieceImage: 'data:image/png;base64,cGllY2U=',
  pieceY: 17,
};
const ok = (data: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ status: 200, msg: 'success', data }), {
    headers: { 'Content-Type': 'application/json', ...headers },
  });
const fail = (status: number, key: string) =>
  new Response(JSON.stringify({ status, msg: key, data: { key } }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
/** The puzzles asked for, as the URLs requested (the username the login is for in the query). */
const puzzlesAsked = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/get-slide-puzzle'));
/** The JSON bodies sent to `path`, in order. */
const sent = (fetchMock: ReturnType<typeof stubServer>, path: string) =>
  (fetchMock.mock.calls as unknown as [string, RequestInit][])
    .filter(([url]) => url === path)
    .map(([, init]) => JSON.parse(String(init.body)));

describe('login validation rules', () => {
  it('requires a username of at most 20 characters', () => {
    expect(checkUsername('')).toBe('Username_Check_Required');
    expect(checkUsername('   ')).toBe('Username_Check_Required');
    expect(checkUsername('a'.repeat(20))).toBeNull();
    expect(checkUsername('a'.repeat(21))).toBe('Username_Check_Max');
  });
  it('requires a password of 6 to 20 characters', () => {
    expect(checkPassword('')).toBe('Password_Check_Required');
    expect(checkPassword('12345')).toBe('Password_Check_Between');
    expect(checkPassword('123456')).toBeNull();
    expect(checkPassword('x'.repeat(20))).toBeNull();
    expect(checkPassword('x'.repeat(21))).toBe('Password_Check_Between');
  });
});

describe('login form', () => {
  beforeAll(() => setupI18n('en-US'));
  beforeEach(() => {
    session.clear();
    loginFailures.reset();
  });

  it('checks a field when it loses focus', async () => {
    stubServer();
    renderElement(<LoginForm />);
    fireEvent.blur(screen.getByLabelText('Username'));
    expect(await screen.findByText('The username is required')).toBeTruthy();
  });

  it('checks every field on submit and sends nothing while they are wrong', async () => {
    const fetchMock = stubServer();
    renderElement(<LoginForm />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'a'.repeat(21) } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('The username may be at most 20 characters')).toBeTruthy();
    expect(await screen.findByText('The password must be 6 to 20 characters')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/login'))).toBe(false);
  });

  it('signs in with the token of the Authorization header and resets the failure counter', async () => {
    loginFailures.increment();
    const user = { uid: '1', username: 'alice', roleList: ['user'] };
    stubServer({
      '/api/login': () =>
        new Response(JSON.stringify({ status: 200, msg: 'success', data: user }), {
          headers: { Authorization: 'token-abc', 'Content-Type': 'application/json' },
        }),
    });
    renderElement(<LoginForm />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'alice' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(session.token()).toBe('token-abc'));
    expect(window.localStorage.getItem('token')).toBe('token-abc');
    expect(window.localStorage.getItem('loginFailNum')).toBeNull();
  });

  it('keeps the server’s reason in view when the account waits for approval (403)', async () => {
    const waiting = "Your registration is waiting for an administrator's approval; you can log in once it is approved";
    stubServer({
      '/api/login': () =>
        new Response(JSON.stringify({ status: 403, msg: waiting, data: { key: 'registrationPending' } }), {
          status: 403,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    renderElement(<LoginForm />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'newbie' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe(waiting);
    expect(session.token()).toBeNull();
  });

  it.each([
    [
      'examSessionActive',
      'This account is already signed in to the exam elsewhere; ask the proctor to end that session',
    ],
    ['examAddressRefused', 'During the exam this address (203.0.113.9) may not be used'],
  ])('keeps an exam’s refusal of the login in view (403 %s)', async (key, text) => {
    stubServer({
      '/api/login': () =>
        new Response(JSON.stringify({ status: 403, msg: text, data: { key } }), {
          status: 403,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    renderElement(<LoginForm />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'student1' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(session.token()).toBeNull();
  });

  it('asks for the slide puzzle instead of sending after 5 failures', async () => {
    for (let i = 0; i < 5; i++) loginFailures.increment();
    const fetchMock = stubServer({ '/api/get-slide-puzzle': () => ok(PUZZLE) });
    renderElement(<LoginForm />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'alice' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('slider', { name: 'Slider handle' })).toBeTruthy();
    expect(sent(fetchMock, '/api/login')).toEqual([]);
    // The puzzle is asked for the account being logged in to; another username gets a puzzle of its own.
    await waitFor(() => expect(puzzlesAsked(fetchMock)).toEqual(['/api/get-slide-puzzle?username=alice']));
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: ' Bob ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() =>
      expect(puzzlesAsked(fetchMock)).toEqual([
        '/api/get-slide-puzzle?username=alice',
        '/api/get-slide-puzzle?username=Bob',
      ]),
    );
    expect(sent(fetchMock, '/api/login')).toEqual([]);
  });

  it('opens the server’s puzzle when the server asks for verification and sends its proof with the login', async () => {
    const logins = [
      () => fail(400, 'loginVerificationRequired'),
      () => ok(USER, { Authorization: 'token-after-puzzle' }),
    ];
    const fetchMock = stubServer({
      '/api/login': () => (logins.shift() as () => Response)(),
      '/api/get-slide-puzzle': () => ok(PUZZLE),
      '/api/check-slide-puzzle': () => ok({ verificationToken: 'proof-1' }),
    });
    renderElement(<LoginForm />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'alice' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));

    // The browser counted only one failure: the server's answer opens the puzzle, with the server's pictures.
    const handle = await screen.findByRole('slider', { name: 'Slider handle' });
    expect(sent(fetchMock, '/api/login')).toEqual([{ username: 'alice', password: 'secret1' }]);
    expect(puzzlesAsked(fetchMock)).toEqual(['/api/get-slide-puzzle?username=alice']);
    await waitFor(() => expect(document.querySelector(`img[src="${PUZZLE.backgroundImage}"]`)).toBeTruthy());
    const piece = document.querySelector(`img[src="${PUZZLE.pieceImage}"]`) as HTMLImageElement;
    expect(piece.style.top).toBe('17px');

    // Slide 130 px with the keyboard and drop: the server checks the position.
    for (let i = 0; i < 13; i++) fireEvent.keyDown(handle, { key: 'ArrowRight', shiftKey: true });
    expect(piece.style.left).toBe('130px');
    fireEvent.keyDown(handle, { key: 'Enter' });
    await waitFor(() => expect(sent(fetchMock, '/api/check-slide-puzzle')).toEqual([{ puzzleKey: 'pk-1', left: 130 }]));
    expect(await screen.findByText(/^Verified in \d+(\.\d)? s$/)).toBeTruthy();

    // After the message (1 s) the login goes again with the proof, and signs in.
    await waitFor(() => expect(session.token()).toBe('token-after-puzzle'), { timeout: 3000 });
    expect(sent(fetchMock, '/api/login')[1]).toEqual({
      username: 'alice',
      password: 'secret1',
      verificationToken: 'proof-1',
    });
    expect(screen.queryByRole('slider')).toBeNull();
  });

  it('a wrong drop gives no proof and brings a new puzzle; the admin login opens it too', async () => {
    const puzzles = [PUZZLE, { ...PUZZLE, puzzleKey: 'pk-2' }];
    const fetchMock = stubServer({
      '/api/admin/login': () => fail(429, 'loginTooFrequent'),
      '/api/get-slide-puzzle': () => ok(puzzles.shift()),
      '/api/check-slide-puzzle': () => fail(400, 'slidePuzzleWrong'),
    });
    renderElement(<LoginForm admin />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'root' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const handle = await screen.findByRole('slider', { name: 'Slider handle' });
    await waitFor(() => expect(document.querySelector('img')).toBeTruthy());
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    fireEvent.keyDown(handle, { key: 'Enter' });
    expect(await screen.findByText('Verification failed, please try again')).toBeTruthy();
    await waitFor(
      () =>
        expect(puzzlesAsked(fetchMock)).toEqual([
          '/api/get-slide-puzzle?username=root',
          '/api/get-slide-puzzle?username=root',
        ]),
      { timeout: 3000 },
    );
    expect(sent(fetchMock, '/api/admin/login')).toHaveLength(1);
    expect(session.token()).toBeNull();
  });
});
