import type { FullScreenProblem, UserInfo } from '@oj/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { afterEach, beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { session } from '../../lib/auth-store';
import { bindNotifiers } from '../../lib/notify';
import { problemDetailFixture } from '../../test-fixtures';
import { renderWithProviders, setupI18n, stubServer } from '../../test-utils';
import ProblemDetailPage from '../problem/problem-detail-page';

const USER = { uid: 'u-alice', username: 'alice', roleList: ['user'] } as unknown as UserInfo;

const DETAIL = problemDetailFixture();

const SWITCHER: FullScreenProblem[] = [
  { pid: 101, problemId: 'P1', title: 'Coins', status: 0, score: null },
  { pid: 102, problemId: 'P2', title: 'Intervals', status: -10, score: null },
];

const json = (data: unknown) => () =>
  new Response(JSON.stringify({ status: 200, msg: 'success', data }), {
    headers: { 'Content-Type': 'application/json' },
  });

const callsTo = (fetchMock: Mock, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).split('?')[0] === path) as [string, RequestInit | undefined][];

const render = (path: string) =>
  renderWithProviders(
    [
      { path: '/training/:trainingID/problem/:problemID', element: <ProblemDetailPage /> },
      { path: '/training/:trainingID/problem/:problemID/full-screen', element: <ProblemDetailPage /> },
    ],
    path,
  );

describe('training problem page (problem detail, training variant)', () => {
  beforeAll(() => setupI18n('en-US'));
  beforeEach(() => {
    session.signIn('token', USER);
    bindNotifiers(
      { success: vi.fn(), warning: vi.fn(), info: vi.fn(), error: vi.fn() } as unknown as MessageInstance,
      { error: vi.fn() } as unknown as NotificationInstance,
    );
  });
  afterEach(() => session.clear());

  it('loads the problem by its display id in the training and submits with the training id', async () => {
    const fetchMock = stubServer({
      '/api/get-training-problem-details': json(DETAIL),
      '/api/get-user-problem-status': json({}),
      '/api/get-submission-list': json({ records: [], total: 0, size: 10, current: 1 }),
      '/api/submit-problem-judge': json({ submitId: 77, status: 5 }),
      '/api/get-submission-detail': json({ submission: { submitId: 77, status: 5 } }),
    });
    render('/training/5/problem/P1');
    expect(await screen.findByText('Count the coins.')).toBeTruthy();
    const [url] = callsTo(fetchMock, '/api/get-training-problem-details')[0] ?? [];
    const q = new URLSearchParams(String(url).split('?')[1]);
    expect(q.get('tid')).toBe('5');
    expect(q.get('displayId')).toBe('P1');
    expect(callsTo(fetchMock, '/api/get-problem-detail')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: /Submit/ }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/submit-problem-judge')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, '/api/submit-problem-judge')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({
      pid: 'P1',
      tid: 5,
      language: 'C++',
      code: 'int main() { return 0; }',
    });
  });

  it('toggles focus mode through the full-screen route, with the training problem switcher there', async () => {
    const fetchMock = stubServer({
      '/api/get-training-problem-details': json(DETAIL),
      '/api/get-user-problem-status': json({}),
      '/api/get-submission-list': json({ records: [], total: 0, size: 10, current: 1 }),
      '/api/get-full-screen-problem-list': json(SWITCHER),
    });
    const { router } = render('/training/5/problem/P1');
    fireEvent.click(await screen.findByRole('button', { name: /Focus mode/i }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/training/5/problem/P1/full-screen'));
    expect(await screen.findByRole('combobox', { name: 'Problem List' })).toBeTruthy();
    await waitFor(() => expect(callsTo(fetchMock, '/api/get-full-screen-problem-list')).toHaveLength(1));
    const [url] = callsTo(fetchMock, '/api/get-full-screen-problem-list')[0] ?? [];
    expect(new URLSearchParams(String(url).split('?')[1]).get('tid')).toBe('5');

    fireEvent.click(screen.getByRole('button', { name: /Exit focus mode/i }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/training/5/problem/P1'));
    expect(screen.queryByRole('combobox', { name: 'Problem List' })).toBeNull();
  });
});
