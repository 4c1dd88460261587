import type { Review, ReviewedSubmission, ReviewReply } from '@oj/shared';
import { JUDGE_STATUS } from '@oj/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/auth-store';
import { submissionFixture, userInfoFixture } from '../../test-fixtures';
import {
  bodyOf,
  callsTo,
  json,
  queryOf,
  renderWithProviders,
  setupI18n,
  spyOnToasts,
  stubServer,
  stubTextLayout,
} from '../../test-utils';
import { renderGroup, stubGroup } from '../group/group-test-support';
import SubmissionDetailPage from '../submission/submission-detail-page';
import {
  contentError,
  pickLine,
  rangeOf,
  reviewedLines,
  reviewsByEndLine,
  withoutReview,
  withReply,
  withReview,
} from './review-model';
import ReviewedSubmissionsPage from './reviewed-submissions-page';

const CODE = '#include <cstdio>\nint main() {\n  int a, b;\n  scanf("%d %d", &a, &b);\n  printf("%d", a + b);\n}\n';

const reply = (fields: Partial<ReviewReply> = {}): ReviewReply => ({
  id: 1,
  reviewId: 11,
  uid: 'u1',
  username: 'alice',
  avatar: null,
  byOwner: true,
  content: 'Because it is **faster**.',
  gmtCreate: '2026-11-25T05:00:00.000Z',
  ...fields,
});
const review = (fields: Partial<Review> = {}): Review => ({
  id: 11,
  submitId: 3,
  uid: 'u-teacher',
  username: 'teacher',
  avatar: null,
  fromLine: 2,
  toLine: 3,
  content: 'Why **scanf**?',
  gmtCreate: '2026-11-25T04:40:00.000Z',
  gmtModified: '2026-11-25T04:40:00.000Z',
  mine: false,
  deletable: false,
  replies: [],
  ...fields,
});

const toasts = spyOnToasts();

beforeAll(() => {
  stubTextLayout();
  return setupI18n('en-US');
});
afterEach(() => {
  session.clear();
  vi.restoreAllMocks();
});

describe('the reviews model', () => {
  it('picks a line, stretches the pick with shift, and drops it on a second click of its one line', () => {
    const one = pickLine(null, 4, false);
    expect(one).toEqual({ anchor: 4, head: 4 });
    expect(pickLine(one, 4, false)).toBeNull();
    const up = pickLine(one, 2, true);
    expect(up && rangeOf(up)).toEqual({ from: 2, to: 4 });
    expect(pickLine(up, 7, false)).toEqual({ anchor: 7, head: 7 });
    // Shift without a pick starts one.
    expect(pickLine(null, 5, true)).toEqual({ anchor: 5, head: 5 });
  });

  it('places reviews under their last line and colours the lines they are about', () => {
    const list = [review({ id: 1, fromLine: 1, toLine: 3 }), review({ id: 2, fromLine: 3, toLine: 3 })];
    expect([...reviewsByEndLine(list).entries()].map(([l, rs]) => [l, rs.map((r) => r.id)])).toEqual([[3, [1, 2]]]);
    expect([...reviewedLines(list)]).toEqual([1, 2, 3]);
  });

  it('says why a text may not be sent, and keeps the list in the server’s order after a change', () => {
    expect(contentError('  ')).toBe('Review_Content_Empty');
    expect(contentError('x'.repeat(10001))).toBe('Review_Content_Too_Long');
    expect(contentError(' ok ')).toBeNull();
    const a = review({ id: 1, fromLine: 5, toLine: 5 });
    const b = review({ id: 2, fromLine: 2, toLine: 2 });
    expect(withReview([a], b).map((r) => r.id)).toEqual([2, 1]);
    expect(withReview([a, b], { ...a, content: 'changed' }).find((r) => r.id === 1)?.content).toBe('changed');
    expect(withoutReview([a, b], 1).map((r) => r.id)).toEqual([2]);
    expect(withReply([a, b], reply({ reviewId: 2 }))[1].replies).toHaveLength(1);
  });
});

const renderDetail = () =>
  renderWithProviders(
    [{ path: '/submission-detail/:submitID', element: <SubmissionDetailPage /> }],
    '/submission-detail/3',
  );
const stubDetail = (reviews: { reviews: Review[]; canReview: boolean; canReply: boolean } | null, extra = {}) =>
  stubServer({
    '/api/get-submission-detail': json({
      submission: submissionFixture({ submitId: 3, status: JUDGE_STATUS.WRONG_ANSWER, code: CODE }),
      codeShare: false,
      firstFailure: null,
      diagnostics: [],
    }),
    '/api/get-all-case-result': json(null),
    '/api/submission/reviews': reviews ? json(reviews) : json(null, 403, 'Only its author and reviewers see reviews'),
    ...extra,
  });

