import type { AssignmentMatrix, Gradebook, GradebookAssignment, GradebookCell, StuckStudent } from '@oj/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { isPathAvailable } from '../../app/route-table';
import { session } from '../../lib/auth-store';
import { liveClient } from '../../lib/live-events';
import { userInfoFixture } from '../../test-fixtures';
import { bodyOf, callsTo, json, queryOf, screenWidth, setupI18n, spyOnToasts } from '../../test-utils';
import { renderGroup, stubGroup } from '../group/group-test-support';
import {
  filterStudents,
  GRADEBOOK_LIVE_DEBOUNCE_MS,
  NO_FILTER,
  nextSort,
  sortStudents,
  submissionsPath,
} from './gradebook-model';
import GradebookPage from './gradebook-page';

const cell = (over: Partial<GradebookCell> = {}): GradebookCell => ({
  score: 0,
  solved: 0,
  total: 2,
  late: false,
  extended: false,
  dueTime: null,
  started: false,
  totalTime: null,
  totalScore: null,
  maxScore: null,
  ...over,
});

const HOMEWORK: GradebookAssignment = {
  kind: 'training',
  id: 31,
  title: 'Loops homework',
  openTime: '2026-03-01T00:00:00.000Z',
  dueTime: '2026-03-08T15:59:00.000Z',
  lateUntil: '2026-03-10T15:59:00.000Z',
  latePenalty: 10,
  latePenaltyUnit: 'day',
  latePenaltyFloor: 50,
  contestType: null,
  problemCount: 2,
  average: 62.5,
};
const CONTEST: GradebookAssignment = {
  kind: 'contest',
  id: 40,
  title: 'Weekly contest',
  openTime: '2026-03-09T10:00:00.000Z',
  dueTime: '2026-03-09T12:00:00.000Z',
  lateUntil: null,
  latePenalty: 0,
  latePenaltyUnit: 'day',
  latePenaltyFloor: 0,
  contestType: 'ACM',
  problemCount: 3,
  average: 50,
};

const student = (uid: string, username: string, realname: string | null, cells: GradebookCell[], total: number) => ({
  uid,
  username,
  realname,
  nickname: null,
  total,
  cells,
});

const BOOK: Gradebook = {
  gid: 7,
  groupName: 'Algorithm Club',
  assignments: [HOMEWORK, CONTEST],
  students: [
    student(
      'u-bob',
      'bob',
      'Bob Li',
      [
        cell({ score: 100, solved: 2, started: true, late: true }),
        cell({ score: 33.3, solved: 1, total: 3, started: true, totalTime: 3723 }),
      ],
      66.7,
    ),
    student(
      'u-amy',
      'amy',
      null,
      [
        cell({ score: 25, solved: 0, started: true, extended: true, dueTime: '2026-03-12T15:59:00.000Z' }),
        cell({ score: 66.7, solved: 2, total: 3, started: true, totalTime: 5400 }),
      ],
      45.8,
    ),
    student('u-cid', 'cid', 'Cid Wu', [cell(), cell({ total: 3 })], 0),
  ],
  average: 37.5,
};

const MATRIX: AssignmentMatrix = {
  gid: 7,
  assignment: HOMEWORK,
  problems: [
    { pid: 1001, displayId: 'A', title: 'Sum', problemId: 'P1001' },
    { pid: 1002, displayId: 'B', title: 'Loop', problemId: 'P1002' },
  ],
  students: BOOK.students.map(({ cells, total, ...s }) => ({
    ...s,
    cell: cells[0] as GradebookCell,
    problems: [
      { status: 0, score: 100, attempts: 2, lastSubmitTime: '2026-03-05T08:00:00.000Z', late: false },
      { status: -10, score: null, attempts: 0, lastSubmitTime: null, late: false },
    ],
  })),
};

const STUCK: StuckStudent[] = [
  {
    uid: 'u-cid',
    username: 'cid',
    realname: 'Cid Wu',
    nickname: null,
    kind: 'training',
    id: 31,
    title: 'Loops homework',
    pid: 1002,
    displayId: 'B',
    attempts: 4,
    lastStatus: -1,
    firstSubmitTime: '2026-03-05T08:00:00.000Z',
    lastSubmitTime: '2026-03-05T08:20:00.000Z',
  },
];

