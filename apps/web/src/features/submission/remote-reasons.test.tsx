import { JUDGE_STATUS, type Submission } from '@oj/shared';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { submissionFixture } from '../../test-fixtures';
import { renderWithProviders, setupI18n, stubServer } from '../../test-utils';
import SubmissionDetailPage from './submission-detail-page';
import SubmissionListPage from './submission-list-page';

const json = (data: unknown) => () =>
  new Response(JSON.stringify({ status: 200, msg: 'success', data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

const row = (fields: Partial<Submission> & Pick<Submission, 'submitId' | 'status'>): Submission =>
  submissionFixture({
    pid: 1001,
    displayPid: 'HDU-1000',
    displayId: 'HDU-1000',
    title: 'A + B Problem',
    time: 0,
    memory: 0,
    language: 'G++',
    ...fields,
  });

const openDetail = async (submission: Submission) => {
  stubServer({
    '/api/get-submission-detail': json({ submission, codeShare: false }),
    '/api/get-all-case-result': json(null),
  });
  renderWithProviders(
    [{ path: '/submission-detail/:submitID', element: <SubmissionDetailPage /> }],
    `/submission-detail/${submission.submitId}`,
  );
  return screen.findByRole('status');
};

beforeAll(() => setupI18n('zh-CN'));

describe('a remote run that could not be judged, in the Chinese interface', { timeout: 60_000 }, () => {
  it.each([
    [JUDGE_STATUS.SYSTEM_ERROR, 'System does not have [CF] account configured', '系统未配置 [CF] 的远程评测账号'],
    [JUDGE_STATUS.SUBMITTED_FAILED, 'Waiting for account scheduling timeout', '等待远程评测账号调度超时'],
    [
      JUDGE_STATUS.SUBMITTED_FAILED,
      'Waiting for remote judge result exceeds the maximum number of times',
      '等待远程评测结果超过最大查询次数',
    ],
  ])('status %i: "%s" reads "%s", with no time or memory', async (status, stored, shown) => {
    await openDetail(row({ submitId: 1, status, errorMessage: stored }));
    expect(await screen.findByText(shown)).toBeTruthy();
    expect(screen.queryByText(stored)).toBeNull();
    expect(screen.queryByText('0ms')).toBeNull();
    expect(screen.queryByText('0.0KB')).toBeNull();
  });

  it("shows a site's compile error as the site wrote it", async () => {
    const ce = "error: 'x' was not declared in this scope";
    await openDetail(row({ submitId: 2, status: JUDGE_STATUS.COMPILE_ERROR, errorMessage: ce }));
    expect(await screen.findByText(ce)).toBeTruthy();
  });

  it('the status list shows "—" for time and memory of Submitted Failed, Submitting and Pending, the measure otherwise', async () => {
    const rows = [
      row({ submitId: 1, status: JUDGE_STATUS.SUBMITTED_FAILED }),
      row({ submitId: 2, status: JUDGE_STATUS.SUBMITTING }),
      row({ submitId: 3, status: JUDGE_STATUS.PENDING, time: null, memory: null }),
      row({ submitId: 4, status: JUDGE_STATUS.SYSTEM_ERROR }),
      row({ submitId: 5, status: JUDGE_STATUS.ACCEPTED, time: 15, memory: 1024 }),
    ];
    stubServer({
      '/api/get-submission-list': json({ records: rows, total: rows.length, size: 30, current: 1 }),
      '/api/check-submissions-status': json({}),
    });
    renderWithProviders([{ path: '*', element: <SubmissionListPage /> }], '/status');
    await screen.findByText('提交失败');
    const cells = (submitId: number) => {
      const tr = screen.getByText(String(submitId), { selector: 'td, td *' }).closest('tr') as HTMLElement;
      return within(tr)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    };
    for (const id of [1, 2, 3, 4]) {
      expect(cells(id)).not.toContain('0ms');
      expect(cells(id)).not.toContain('0.0KB');
      expect(cells(id).filter((c) => c === '—').length).toBeGreaterThanOrEqual(2);
    }
    expect(cells(5)).toContain('15ms');
    expect(cells(5)).toContain('1.0MB');
  });
});
