import { JUDGE_STATUS, type Submission, type UserInfo } from '@oj/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { session } from '../../lib/auth-store';
import { bindNotifiers } from '../../lib/notify';
import { submissionFixture } from '../../test-fixtures';
import { renderWithProviders, setupI18n, stubServer } from '../../test-utils';
import SubmissionDetailPage from './submission-detail-page';
import SubmissionListPage from './submission-list-page';

const json =
  (data: unknown, status = 200, msg = 'success') =>
  () =>
    new Response(JSON.stringify({ status, msg, data }), { status, headers: { 'Content-Type': 'application/json' } });
const callsTo = (fetchMock: Mock, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).split('?')[0] === path) as [string, RequestInit | undefined][];

const row = (fields: Partial<Submission> & Pick<Submission, 'submitId' | 'status'>): Submission =>
  submissionFixture({
    pid: 1001,
    displayPid: 'CF-1000A',
    displayId: 'CF-1000A',
    title: 'Codehorses T-shirts',
    language: 'GNU G++17 7.3.0',
    ...fields,
  });

const toasts = { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() };
const notifications = { error: vi.fn() };

beforeAll(() => setupI18n('en-US'));
beforeEach(() => {
  for (const f of [...Object.values(toasts), notifications.error]) f.mockReset();
  bindNotifiers(toasts as unknown as MessageInstance, notifications as unknown as NotificationInstance);
  session.signIn('token', { uid: 'u1', username: 'alice', roleList: ['user'] } as unknown as UserInfo);
});

const ROWS = [
  row({ submitId: 1, status: JUDGE_STATUS.SUBMITTED_FAILED }),
  row({ submitId: 2, status: JUDGE_STATUS.SUBMITTED_FAILED, uid: 'u2', username: 'bob' }),
  row({ submitId: 3, status: JUDGE_STATUS.SYSTEM_ERROR }),
  row({ submitId: 4, status: JUDGE_STATUS.SYSTEM_ERROR, displayPid: '1000', displayId: '1000', title: 'A+B' }),
  row({ submitId: 5, status: JUDGE_STATUS.WRONG_ANSWER }),
  row({ submitId: 6, status: JUDGE_STATUS.SUBMITTING }),
  row({ submitId: 7, status: JUDGE_STATUS.SUBMITTED_UNKNOWN_RESULT }),
  row({ submitId: 8, status: JUDGE_STATUS.SUBMITTED_FAILED, displayPid: '1000', displayId: '1000', title: 'A+B' }),
];

describe('resubmitting a failed remote submission', { timeout: 90_000 }, () => {
  it('offers the refresh icon on the owner’s remote Submitted Failed, System Error and Unknown Result rows only', async () => {
    stubServer({
      '/api/get-submission-list': json({ records: ROWS, total: ROWS.length, size: 30, current: 1 }),
      '/api/check-submissions-status': json({}),
    });
    renderWithProviders([{ path: '*', element: <SubmissionListPage /> }], '/status');
    await screen.findByRole('button', { name: 'Resubmit #1' });
    const offered = screen.getAllByRole('button', { name: /^Resubmit #/ }).map((b) => b.getAttribute('aria-label'));
    // bob's row, a local problem's System Error or Submitted Failed, a Wrong Answer and a run still submitting get none
    // (the server resubmits remote runs only).
    expect(offered).toEqual(['Resubmit #1', 'Resubmit #3', 'Resubmit #7']);
    expect(screen.getAllByText('Submitted Failed')).toHaveLength(3);
    expect(screen.getByText('Submitting')).toBeTruthy();
    expect(screen.getByText('Submitted Not Result')).toBeTruthy();
  });

  it('calls GET /api/resubmit, says "Resubmitted Successfully" and polls the row until it settles', async () => {
    const fetchMock = stubServer({
      '/api/get-submission-list': json({ records: [ROWS[0]], total: 1, size: 30, current: 1 }),
      '/api/resubmit': json(row({ submitId: 1, status: JUDGE_STATUS.PENDING })),
      '/api/check-submissions-status': json({ 1: row({ submitId: 1, status: JUDGE_STATUS.ACCEPTED, time: 46 }) }),
    });
    renderWithProviders([{ path: '*', element: <SubmissionListPage /> }], '/status');
    fireEvent.click(await screen.findByRole('button', { name: 'Resubmit #1' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Resubmitted Successfully', 1));
    expect(String(callsTo(fetchMock, '/api/resubmit')[0]?.[0])).toBe('/api/resubmit?submitId=1');
    expect(await screen.findByText('Pending')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resubmit #1' })).toBeNull();
    // Back in the watch list: the next poll (2 s) asks for it and shows the verdict.
    expect(await screen.findByText('Accepted', {}, { timeout: 10_000 })).toBeTruthy();
    expect(JSON.parse(String(callsTo(fetchMock, '/api/check-submissions-status')[0]?.[1]?.body)).submitIds).toEqual([
      1,
    ]);
  });

  it('shows the reason of a Submitted Failed in the detail, with the refresh icon for its owner', async () => {
    const failed = row({
      submitId: 1,
      status: JUDGE_STATUS.SUBMITTED_FAILED,
      errorMessage: 'Waiting for account scheduling timeout',
    });
    const pending = row({ submitId: 1, status: JUDGE_STATUS.PENDING });
    let current = failed;
    const fetchMock = stubServer({
      '/api/get-submission-detail': () => json({ submission: current, codeShare: false })(),
      '/api/resubmit': () => {
        current = pending;
        return json(pending)();
      },
      '/api/get-all-case-result': json(null),
    });
    renderWithProviders(
      [{ path: '/submission-detail/:submitID', element: <SubmissionDetailPage /> }],
      '/submission-detail/1',
    );
    // The stored English reason, shown in the interface's words.
    expect(await screen.findByText('Timed out waiting for a free remote judge account')).toBeTruthy();
    const status = screen.getByRole('status');
    fireEvent.click(within(status).getByRole('button', { name: 'Resubmit #1' }));
    expect(await within(status).findByText('Pending')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/resubmit')).toHaveLength(1);
    expect(screen.queryByText('Timed out waiting for a free remote judge account')).toBeNull();
  });
});
