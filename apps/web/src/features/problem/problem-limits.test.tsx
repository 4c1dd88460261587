import type { UserInfo } from '@oj/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../lib/auth-store';
import { problemDetailFixture } from '../../test-fixtures';
import { json, renderWithProviders, setupI18n, spyOnToasts, stubServer } from '../../test-utils';
import ProblemDetailPage from './problem-detail-page';

const USER = { uid: 'u-alice', username: 'alice', roleList: ['user'] } as unknown as UserInfo;

// A contest's problem as get-contest-problem-details answers it: stated 1000 ms / 128 MB, judged in Java and Python3
// with twice that (the server's languageLimits), in C++ as stated.
const CONTEST_DETAIL = {
  ...problemDetailFixture({ problemId: 'LIM-A', timeLimit: 1000, memoryLimit: 128 }),
  languages: ['C++', 'Java', 'Python3'],
  languageLimits: {
    'C++': { timeLimit: 1000, memoryLimit: 128 },
    Java: { timeLimit: 2000, memoryLimit: 256 },
    Python3: { timeLimit: 2000, memoryLimit: 256 },
  },
  hasSubmitted: false,
};

const limitsShown = () => {
  const article = screen.getByRole('article', { name: 'Problem Description' });
  return {
    time: within(article).queryByText(/^\d+ ms$/)?.textContent,
    memory: within(article).queryByText(/^\d+ MB$/)?.textContent,
  };
};

describe('a contest problem page: the limits of the chosen language', () => {
  spyOnToasts();
  beforeAll(() => setupI18n('en-US'));
  beforeEach(() => {
    localStorage.clear();
    session.signIn('token', USER);
  });
  afterEach(() => session.clear());

  it('shows the limits the judge applies for the language chosen in the editor', async () => {
    stubServer({
      '/api/get-contest-problem-details': json(CONTEST_DETAIL),
      '/api/get-user-problem-status': json({}),
    });
    renderWithProviders(
      [{ path: '/contest/:contestID/problem/:problemID', element: <ProblemDetailPage /> }],
      '/contest/5/problem/LIM-A',
    );
    expect(await screen.findByText('Count the coins.')).toBeTruthy();
    // C++ is chosen first: the limits as stated.
    expect(await screen.findByText('Time and memory limits for C++')).toBeTruthy();
    expect(limitsShown()).toEqual({ time: '1000 ms', memory: '128 MB' });

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Language' }));
    fireEvent.click(await screen.findByTitle('Java'));
    expect(await screen.findByText('Time and memory limits for Java')).toBeTruthy();
    expect(limitsShown()).toEqual({ time: '2000 ms', memory: '256 MB' });

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Language' }));
    fireEvent.click(await screen.findByTitle('C++'));
    expect(await screen.findByText('Time and memory limits for C++')).toBeTruthy();
    expect(limitsShown()).toEqual({ time: '1000 ms', memory: '128 MB' });
  });
});
