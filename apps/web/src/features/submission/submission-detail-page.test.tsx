import { JUDGE_STATUS } from '@oj/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { KEY_COLUMN_CLASS } from '../../components/responsive-table';
import { submissionFixture } from '../../test-fixtures';
import { json, renderWithProviders, screenWidth, setupI18n, stubServer } from '../../test-utils';
import SubmissionDetailPage from './submission-detail-page';

const CASE = {
  id: 1,
  submitId: 3,
  pid: 1000,
  uid: 'u1',
  caseId: 1,
  seq: 1,
  status: JUDGE_STATUS.WRONG_ANSWER,
  time: 12,
  memory: 2048,
  score: 0,
  groupNum: null,
  mode: 'default',
  inputData: null,
  outputData: null,
  userOutput: null,
  message: 'expected 3, found 4',
};

beforeAll(() => setupI18n('en-US'));
afterEach(() => vi.restoreAllMocks());

describe('a submission’s case results on a phone', () => {
  it('show each case, its verdict, time and score in its row, the memory and message in its details', async () => {
    stubServer({
      '/api/get-submission-detail': json({
        submission: submissionFixture({ submitId: 3, status: JUDGE_STATUS.WRONG_ANSWER, score: 0, time: 12 }),
        codeShare: false,
      }),
      '/api/get-all-case-result': json({
        judgeCaseMode: 'default',
        judgeCaseList: [CASE],
        subTaskJudgeCaseVoList: null,
      }),
    });
    screenWidth(390);
    renderWithProviders(
      [{ path: '/submission-detail/:submitID', element: <SubmissionDetailPage /> }],
      '/submission-detail/3',
    );
    const cases = (await screen.findByText('#1')).closest('table') as HTMLElement;
    const headers = within(cases).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent).filter(Boolean)).toEqual(['Case', 'Status', 'Time', 'Score']);
    expect(headers.filter((h) => h.classList.contains(KEY_COLUMN_CLASS))).toHaveLength(4);
    expect(within(cases).queryByText('expected 3, found 4')).toBeNull();
    fireEvent.click(within(cases).getByRole('button', { name: /expand/i }));
    const details = screen.getByText('expected 3, found 4').closest('dl') as HTMLElement;
    expect(
      within(details)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Memory', 'Message']);
  });
});

describe('the first failing case on the submission page', () => {
  it('says why, shows the input and both outputs with whitespace visible, and marks the line that differs', async () => {
    stubServer({
      '/api/get-submission-detail': json({
        submission: submissionFixture({ submitId: 4, status: JUDGE_STATUS.PRESENTATION_ERROR }),
        codeShare: false,
        firstFailure: {
          seq: 2,
          status: JUDGE_STATUS.PRESENTATION_ERROR,
          input: '1 2\n',
          expected: '3\n5\n',
          output: '3\n5 \r\n',
          outputFromLine: 1,
          inputBytes: 4,
          expectedBytes: 4,
          outputBytes: 6,
          truncated: false,
          reason: 'Trailing space at the end of line 2',
          checkerMessage: null,
        },
        diagnostics: [],
      }),
      '/api/get-all-case-result': json(null),
    });
    screenWidth(1366);
    renderWithProviders(
      [{ path: '/submission-detail/:submitID', element: <SubmissionDetailPage /> }],
      '/submission-detail/4',
    );
    expect(await screen.findByText('Trailing space at the end of line 2')).toBeTruthy();
    expect(screen.getByText('First failing case: #2')).toBeTruthy();
    const expected = screen.getByRole('figure', { name: 'Expected output (4 B)' });
    const yours = screen.getByRole('figure', { name: 'Your output (6 B)' });
    // Line 2 of the output: "5", a visible space, a visible CR, the end of the line; only it is marked.
    const marked = yours.querySelectorAll('.oj-diff__line--output');
    expect(marked).toHaveLength(1);
    expect(marked[0].textContent).toBe('5·␍↵');
    expect(expected.querySelectorAll('.oj-diff__line--expected')).toHaveLength(1);
    expect(within(expected).getByText('1').className).toBe('oj-diff__no');
  });
});
