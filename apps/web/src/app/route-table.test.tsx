import type { UserInfo } from '@oj/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../lib/auth-store';
import { toast } from '../lib/notify';
import { loginDialogStore } from '../lib/ui-store';
import { useOwnPageTitle } from '../lib/use-page-title';
import { renderWithProviders, setupI18n, stubServer } from '../test-utils';
import { decideGuard } from './route-guard';
import { ADMIN_ROUTES, findRoute, flattenRoutes, isPathAvailable, SITE_ROUTES } from './route-table';
import { buildRoutes } from './router';
import { SCREENS } from './screens';

describe('route table', () => {
  it('declares the route table once, with guards on the routes that need them', () => {
    const paths = flattenRoutes(SITE_ROUTES).map((r) => r.fullPath);
    for (const p of ['/home', '/problem', '/contest/:contestID/rank', '/group/:groupID/discussion', '/message/sys'])
      expect(paths).toContain(p);
    expect(findRoute('/contest/7/rejudge')?.route.guard).toEqual({ superAdmin: true });
    expect(findRoute('/contest/7/comment')?.route.guard).toEqual({ area: 'openContestComment' });
    expect(findRoute('/discussion')?.route.guard).toEqual({ area: 'openPublicDiscussion' });
    expect(findRoute('/setting')?.route.guard).toEqual({ login: true });
    expect(findRoute('/contest/acm-scoreboard/3')?.route.screen).toBe('ACMScoreBoard');
    expect(findRoute('/admin/user')?.route.guard).toMatchObject({ superAdmin: true });
  });

  it('makes every declared path available, and no other', () => {
    expect(isPathAvailable('/home')).toBe(true);
    expect(isPathAvailable('/logout')).toBe(true);
    expect(isPathAvailable('/problem')).toBe(true);
    expect(isPathAvailable('/group')).toBe(true);
    expect(isPathAvailable('/group/3/member')).toBe(true);
    expect(isPathAvailable('/zhuce')).toBe(true);
    // Groups parts 2 (problems, submissions) and 3 (trainings, contests, discussions) are live.
    expect(isPathAvailable('/group/3/problem')).toBe(true);
    expect(isPathAvailable('/group/3/problem/create')).toBe(true);
    expect(isPathAvailable('/group/3/problem/edit/12')).toBe(true);
    expect(isPathAvailable('/group/3/problem/A/full-screen')).toBe(true);
    expect(isPathAvailable('/group/3/status')).toBe(true);
    expect(isPathAvailable('/group/3/submission-detail/9')).toBe(true);
    expect(findRoute('/group/3/problem/create')?.route.screen).toBe('GroupCreateProblem');
    expect(findRoute('/group/3/problem/algoc1')?.route.screen).toBe('GroupProblemDetails');
    expect(isPathAvailable('/group/3/training/4/rank')).toBe(true);
    expect(isPathAvailable('/group/3/contest')).toBe(true);
    expect(isPathAvailable('/group/3/discussion-detail/5')).toBe(true);
    expect(isPathAvailable('/training/3/problem/A/full-screen')).toBe(true);
    // The about pages and the result explanation.
    expect(isPathAvailable('/introduction')).toBe(true);
    expect(isPathAvailable('/developer')).toBe(true);
    expect(findRoute('/status/explanation')?.route.screen).toBe('ResultExplanation');
    expect(isPathAvailable('/no-such-page')).toBe(false);
  });

  it('has a screen for every route', () => {
    const live = [...flattenRoutes(SITE_ROUTES), ...flattenRoutes(ADMIN_ROUTES, '/admin')].filter(
      ({ route }) => !route.redirect,
    );
    expect(live.length).toBeGreaterThan(0);
    for (const { route } of live) expect(SCREENS[route.screen ?? '']).toBeDefined();
  });
});

