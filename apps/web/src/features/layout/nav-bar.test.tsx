import type { UserInfo } from '@oj/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../lib/auth-store';
import { renderWithProviders, setupI18n, stubServer, WEBSITE_CONFIG } from '../../test-utils';
import { NavBar } from './nav-bar';

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

const renderNav = (preliminaryUrl: string) => {
  stubServer({
    '/api/get-website-config': json({ ...WEBSITE_CONFIG, preliminaryUrl }),
    '/api/msg/unread': json({ comment: 0, reply: 0, like: 0, sys: 0, mine: 0 }),
  });
  return renderWithProviders([{ path: '*', element: <NavBar /> }], '/home');
};

beforeAll(() => setupI18n('en-US'));
beforeEach(() => session.signIn('token', USER));
afterEach(() => session.clear());

describe('preliminary-round link in the top menu', { timeout: 30_000 }, () => {
  it('opens the configured address in a new window', async () => {
    renderNav('https://train.example/chusai');
    const link = await screen.findByRole('link', { name: 'Preliminary Training' });
    expect(link.getAttribute('href')).toBe('https://train.example/chusai');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('is hidden while the site configuration has no address', async () => {
    renderNav('');
    // The menu is there (the configuration has arrived: the discussion entry depends on it) without the link.
    expect(await screen.findByRole('link', { name: 'Discussion' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Preliminary Training' })).toBeNull());
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
