import type { Contest, UserInfo } from '@oj/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildRoutes } from '../../app/router';
import { session } from '../../lib/auth-store';
import { contestFixture } from '../../test-fixtures';
import { callsTo, json, renderWithProviders, setupI18n, stubServer } from '../../test-utils';

const STUDENT = { uid: 'u-bob', username: 'bob', roleList: ['user'] } as UserInfo;
const page = { records: [], total: 0, size: 10, current: 1 };

/** The whole app at `path`, the server answering the contest's calls. */
const renderContest = (
  contest: Contest,
  path: string,
  access?: { access: boolean; refusal: string | null },
  extra: Record<string, () => Response> = {},
) => renderWith(contest, path, access, extra);
const renderWith = (
  contest: Contest,
  path: string,
  access: { access: boolean; refusal: string | null } | undefined,
  extra: Record<string, () => Response>,
) => {
  const fetchMock = stubServer({
    ...extra,
    '/api/get-contest-info': json(contest),
    '/api/get-contest-outsize-info': json({ contest, problemList: [] }),
    '/api/get-contest-outside-scoreboard': json(page),
    '/api/get-contest-problem': json([]),
    '/api/get-contest-access': json(access ?? { access: true, refusal: null }),
    '/api/get-contest-not-read-announcement': json([]),
    '/api/get-contest-announcement': json(page),
  });
  return { ...renderWithProviders(buildRoutes(), path), fetchMock };
};

describe('contest pages', () => {
  beforeAll(() => setupI18n('en-US'));
  afterEach(() => session.clear());

  it('title the window with the contest name on its tabs and its outside scoreboard', async () => {
    session.signIn('token', STUDENT);
    const contest = contestFixture({ id: 7, title: 'Spring Cup', openRank: true });
    const shown = renderContest(contest, '/contest/7');
    await waitFor(() => expect(document.title).toBe('Test Judge - Spring Cup'));
    await act(() => shown.router.navigate('/contest/7/announcements'));
    expect(await screen.findByRole('tab', { name: 'Announcements', selected: true })).toBeTruthy();
    expect(document.title).toBe('Test Judge - Spring Cup');
    // Leaving the contest gives the window back to the route's title.
    await act(() => shown.router.navigate('/contest'));
    await waitFor(() => expect(document.title).toBe('Test Judge - Contest'));
    shown.unmount();

    session.clear();
    renderContest(contest, '/contest/acm-scoreboard/7');
    await waitFor(() => expect(document.title).toBe('Test Judge - Spring Cup'));
  });

  it('tells a student outside the account rule so, without the register form', async () => {
    session.signIn('token', STUDENT);
    const contest = contestFixture({ id: 8, title: 'Team Cup', auth: 1 });
    renderContest(contest, '/contest/8', { access: false, refusal: 'contestAccountLimit' });
    expect(await screen.findByText('Your account does not match the account rule of this contest')).toBeTruthy();
    expect(screen.queryByText('You have no access to this contest yet')).toBeNull();
    expect(screen.queryByLabelText('Contest password')).toBeNull();
  });

  it('asks a student who has not registered for the password, as before', async () => {
    session.signIn('token', STUDENT);
    const contest = contestFixture({ id: 9, title: 'Open Cup', auth: 1 });
    renderContest(contest, '/contest/9', { access: false, refusal: 'contestNoAccess' });
    expect(await screen.findByText('You have no access to this contest yet')).toBeTruthy();
    expect(screen.getByLabelText('Contest password')).toBeTruthy();
  });

  it('says it in Chinese in the Chinese interface', async () => {
    try {
      await setupI18n('zh-CN');
      session.signIn('token', STUDENT);
      const contest = contestFixture({ id: 10, title: '团队赛', auth: 1 });
      renderContest(contest, '/contest/10', { access: false, refusal: 'contestAccountLimit' });
      expect(await screen.findByText('你的账号不符合本比赛的账号规则，无法参加')).toBeTruthy();
    } finally {
      await setupI18n('en-US');
    }
  });

  it('offers an ended contest to be taken virtually, then runs it on the student own clock', async () => {
    session.signIn('token', STUDENT);
    const now = Date.now();
    const contest = contestFixture({
      id: 11,
      title: 'Friday class',
      status: 1,
      now: new Date(now).toISOString(),
      startTime: new Date(now - 3 * 3600_000).toISOString(),
      endTime: new Date(now - 3600_000).toISOString(),
      duration: 7200,
    });
    const run = { current: null as object | null };
    const started = {
      cid: 11,
      startTime: new Date(now).toISOString(),
      endTime: new Date(now + 7200_000).toISOString(),
      live: false,
      running: true,
    };
    const { fetchMock } = renderContest(contest, '/contest/11', undefined, {
      '/api/contest/virtual': () => json(run.current)(),
    });
    expect(await screen.findByText(/you can sit it under your own clock/)).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('Contest has ended');
    run.current = started;
    fireEvent.click(screen.getByRole('button', { name: 'Take part virtually' }));
    expect(await screen.findByText(/Your own contest clock starts now and runs for 02:00:00/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/contest/virtual').some((c) => c[1]?.method === 'POST')).toBe(true),
    );
    // His clock runs: the contest shows running with its countdown, marked as his virtual participation.
    expect(await screen.findByText('Virtual participation')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('timer').textContent).toMatch(/^Ends in 0[12]:/));
    expect(screen.queryByRole('button', { name: 'Take part virtually' })).toBeNull();
  });
  it('shows the clarifications tab, hides the comments from a participant while the exam runs, and the sessions to its admins', async () => {
    session.signIn('token', STUDENT);
    const now = Date.now();
    const running = {
      status: 0,
      now: new Date(now).toISOString(),
      startTime: new Date(now - 3600_000).toISOString(),
      endTime: new Date(now + 3600_000).toISOString(),
    };
    const exam = contestFixture({ id: 12, title: 'Final exam', examMode: true, ...running });
    const shown = renderContest(exam, '/contest/12', undefined, {
      '/api/contest/clarifications': json(page),
      '/api/contest/current-exam': json({
        cid: 12,
        title: 'Final exam',
        startTime: running.startTime,
        endTime: running.endTime,
      }),
    });
    expect(await screen.findByRole('tab', { name: 'Clarifications' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Comment' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Exam sessions' })).toBeNull();
    shown.unmount();

    session.signIn('token', { ...STUDENT, roleList: ['root'] } as UserInfo);
    renderContest({ ...exam, id: 13 }, '/contest/13', undefined, { '/api/contest/clarifications': json(page) });
    expect(await screen.findByRole('tab', { name: 'Exam sessions' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Comment' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Clarifications' })).toBeTruthy();
  });
});