describe('route guard', () => {
  const visitor = { token: null, isAdmin: false, isSuperAdmin: false, config: undefined };
  it('sends a visitor on a login route home with the login dialog and clears user data', () => {
    expect(decideGuard({ login: true }, { ...visitor, pathname: '/setting' })).toEqual({
      ok: false,
      to: '/home',
      message: 'Please_login_first',
      openLogin: true,
      clear: true,
    });
  });
  it('sends admin-area visitors and non-admins to the admin login', () => {
    expect(decideGuard({ admin: true }, { ...visitor, pathname: '/admin/dashboard' })).toMatchObject({
      to: '/admin/login',
      message: 'Please_login_first_by_admin_account',
    });
    const user = { ...visitor, token: 't', pathname: '/admin/dashboard' };
    expect(decideGuard({ admin: true }, user)).toMatchObject({ ok: false, to: '/admin/login' });
    expect(decideGuard({ admin: true }, { ...user, isAdmin: true })).toEqual({ ok: true });
    expect(decideGuard({ admin: true, superAdmin: true }, { ...user, isAdmin: true })).toMatchObject({ ok: false });
  });
  it('closes switched-off areas with No Access, and waits for the configuration', () => {
    const ctx = { ...visitor, pathname: '/discussion' };
    expect(decideGuard({ area: 'openPublicDiscussion' }, ctx)).toBe('pending');
    expect(
      decideGuard({ area: 'openPublicDiscussion' }, { ...ctx, config: { openPublicDiscussion: false } }),
    ).toMatchObject({ ok: false, to: '/home', message: 'No_Access' });
    expect(decideGuard({ area: 'openPublicDiscussion' }, { ...ctx, config: { openPublicDiscussion: true } })).toEqual({
      ok: true,
    });
  });
});

const ProblemListStub = () => <h1>Problem list screen</h1>;
const ProblemDetailsStub = () => {
  useOwnPageTitle('A+B Problem');
  return <h1>Problem detail screen</h1>;
};

describe('router built from the table', () => {
  beforeAll(() => setupI18n('en-US'));
  beforeEach(() => {
    session.clear();
    loginDialogStore.set({ open: false, mode: 'login' });
    stubServer();
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the 404 page on a path that is not declared', async () => {
    renderWithProviders(buildRoutes(), '/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go Home' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it('redirects / to /home', async () => {
    const { router } = renderWithProviders(buildRoutes(), '/');
    await screen.findByRole('heading', { name: 'Announcement' });
    expect(router.state.location.pathname).toBe('/home');
  });

  it('hides the footer on problem-detail pages and titles the window "<product> - <page>"', async () => {
    const screens = { ...SCREENS, ProblemList: ProblemListStub, ProblemDetails: ProblemDetailsStub };
    const list = renderWithProviders(buildRoutes(screens), '/problem');
    await screen.findByRole('heading', { name: 'Problem list screen' });
    expect(await screen.findByText('Training School')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Test Judge - Problem'));
    list.unmount();

    // A page's own title (here the problem's) wins over its route's, and goes with the page.
    const detail = renderWithProviders(buildRoutes(screens), '/problem/1001');
    await screen.findByRole('heading', { name: 'Problem detail screen' });
    expect(screen.queryByText('Training School')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Test Judge - A+B Problem'));
    await act(() => detail.router.navigate('/problem'));
    await screen.findByRole('heading', { name: 'Problem list screen' });
    await waitFor(() => expect(document.title).toBe('Test Judge - Problem'));
  });

  it('refuses to build a declared route without its screen', () => {
    // Take one screen away.
    const { GroupTrainingList: _removed, ...screens } = SCREENS;
    expect(() => buildRoutes(screens)).toThrow(/screen GroupTrainingList is missing/);
    expect(() => buildRoutes()).not.toThrow();
  });

  it('logs out to home without asking the user who just left to log in', async () => {
    session.signIn('token', { uid: 'u1', username: 'alice', roleList: [] } as unknown as UserInfo);
    const fetchMock = stubServer();
    const warning = vi.spyOn(toast, 'warning');
    const { router } = renderWithProviders(buildRoutes(), '/logout');
    await screen.findByRole('heading', { name: 'Announcement' });
    expect(router.state.location.pathname).toBe('/home');
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/logout'))).toBe(true);
    expect(session.token()).toBeNull();
    expect(warning).not.toHaveBeenCalled();
    expect(loginDialogStore.get().open).toBe(false);
  });

  it('asks a visitor who arrives at a login route to log in', async () => {
    const warning = vi.spyOn(toast, 'warning');
    const { router } = renderWithProviders(buildRoutes(), '/logout');
    await waitFor(() => expect(warning).toHaveBeenCalledWith('Please login first'));
    expect(router.state.location.pathname).toBe('/home');
    expect(loginDialogStore.get().open).toBe(true);
  });

  it('sends an unknown admin path to the admin login', async () => {
    const { router } = renderWithProviders(buildRoutes(), '/admin/no-such-page');
    await screen.findByText('Please login first by admin account');
    expect(router.state.location.pathname).toBe('/admin/login');
  });
});
