import type { Contest, UserInfo } from '@oj/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildRoutes } from '../../app/router';
import { session } from '../../lib/auth-store';
import { contestFixture } from '../../test-fixtures';
import { json, renderWithProviders, setupI18n, stubServer } from '../../test-utils';

const STUDENT = { uid: 'u-bob', username: 'bob', roleList: ['user'] } as UserInfo;
const page = { records: [], total: 0, size: 10, current: 1 };

/** The whole app at `path`, the server answering the contest's calls. */
const renderContest = (contest: Contest, path: string, access?: { access: boolean; refusal: string | null }) => {
  stubServer({
    '/api/get-contest-info': json(contest),
    '/api/get-contest-outsize-info': json({ contest, problemList: [] }),
    '/api/get-contest-outside-scoreboard': json(page),
    '/api/get-contest-problem': json([]),
    '/api/get-contest-access': json(access ?? { access: true, refusal: null }),
    '/api/get-contest-not-read-announcement': json([]),
    '/api/get-contest-announcement': json(page),
  });
  return renderWithProviders(buildRoutes(), path);
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
});
