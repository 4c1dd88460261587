import type { UserInfo } from '@oj/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../lib/auth-store';
import { renderWithProviders, setupI18n, stubServer, WEBSITE_CONFIG } from '../../test-utils';
import { NavBar } from './nav-bar';
import { entriesThatFit } from './top-menu';

const USER = {
  uid: 'u-alice',
  username: 'alice',
  nickname: null,
  avatar: null,
  roleList: ['user'],
} as unknown as UserInfo;

const json = (data: unknown) => () =>
  new Response(JSON.stringify({ status: 200, msg: 'success', data }), {
    headers: { 'Content-Type': 'application/json' },
  });

const renderNav = (preliminaryUrl: string, path = '/home') => {
  stubServer({
    '/api/get-website-config': json({ ...WEBSITE_CONFIG, preliminaryUrl }),
    '/api/msg/unread': json({ comment: 0, reply: 0, like: 0, sys: 0, mine: 0 }),
  });
  return renderWithProviders([{ path: '*', element: <NavBar /> }], path);
};

const menu = () => within(screen.getByRole('navigation', { name: 'Menu' }));

beforeAll(() => setupI18n('en-US'));
beforeEach(() => session.signIn('token', USER));
afterEach(() => session.clear());

describe('preliminary-round link in the top menu', { timeout: 30_000 }, () => {
  it('opens the configured address in a new window', async () => {
    renderNav('https://train.example/chusai');
    const link = await menu().findByRole('menuitem', { name: 'Preliminary Training' });
    expect(link.getAttribute('href')).toBe('https://train.example/chusai');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('is hidden while the site configuration has no address', async () => {
    renderNav('');
    // The menu is there (the configuration has arrived: the discussion entry depends on it) without the link.
    expect(await menu().findByRole('menuitem', { name: 'Discussion' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Preliminary Training' })).toBeNull());
    expect(screen.queryByText('Preliminary Training')).toBeNull();
  });
});

describe('the user dropdown', { timeout: 30_000 }, () => {
  it('opens on a click made before its code arrived, and offers the admin area as a link to a new window', async () => {
    session.signIn('token', { ...USER, roleList: ['root'] } as unknown as UserInfo);
    renderNav('');
    // The first render shows the stand-in button while the dropdown's code loads: the click must not be lost.
    fireEvent.click(screen.getByRole('button', { name: /alice/ }));
    const admin = await screen.findByRole('link', { name: 'Management' });
    expect(admin.getAttribute('href')).toBe('/admin');
    expect(admin.getAttribute('target')).toBe('_blank');
    expect(admin.getAttribute('rel')).toContain('noopener');
  });
});

describe('the top menu', { timeout: 30_000 }, () => {
  it('links every entry, marks the current page and leads there', async () => {
    const { router } = renderNav('', '/problem');
    const problem = await menu().findByRole('menuitem', { name: 'Problem' });
    expect(problem.getAttribute('aria-current')).toBe('page');
    expect(menu().getByRole('menuitem', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    const contest = menu().getByRole('menuitem', { name: 'Contest' });
    expect(contest.getAttribute('href')).toBe('/contest');
    fireEvent.click(contest);
    await waitFor(() => expect(router.state.location.pathname).toBe('/contest'));
    expect(menu().getByRole('menuitem', { name: 'Contest' }).getAttribute('aria-current')).toBe('page');
  });

  it('opens a submenu on a click and marks its entry of the current page', async () => {
    const { router } = renderNav('', '/oi-rank');
    const rank = await menu().findByRole('menuitem', { name: 'Rank' });
    expect(rank.getAttribute('aria-haspopup')).toBe('menu');
    expect(rank.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(rank);
    expect(rank.getAttribute('aria-expanded')).toBe('true');
    const submenu = menu().getByRole('menu', { name: 'Rank' });
    expect(within(submenu).getByRole('menuitem', { name: 'OI Rank' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(submenu).getByRole('menuitem', { name: 'ACM Rank' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acm-rank'));
    expect(menu().queryByRole('menu')).toBeNull();
  });

  it('is one tab stop the arrow keys move through, submenus included', async () => {
    renderNav('', '/problem');
    // The site's configuration has arrived (it adds the discussion entry).
    await menu().findByRole('menuitem', { name: 'Discussion' });
    const problem = menu().getByRole('menuitem', { name: 'Problem' });
    // The current page's entry is the one Tab reaches; the others wait for the arrow keys.
    expect(problem.tabIndex).toBe(0);
    expect(menu().getByRole('menuitem', { name: 'Home' }).tabIndex).toBe(-1);
    problem.focus();
    fireEvent.keyDown(problem, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(menu().getByRole('menuitem', { name: 'Training' }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowLeft' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(menu().getByRole('menuitem', { name: 'Home' }));
    expect(menu().getByRole('menuitem', { name: 'Home' }).tabIndex).toBe(0);
    const rank = menu().getByRole('menuitem', { name: 'Rank' });
    rank.focus();
    fireEvent.keyDown(rank, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(menu().getByRole('menuitem', { name: 'ACM Rank' })));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(menu().getByRole('menuitem', { name: 'OI Rank' }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(menu().queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(rank);
  });

  it('puts the entries a narrow window has no room for under More', () => {
    const widths = { items: [60, 80, 80, 100], more: 70 };
    expect(entriesThatFit(widths, 400)).toBe(4);
    expect(entriesThatFit(widths, 320)).toBe(4);
    // 319 px: "More" takes 70, then 60 + 80 + 80 fit.
    expect(entriesThatFit(widths, 319)).toBe(3);
    expect(entriesThatFit(widths, 100)).toBe(0);
  });
});