const toasts = spyOnToasts();

beforeAll(() => setupI18n('en-US'));
beforeEach(() => session.signIn('token', userInfoFixture('u-owner', 'olivia')));
afterEach(() => {
  session.clear();
  vi.restoreAllMocks();
});

const stubBook = (extra: Record<string, () => Response> = {}) =>
  stubGroup(5, {
    '/api/group/gradebook': json(BOOK),
    '/api/group/gradebook-assignment': json(MATRIX),
    '/api/group/gradebook-stuck': json(STUCK),
    ...extra,
  });

const renderBook = () => renderGroup('/group/7/gradebook', [{ path: 'gradebook', element: <GradebookPage /> }]);

/** The grid's student rows as their usernames, top to bottom. */
const rowNames = () =>
  within(screen.getByRole('table', { name: 'Gradebook' }))
    .getAllByRole('row')
    .slice(1, -1)
    .map((row) => within(row).getAllByRole('rowheader')[0]?.textContent ?? '');

describe('gradebook rules', () => {
  it('finds students by username, real name or nickname, and keeps the not-started and late ones on asking', () => {
    expect(filterStudents(BOOK, { ...NO_FILTER, search: 'WU' }).map((s) => s.username)).toEqual(['cid']);
    expect(filterStudents(BOOK, { ...NO_FILTER, notStarted: true }).map((s) => s.username)).toEqual(['cid']);
    expect(filterStudents(BOOK, { ...NO_FILTER, late: true }).map((s) => s.username)).toEqual(['bob']);
    // "Late" is looked for in the shown column only.
    expect(filterStudents(BOOK, { ...NO_FILTER, late: true, assignment: 'contest-40' })).toEqual([]);
  });

  it('sorts by a column best first, then flips; empty totals stay last', () => {
    const withEmpty = {
      ...BOOK,
      students: [...BOOK.students, { ...student('u-dan', 'dan', null, [], 0), total: null }],
    };
    const by = (key: string, order: 'ascend' | 'descend') =>
      sortStudents(withEmpty, withEmpty.students, { key, order }).map((s) => s.username);
    expect(nextSort({ key: 'student', order: 'ascend' }, 'total')).toEqual({ key: 'total', order: 'descend' });
    expect(nextSort({ key: 'total', order: 'descend' }, 'total')).toEqual({ key: 'total', order: 'ascend' });
    expect(by('total', 'descend')).toEqual(['bob', 'amy', 'cid', 'dan']);
    expect(by('total', 'ascend')).toEqual(['cid', 'amy', 'bob', 'dan']);
    expect(by('contest-40', 'descend')).toEqual(['amy', 'bob', 'cid', 'dan']);
  });

  it("links a student's tries to the group's submissions (trainings) or the contest's", () => {
    const p = { problemId: 'P1001', displayId: 'A' };
    expect(submissionsPath(7, HOMEWORK, 'bob', p)).toBe(
      '/group/7/status?username=bob&problemID=P1001&completeProblemID=true',
    );
    expect(submissionsPath(7, CONTEST, 'bob', p)).toBe('/contest/40/submissions?username=bob&problemID=A');
  });

  it('declares the page under the group', () => {
    expect(isPathAvailable('/group/7/gradebook')).toBe(true);
  });
});

