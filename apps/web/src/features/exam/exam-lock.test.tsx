import type { UserInfo } from '@oj/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import dayjs from 'dayjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api';
import { session } from '../../lib/auth-store';
import { bindNotifiers } from '../../lib/notify';
import { callsTo, json, renderWithProviders, setupI18n, stubServer } from '../../test-utils';
import { SiteFrame } from '../layout/site-frame';
import { isExamPath } from './current-exam';

const USER = { uid: 'u-bob', username: 'bob', nickname: null, avatar: null, roleList: ['user'] } as unknown as UserInfo;
const CURRENT = '/api/contest/current-exam';

/** The site frame with a few pages, as the app has it. */
const renderSite = (path: string) =>
  renderWithProviders(
    [
      {
        path: '/',
        element: <SiteFrame />,
        children: [
          { path: 'home', element: <p>the home page</p> },
          { path: 'problem', element: <p>the problem list</p> },
          { path: 'contest/:contestID', element: <p>the exam's page</p> },
          { path: 'contest/:contestID/problems', element: <p>the exam's problems</p> },
        ],
      },
    ],
    path,
  );

const exam = (endTime: string) => ({ cid: 7, title: 'Final exam', startTime: '2026-01-01T08:00:00Z', endTime });

describe('the exam lock', { timeout: 30_000 }, () => {
  beforeAll(() => setupI18n('en-US'));
  beforeEach(() => session.signIn('token', USER));
  afterEach(() => session.clear());

  it("keeps the exam's pages and the sign-out open, nothing else", () => {
    expect(isExamPath('/contest/7', 7)).toBe(true);
    expect(isExamPath('/contest/7/problem/A/full-screen', 7)).toBe(true);
    expect(isExamPath('/logout', 7)).toBe(true);
    expect(isExamPath('/contest/70', 7)).toBe(false);
    expect(isExamPath('/contest/8/problems', 7)).toBe(false);
    expect(isExamPath('/home', 7)).toBe(false);
  });

  it("shows the banner and the exam's menu, leads any other page to the exam, and opens the site at its end", async () => {
    // The exam ends in a moment: the lock asks again at its end and the server then reports none.
    const end = new Date(Date.now() + 1500).toISOString();
    let running = true;
    const fetchMock = stubServer({ [CURRENT]: () => json(running ? exam(end) : null)() });
    const { router } = renderSite('/home');
    const banner = await screen.findByRole('status');
    expect(banner.textContent).toBe(`Exam in progress: Final exam — ends at ${dayjs(end).format('HH:mm')}`);
    expect(within(banner).getByRole('link').getAttribute('href')).toBe('/contest/7');
    // The other page led to the exam.
    expect(await screen.findByText("the exam's page")).toBeTruthy();
    expect(router.state.location.pathname).toBe('/contest/7');
    expect(screen.queryByText('the home page')).toBeNull();
    // The menu: the exam's pages and the sign-out, nothing of the rest of the site.
    const nav = within(screen.getByRole('navigation', { name: 'Menu' }));
    expect(nav.getByRole('menuitem', { name: 'Problems' }).getAttribute('href')).toBe('/contest/7/problems');
    expect(nav.queryByRole('menuitem', { name: 'Back to Home' })).toBeNull();
    expect(nav.queryByRole('menuitem', { name: 'Training' })).toBeNull();
    expect(nav.getByRole('link', { name: 'Logout' }).getAttribute('href')).toBe('/logout');
    // The exam's own pages stay.
    await act(() => router.navigate('/contest/7/problems'));
    expect(await screen.findByText("the exam's problems")).toBeTruthy();
    await act(() => router.navigate('/problem'));
    expect(await screen.findByText("the exam's page")).toBeTruthy();

    running = false;
    await waitFor(() => expect(screen.queryByText(/Exam in progress/)).toBeNull(), { timeout: 10_000 });
    expect(callsTo(fetchMock, CURRENT).length).toBeGreaterThan(1);
    await act(() => router.navigate('/problem'));
    expect(await screen.findByText('the problem list')).toBeTruthy();
  });

  it('asks again when a call is refused because an exam runs (403 examSiteClosed), and shows its message', async () => {
    let running = false;
    const fetchMock = stubServer({
      [CURRENT]: () => json(running ? exam(new Date(Date.now() + 3_600_000).toISOString()) : null)(),
      '/api/get-problem-list': () =>
        new Response(JSON.stringify({ status: 403, msg: 'Your exam is running', data: { key: 'examSiteClosed' } }), {
          status: 403,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    renderSite('/problem');
    expect(await screen.findByText('the problem list')).toBeTruthy();
    await waitFor(() => expect(callsTo(fetchMock, CURRENT)).toHaveLength(1));
    running = true;
    const notifications = { error: vi.fn() };
    bindNotifiers({ info: vi.fn() } as unknown as MessageInstance, notifications as unknown as NotificationInstance);
    await expect(
      api.call({ method: 'GET', path: '/api/get-problem-list', access: 'public' } as never, {} as never),
    ).rejects.toMatchObject({ status: 403, message: 'Your exam is running' });
    expect(notifications.error).toHaveBeenCalledWith(expect.objectContaining({ description: 'Your exam is running' }));
    expect(await screen.findByText("the exam's page")).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/^Exam in progress: Final exam/);
  });

  it('asks nothing for a visitor', async () => {
    session.clear();
    const fetchMock = stubServer({ [CURRENT]: json(exam('2099-01-01T00:00:00Z')) });
    renderSite('/problem');
    expect(await screen.findByText('the problem list')).toBeTruthy();
    expect(callsTo(fetchMock, CURRENT)).toHaveLength(0);
  });
});
