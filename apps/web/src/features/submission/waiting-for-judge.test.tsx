import { JUDGE_STATUS, type Submission, type UserInfo } from '@oj/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { session } from '../../lib/auth-store';
import { submissionFixture } from '../../test-fixtures';
import { renderWithProviders, setupI18n, stubServer, WEBSITE_CONFIG } from '../../test-utils';
import AdminDashboardPage from '../admin/judge/admin-dashboard-page';
import SubmissionDetailPage from './submission-detail-page';
import SubmissionListPage from './submission-list-page';

// A language stays on offer while no judge is connected (decision 0036): a submission may wait as Pending, and says
// so once it has waited longer than the site's notice time; the reason stored when no judge came is shown in the
// reader's language; the admin dashboard lists the languages without a live judge.

const json = (data: unknown) => () =>
  new Response(JSON.stringify({ status: 200, msg: 'success', data }), {
    headers: { 'Content-Type': 'application/json' },
  });
const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

const row = (fields: Partial<Submission> & Pick<Submission, 'submitId' | 'status'>): Submission =>
  submissionFixture({
    submitTime: ago(600),
    gmtCreate: ago(600),
    gmtModified: ago(600),
    ...fields,
  });

/** The list's answer, and the same rows to its polling of the ones in progress (they stay as they are). */
const listOf = (records: Submission[]) => ({
  '/api/get-submission-list': json({ records, total: records.length, size: 30, current: 1 }),
  '/api/check-submissions-status': json(Object.fromEntries(records.map((r) => [r.submitId, r]))),
});

const rowOf = (submitId: number) =>
  screen.getByRole('cell', { name: String(submitId) }).closest('tr') as HTMLTableRowElement;

beforeEach(() => {
  session.clear();
  session.signIn('token', { uid: 'u1', username: 'alice', roleList: ['user'] } as unknown as UserInfo);
});

describe('a submission that waits for a judge', () => {
  it.each([
    ['zh-CN', '等待评测机'],
    ['en-US', 'Waiting for a judge'],
  ] as const)(
    'says so in the status list once Pending longer than the notice time, and only then (%s)',
    { timeout: 60000 },
    async (lng, label) => {
      await setupI18n(lng);
      stubServer({
        '/api/get-website-config': json({ ...WEBSITE_CONFIG, judgeWaitNoticeSeconds: 60 }),
        ...listOf([
          row({ submitId: 1, status: JUDGE_STATUS.PENDING, gmtModified: ago(300) }),
          row({ submitId: 2, status: JUDGE_STATUS.PENDING, gmtModified: ago(5) }),
          row({ submitId: 3, status: JUDGE_STATUS.ACCEPTED, gmtModified: ago(300), time: 3, memory: 700 }),
        ]),
      });
      renderWithProviders([{ path: '*', element: <SubmissionListPage /> }], '/status');
      await screen.findByRole('cell', { name: '1' });
      await waitFor(() => expect(within(rowOf(1)).getByText(label)).toBeTruthy());
      expect(within(rowOf(2)).queryByText(label)).toBeNull();
      expect(within(rowOf(3)).queryByText(label)).toBeNull();
    },
  );

  it('says so by itself when the notice time comes, without a new answer from the server', {
    timeout: 60000,
  }, async () => {
    await setupI18n('en-US');
    // The row became Pending when the server first answers; the notice time is a few seconds (longer than this
    // machine takes to show the page). The clock is faked but runs on; it jumps over the notice time, so the test
    // does not wait it out.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    let stamped: Submission | undefined;
    const pending = () => {
      stamped ??= row({ submitId: 7, status: JUDGE_STATUS.PENDING, gmtModified: ago(0) });
      return stamped;
    };
    stubServer({
      '/api/get-website-config': json({ ...WEBSITE_CONFIG, judgeWaitNoticeSeconds: 12 }),
      '/api/get-submission-list': () => json({ records: [pending()], total: 1, size: 30, current: 1 })(),
      '/api/check-submissions-status': () => json({ 7: pending() })(),
    });
    renderWithProviders([{ path: '*', element: <SubmissionListPage /> }], '/status');
    await screen.findByRole('cell', { name: '7' });
    expect(Date.now() - Date.parse(pending().gmtModified)).toBeLessThan(12000);
    expect(within(rowOf(7)).queryByText('Waiting for a judge')).toBeNull();
    // The server's answer stays the same: the page turns by itself when the time comes.
    vi.advanceTimersByTime(12_000);
    await waitFor(() => expect(within(rowOf(7)).getByText('Waiting for a judge')).toBeTruthy(), { timeout: 30000 });
  });

  it('says so in the detail, and shows the reason when no judge came in the reader’s language', {
    timeout: 60000,
  }, async () => {
    await setupI18n('zh-CN');
    let current = row({ submitId: 9, status: JUDGE_STATUS.PENDING, gmtModified: ago(120) });
    stubServer({
      '/api/get-submission-detail': () => json({ submission: current, codeShare: false })(),
      '/api/get-all-case-result': json(null),
    });
    const view = renderWithProviders(
      [{ path: '/submission-detail/:submitID', element: <SubmissionDetailPage /> }],
      '/submission-detail/9',
    );
    expect(await within(await screen.findByRole('status')).findByText('等待评测机')).toBeTruthy();
    view.unmount();

    current = row({
      submitId: 9,
      status: JUDGE_STATUS.SYSTEM_ERROR,
      errorMessage: 'No judge for Java was available within 30 minutes',
      language: 'Java',
    });
    renderWithProviders(
      [{ path: '/submission-detail/:submitID', element: <SubmissionDetailPage /> }],
      '/submission-detail/9',
    );
    expect(await screen.findByText('30 分钟内没有支持 Java 的评测机上线，未能评测')).toBeTruthy();
    expect(screen.queryByText('等待评测机')).toBeNull();
  });
});