describe('the gradebook page', () => {
  it('shows a student per row (username and real name), a column per assignment, the total and the class average', async () => {
    stubBook();
    renderBook();
    const grid = await screen.findByRole('table', { name: 'Gradebook' });
    expect(within(grid).getByRole('button', { name: 'Open Loops homework problem by problem' })).toBeTruthy();
    expect(within(grid).getByText('Homework')).toBeTruthy();
    expect(within(grid).getByText('Contest ACM')).toBeTruthy();
    expect(rowNames()).toEqual(['amy', 'bobBob Li', 'cidCid Wu']);
    const bob = within(grid).getByRole('button', { name: 'Open Loops homework for bob (Bob Li) problem by problem' });
    expect(within(bob).getByText('100%')).toBeTruthy();
    expect(within(bob).getByText('Late')).toBeTruthy();
    expect(within(bob).getByText('Solved 2/2')).toBeTruthy();
    const amyContest = within(grid).getByRole('button', { name: 'Open Weekly contest for amy problem by problem' });
    expect(within(amyContest).getByText(/Penalty 1:30:00/)).toBeTruthy();
    expect(
      within(grid).getByRole('button', { name: 'Open Loops homework for amy problem by problem' }).textContent,
    ).toContain('Extended');
    expect(within(grid).getAllByText('Not started')).toHaveLength(2);
    const footer = within(grid).getByRole('rowheader', { name: 'Class average' }).closest('tr') as HTMLElement;
    expect(within(footer).getByText('62.5%')).toBeTruthy();
    expect(within(footer).getByText('37.5%')).toBeTruthy();
  });

  it('sorts by any column and filters by student, assignment, not started and late', async () => {
    stubBook();
    renderBook();
    await screen.findByRole('table', { name: 'Gradebook' });
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Total' }));
    expect(rowNames()).toEqual(['bobBob Li', 'amy', 'cidCid Wu']);
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Total' }));
    expect(rowNames()).toEqual(['cidCid Wu', 'amy', 'bobBob Li']);
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Weekly contest' }));
    expect(rowNames()).toEqual(['amy', 'bobBob Li', 'cidCid Wu']);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search students (username or real name)' }), {
      target: { value: 'bob li' },
    });
    expect(rowNames()).toEqual(['bobBob Li']);
    expect(screen.getByText('1 of 3 students')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search students (username or real name)' }), {
      target: { value: '' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Late' }));
    expect(rowNames()).toEqual(['bobBob Li']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Late' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Not started' }));
    expect(rowNames()).toEqual(['cidCid Wu']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Not started' }));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'One assignment' }));
    fireEvent.click(await screen.findByTitle('Weekly contest'));
    const grid = screen.getByRole('table', { name: 'Gradebook' });
    await waitFor(() =>
      expect(within(grid).queryByRole('button', { name: 'Open Loops homework problem by problem' })).toBeNull(),
    );
    expect(within(grid).getByRole('button', { name: 'Open Weekly contest problem by problem' })).toBeTruthy();
  });

  it('exports the gradebook as xlsx and as csv through the download endpoint', async () => {
    const fetchMock = stubBook({
      '/api/file/download-group-gradebook': () =>
        new Response(new Blob(['x']), {
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="g.csv"' },
        }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    renderBook();
    fireEvent.click(await screen.findByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/file/download-group-gradebook')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: /Export xlsx/ }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/file/download-group-gradebook')).toHaveLength(2));
    const [csv, xlsx] = callsTo(fetchMock, '/api/file/download-group-gradebook');
    expect(Object.fromEntries(queryOf(csv))).toEqual({ gid: '7', format: 'csv' });
    expect(Object.fromEntries(queryOf(xlsx))).toEqual({ gid: '7', format: 'xlsx' });
    expect(new Headers(csv?.[1]?.headers).get('Authorization')).toBe('token');
  });

  it('opens an assignment problem by problem, with verdicts linked to the submissions, and sets an extension', async () => {
    const fetchMock = stubBook({
      '/api/group/training-extension': json({
        tid: 31,
        uid: 'u-cid',
        dueTime: '2026-03-12T04:00:00.000Z',
        lateUntil: '2026-03-14T04:00:00.000Z',
      }),
    });
    renderBook();
    fireEvent.click(await screen.findByRole('button', { name: 'Open Loops homework problem by problem' }));
    expect(await screen.findByText('Loops homework: problem by problem')).toBeTruthy();
    const matrix = await screen.findByRole('table', { name: 'Loops homework' });
    expect(Object.fromEntries(queryOf(callsTo(fetchMock, '/api/group/gradebook-assignment')[0]))).toEqual({
      gid: '7',
      kind: 'training',
      id: '31',
    });
    const link = within(matrix).getByRole('link', { name: 'Submissions of bob on A' });
    expect(link.getAttribute('href')).toBe('/group/7/status?username=bob&problemID=P1001&completeProblemID=true');
    expect(within(link).getByText('Accepted')).toBeTruthy();
    expect(within(link).getByText(/2 tries/)).toBeTruthy();
    expect(within(matrix).getAllByText('Not tried').length).toBeGreaterThan(0);
    // amy's extension shows on her row.
    expect(within(matrix).getByText(/Extended to 2026-03-1/)).toBeTruthy();

    const cidRow = within(matrix).getByRole('rowheader', { name: /cid/ });
    fireEvent.click(within(cidRow).getByRole('button', { name: 'Set extension' }));
    const title = await screen.findByText('Extend "Loops homework" for cid (Cid Wu)');
    const dialog = title.closest('[role="dialog"]') as HTMLElement;
    const input = within(dialog).getByLabelText('New due time');
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '2026-03-12 12:00' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save extension' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/group/training-extension')).toHaveLength(1));
    const [put] = callsTo(fetchMock, '/api/group/training-extension');
    expect(put?.[1]?.method).toBe('PUT');
    const body = bodyOf(put);
    expect(body).toMatchObject({ tid: 31, uid: 'u-cid' });
    expect(Date.parse(body.dueTime)).toBe(new Date(2026, 2, 12, 12, 0).getTime());
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Extension saved', expect.anything()));
  });

  it('lists who is stuck and asks again with the thresholds given', async () => {
    const fetchMock = stubBook();
    renderBook();
    const panel = await screen.findByRole('region', { name: 'Who is stuck' });
    expect(await within(panel).findByText('cid (Cid Wu)')).toBeTruthy();
    expect(within(panel).getByText('Loops homework / B')).toBeTruthy();
    expect(within(panel).getByText('Wrong Answer')).toBeTruthy();
    expect(Object.fromEntries(queryOf(callsTo(fetchMock, '/api/group/gradebook-stuck')[0]))).toEqual({
      gid: '7',
      attempts: '3',
      minutes: '10',
    });
    fireEvent.change(within(panel).getByLabelText('Failed tries at least'), { target: { value: '5' } });
    await waitFor(() =>
      expect(queryOf(callsTo(fetchMock, '/api/group/gradebook-stuck').at(-1)).get('attempts')).toBe('5'),
    );
  });

  it('reads the gradebook again once after a burst of live events for its group', async () => {
    const fetchMock = stubBook();
    renderBook();
    await screen.findByRole('table', { name: 'Gradebook' });
    const before = callsTo(fetchMock, '/api/group/gradebook').length;
    liveClient.deliver('gradebook', { gid: 7 });
    liveClient.deliver('gradebook', { gid: 7 });
    liveClient.deliver('gradebook', { gid: 8 });
    liveClient.deliver('gradebook', { gid: 7 });
    await waitFor(() => expect(callsTo(fetchMock, '/api/group/gradebook').length).toBe(before + 1), {
      timeout: GRADEBOOK_LIVE_DEBOUNCE_MS * 4,
    });
  });

  it('shows one student at a time on a phone, no grid', async () => {
    screenWidth(390);
    stubBook();
    renderBook();
    expect(await screen.findByRole('combobox', { name: 'Choose a student' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Gradebook' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Open Loops homework for amy problem by problem' })).toBeTruthy();
    fireEvent.click(screen.getByText('By assignment'));
    expect(await screen.findByRole('combobox', { name: 'Choose an assignment' })).toBeTruthy();
    expect(screen.getByText('bob (Bob Li)')).toBeTruthy();
  });

  it('is for the group admins only: a member is not shown the tab', async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const fetchMock = stubGroup(3, { '/api/group/gradebook': json(BOOK) });
    renderBook();
    expect(await screen.findByText('You have no permission to see this page')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Gradebook' })).toBeNull();
    expect(callsTo(fetchMock, '/api/group/gradebook')).toHaveLength(0);
  });
});