describe('reviews in the code view', { timeout: 60_000 }, () => {
  it('shows the owner the reviews under their lines with their replies, and sends his answer', async () => {
    session.signIn('token', userInfoFixture('u1', 'alice'));
    const fetchMock = stubDetail(
      { reviews: [review({ replies: [reply()] })], canReview: false, canReply: true },
      { '/api/submission/review-reply': json(reply({ id: 2, content: 'Thanks!' })) },
    );
    renderDetail();
    const card = await screen.findByRole('article', { name: "teacher's review of lines 2–3" });
    expect((await within(card).findByText('scanf')).tagName).toBe('STRONG');
    const replies = within(card).getByRole('list', { name: 'Replies' });
    expect(within(replies).getByText('Student')).toBeTruthy();
    expect((await within(replies).findByText('faster')).tagName).toBe('STRONG');
    // Not his to edit, delete or pick lines for.
    expect(within(card).queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Review line/ })).toBeNull();
    expect(screen.getByText('Reviews from teachers on this code: 1')).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: /Reply/ }));
    const box = within(card).getByRole('textbox', { name: 'Reply' });
    // An empty answer is refused before the server is asked.
    fireEvent.click(within(card).getByRole('button', { name: 'Send' }));
    expect(await within(card).findByRole('alert')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/submission/review-reply')).toHaveLength(0);
    fireEvent.change(box, { target: { value: '  Thanks!  ' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(within(replies).getByText('Thanks!')).toBeTruthy());
    expect(bodyOf(callsTo(fetchMock, '/api/submission/review-reply')[0])).toEqual({ reviewId: 11, content: 'Thanks!' });
    expect(toasts.success.mock.calls.map((c) => c[0])).toContain('Reply sent');
  });

  it('lets a reviewer pick lines beside the code, write a review, and edit and delete his own', async () => {
    session.signIn('token', userInfoFixture('u-teacher', 'teacher', ['admin']));
    const mine = review({ id: 12, fromLine: 1, toLine: 1, content: 'Header first.', mine: true, deletable: true });
    const fetchMock = stubDetail(
      { reviews: [mine], canReview: true, canReply: true },
      {
        '/api/submission/review': (() => {
          let n = 0;
          return () => {
            n += 1;
            // The first call publishes, the second saves the edit, the third deletes.
            if (n === 1)
              return json(review({ id: 13, fromLine: 2, toLine: 4, content: 'Read it once.', mine: true }))();
            if (n === 2) return json({ ...mine, content: 'Header, then main.' })();
            return json(null)();
          };
        })(),
      },
    );
    renderDetail();
    expect(await screen.findByText(/Click a line number/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Review line 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Review line 4' }), { shiftKey: true });
    const box = await screen.findByRole('region', { name: 'Review of lines 2–4' });
    expect(screen.getByText('Selected: lines 2–4')).toBeTruthy();
    fireEvent.change(within(box).getByRole('textbox', { name: 'Review' }), { target: { value: 'Read it once.' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('article', { name: "teacher's review of lines 2–4" })).toBeTruthy();
    expect(bodyOf(callsTo(fetchMock, '/api/submission/review')[0])).toEqual({
      submitId: 3,
      fromLine: 2,
      toLine: 4,
      content: 'Read it once.',
    });
    await waitFor(() => expect(screen.queryByRole('region', { name: /^Review of/ })).toBeNull());

    const own = screen.getByRole('article', { name: "teacher's review of line 1" });
    fireEvent.click(within(own).getByRole('button', { name: /Edit/ }));
    const edit = within(own).getByRole('textbox', { name: 'Review' }) as HTMLTextAreaElement;
    expect(edit.value).toBe('Header first.');
    fireEvent.change(edit, { target: { value: 'Header, then main.' } });
    fireEvent.click(within(own).getByRole('button', { name: 'Save' }));
    expect(await within(own).findByText('Header, then main.')).toBeTruthy();
    const put = callsTo(fetchMock, '/api/submission/review')[1];
    expect(put[1]?.method).toBe('PUT');
    expect(bodyOf(put)).toEqual({ id: 12, content: 'Header, then main.' });

    fireEvent.click(within(own).getByRole('button', { name: /Delete/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: "teacher's review of line 1" })).toBeNull());
    const del = callsTo(fetchMock, '/api/submission/review')[2];
    expect(del[1]?.method).toBe('DELETE');
  });

  it('shows nothing of reviews to one who may see the code but not its reviews', async () => {
    session.signIn('token', userInfoFixture('u9', 'bob'));
    const fetchMock = stubDetail(null);
    renderDetail();
    await waitFor(() => expect(callsTo(fetchMock, '/api/submission/reviews')).toHaveLength(1));
    expect(queryOf(callsTo(fetchMock, '/api/submission/reviews')[0]).get('submitId')).toBe('3');
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.queryByText(/Click a line number|Reviews from teachers/)).toBeNull();
  });
});

const ROW: ReviewedSubmission = {
  submitId: 31,
  displayPid: 'algoc1001',
  title: 'Sum',
  uid: 'u1',
  username: 'alice',
  status: JUDGE_STATUS.WRONG_ANSWER,
  submitTime: '2026-11-25T04:28:47.367Z',
  reviewCount: 2,
  unansweredCount: 1,
  lastActivity: '2026-11-26T08:00:00.000Z',
};

describe('the group’s reviewed submissions', () => {
  const renderPage = () =>
    renderGroup('/group/7/reviewed-submissions', [
      { path: 'reviewed-submissions', element: <ReviewedSubmissionsPage /> },
    ]);

  it('lists them for the group’s admins, each linked to its page in the group', async () => {
    session.signIn('token', userInfoFixture('u-owner', 'olivia'));
    const fetchMock = stubGroup(5, {
      '/api/group/reviewed-submissions': json({ records: [ROW], total: 1, size: 20, current: 1 }),
    });
    renderPage();
    const table = await screen.findByRole('table');
    const link = await within(table).findByRole('link', { name: '#31' });
    expect(link.getAttribute('href')).toBe('/group/7/submission-detail/31');
    expect(within(table).getByText('alice')).toBeTruthy();
    expect(within(table).getByText('Wrong Answer')).toBeTruthy();
    const q = queryOf(callsTo(fetchMock, '/api/group/reviewed-submissions')[0]);
    expect([q.get('gid'), q.get('currentPage'), q.get('limit')]).toEqual(['7', '1', '20']);
  });

  it('is closed to a member, who asks nothing', async () => {
    session.signIn('token', userInfoFixture('u1', 'alice'));
    const fetchMock = stubGroup(3);
    renderPage();
    expect(await screen.findByText('You have no permission to see this page')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/group/reviewed-submissions')).toHaveLength(0);
  });
});
