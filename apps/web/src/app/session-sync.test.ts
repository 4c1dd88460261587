import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session, sessionStore } from '../lib/auth-store';
import { setNavigator } from '../lib/navigation';
import { userInfoFixture } from '../test-fixtures';
import { handleVisibilityChange } from './session-sync';

const user = userInfoFixture('1', 'alice');

describe('cross-tab session', () => {
  const navigate = vi.fn();
  beforeEach(() => {
    navigate.mockReset();
    setNavigator(navigate);
    session.signIn('tab-token', user);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ status: 200, msg: '', data: { roles: ['user'], permissions: [] } })),
      ),
    );
  });

  it('adopts a token another tab stored when the page becomes visible', () => {
    window.localStorage.setItem('token', 'other-tab-token');
    handleVisibilityChange();
    expect(sessionStore.get().token).toBe('other-tab-token');
    expect(sessionStore.get().user?.username).toBe('alice');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('drops the user and goes home when another tab logged out', () => {
    window.localStorage.removeItem('token');
    handleVisibilityChange();
    expect(sessionStore.get()).toEqual({ token: null, user: null, roles: [] });
    expect(window.localStorage.getItem('userInfo')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/home', undefined);
  });

  it('goes to the admin login instead when the tab is in the admin area', () => {
    window.history.pushState({}, '', '/admin/dashboard');
    window.localStorage.removeItem('token');
    handleVisibilityChange();
    expect(navigate).toHaveBeenCalledWith('/admin/login', undefined);
    window.history.pushState({}, '', '/');
  });
});