describe('the admin dashboard', () => {
  const dashboard = (languagesWithoutJudge: unknown[]) =>
    stubServer({
      '/api/admin/dashboard/get-dashboard-info': json({
        userNum: 1,
        recentContestNum: 0,
        recentContests: [],
        todayJudgeNum: 0,
        judges: [],
        languagesWithoutJudge,
        judgeToken: null,
        queue: [],
      }),
    });

  it.each([
    ['zh-CN', '无在线评测机的语言', '排队任务'],
    ['en-US', 'Languages without a live judge', 'Waiting tasks'],
  ] as const)(
    'lists the languages on offer that have no live judge (%s)',
    { timeout: 30000 },
    async (lng, title, queued) => {
      await setupI18n(lng);
      session.signIn('token', { uid: 'r', username: 'root', roleList: ['root'] } as unknown as UserInfo);
      dashboard([
        { language: 'Java', lastDeclaredAt: '2026-03-01T08:00:00.000Z', queued: 3 },
        { language: 'Python3', lastDeclaredAt: '2026-03-01T07:00:00.000Z', queued: 0 },
      ]);
      renderWithProviders([{ path: '/admin/dashboard', element: <AdminDashboardPage /> }], '/admin/dashboard');
      const java = (await screen.findByText('Java', {}, { timeout: 20000 })).closest('tr') as HTMLTableRowElement;
      const table = java.closest('table') as HTMLTableElement;
      const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent);
      expect(headers).toContain(queued);
      expect(java.querySelectorAll('td')[headers.indexOf(queued)].textContent).toBe('3');
      expect(screen.getByText('Python3')).toBeTruthy();
      expect(screen.getByText(title)).toBeTruthy();
    },
  );

  it('says that every language has a live judge when none lacks one', { timeout: 30000 }, async () => {
    await setupI18n('en-US');
    session.signIn('token', { uid: 'r', username: 'root', roleList: ['root'] } as unknown as UserInfo);
    dashboard([]);
    renderWithProviders([{ path: '/admin/dashboard', element: <AdminDashboardPage /> }], '/admin/dashboard');
    expect(await screen.findByText('Every language on offer has a live judge', {}, { timeout: 20000 })).toBeTruthy();
  });
});
