import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../lib/auth-store';
import { renderElement, setupI18n, stubServer } from '../../test-utils';
import { loginFailures } from './login-failures';
import { LoginForm } from './login-form';
import { checkPassword, checkUsername } from './login-validation';

describe('login validation rules (spec 1-core §5)', () => {
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

  it('asks for the slide puzzle instead of sending after 5 failures', async () => {
    for (let i = 0; i < 5; i++) loginFailures.increment();
    const fetchMock = stubServer();
    renderElement(<LoginForm />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'alice' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('slider', { name: 'Slider handle' })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/login'))).toBe(false);
  });
});
