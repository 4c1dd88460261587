import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/auth-store';
import { toast } from '../../lib/notify';
import { userInfoFixture } from '../../test-fixtures';
import {
  callsTo,
  json,
  page,
  queryOf,
  renderWithProviders,
  setupI18n,
  stubServer,
  stubTextLayout,
} from '../../test-utils';
import { visibleGroupTabs } from '../group/group-model';
import GroupProblemPage from '../group/group-problem-page';
import { renderGroup, stubGroup } from '../group/group-test-support';
import PlagiarismPage from './plagiarism-page';

const scope = { kind: 'contest', id: 5, title: 'Weekly', gid: null };
const summary = {
  id: 9,
  scope,
  allSubmissions: false,
  from: null,
  to: null,
  status: 'done',
  queued: false,
  progress: { done: 5, total: 5 },
  threshold: 0.5,
  pairCount: 3,
  error: null,
  username: 'teacher',
  gmtCreate: '2026-03-01T08:00:00.000Z',
  finishedAt: '2026-03-01T08:00:05.000Z',
  watching: false,
  updatedAt: '2026-03-01T08:00:05.000Z',
};
const check = {
  ...summary,
  clusters: [{ uids: ['u-ann', 'u-bob', 'u-cat'], usernames: ['ann', 'bob', 'cat'], pids: [11], maxSimilarity: 0.97 }],
  problems: [{ pid: 11, displayId: 'A', title: 'Shortest path' }],
  ignored: { template: 4, common: 2 },
};
const pair = (left: [number, string], right: [number, string], similarity: number, decision: string | null = null) => ({
  leftSubmitId: left[0],
  rightSubmitId: right[0],
  leftUid: `u-${left[1]}`,
  rightUid: `u-${right[1]}`,
  leftUsername: left[1],
  rightUsername: right[1],
  pid: 11,
  language: 'cpp',
  similarity,
  longestFragment: 40,
  sharedTokens: 120,
  decision,
  note: decision ? 'seen in class' : '',
});
const leftCode = '#include <cstdio>\nint main() {\n  int n;\n  scanf("%d", &n);\n  printf("%d\\n", n * 2);\n}\n';
const rightCode =
  '#include <cstdio>\n// doubles\nint main() {\n  int m;\n  scanf("%d", &m);\n  printf("%d\\n", m * 2);\n}\n';
const detail = {
  checkId: 9,
  pid: 11,
  displayId: 'A',
  title: 'Shortest path',
  language: 'cpp',
  similarity: 0.97,
  longestFragment: 40,
  sharedTokens: 120,
  left: {
    submitId: 101,
    uid: 'u-ann',
    username: 'ann',
    language: 'C++',
    submitTime: '2026-03-01T07:00:00.000Z',
    status: 0,
    code: leftCode,
  },
  right: {
    submitId: 102,
    uid: 'u-bob',
    username: 'bob',
    language: 'C++',
    submitTime: '2026-03-01T07:10:00.000Z',
    status: 0,
    code: rightCode,
  },
  fragments: [
    {
      left: { startLine: 2, startCol: 0, endLine: 4, endCol: 18 },
      right: { startLine: 3, startCol: 0, endLine: 5, endCol: 18 },
      tokens: 30,
    },
  ],
  decision: null,
  note: '',
};

const stubPlagiarism = (watching = { on: false }) =>
  stubServer({
    '/api/plagiarism/checks': page([{ ...summary, watching: watching.on }]),
    '/api/plagiarism/check': () =>
      json({
        ...check,
        watching: watching.on,
        updatedAt: watching.on ? '2026-03-01T09:30:00.000Z' : check.updatedAt,
      })(),
    '/api/plagiarism/watch': () => json({ on: watching.on, checkId: watching.on ? 9 : null })(),
    '/api/plagiarism/pairs': page([
      pair([101, 'ann'], [102, 'bob'], 0.97),
      pair([101, 'ann'], [103, 'cat'], 0.93, 'confirmed'),
    ]),
    '/api/plagiarism/pair': json(detail),
    '/api/plagiarism/decision': json({ decision: 'dismissed', note: 'the class template' }),
    '/api/plagiarism/cluster-decision': json({ count: 3 }),
    '/api/plagiarism/base-files': json({
      records: [
        {
          pid: 11,
          displayId: 'A',
          title: 'Shortest path',
          language: 'java',
          code: 'class Main {\n}\n',
          username: 'teacher',
          gmtModified: '2026-03-01T07:00:00.000Z',
        },
      ],
      problems: [{ pid: 11, displayId: 'A', title: 'Shortest path' }],
    }),
    '/api/plagiarism/base-file': json({ stored: true }),
    '/api/file/download-plagiarism': () =>
      new Response(new Blob(['\uFEFFSimilarity (%)\r\n']), {
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="check_9.csv"' },
      }),
  });

/** An option of the open select (the selected value of every select carries the same title). */
const option = (title: string) =>
  waitFor(() => {
    const el = document.querySelector(`.ant-select-item-option[title="${title}"]`);
    if (!el) throw new Error(`no option ${title}`);
    return el as HTMLElement;
  });
const bodyOfCall = (call: [string, RequestInit | undefined] | undefined) => JSON.parse(String(call?.[1]?.body));

const renderPage = (path = '/admin/contest/5/plagiarism') =>
  renderWithProviders([{ path: '/admin/contest/:contestId/plagiarism', element: <PlagiarismPage /> }], path);

beforeAll(() => {
  stubTextLayout();
  return setupI18n('en-US');
});
afterEach(() => session.clear());

describe('copy detection screen', { timeout: 60_000 }, () => {
  it("shows a finished check's cluster and its pairs, and the threshold filter asks the server again", async () => {
    session.signIn('token', userInfoFixture('u-teacher', 'teacher', ['admin']));
    const fetchMock = stubPlagiarism();
    renderPage();
    const clusters = await screen.findByRole('list', { name: 'Clusters' });
    expect(within(clusters).getByText('3 users share one solution')).toBeTruthy();
    for (const name of ['ann', 'bob', 'cat']) expect(within(clusters).getByRole('button', { name })).toBeTruthy();
    expect(within(clusters).getByText(/Problems: A/)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Compare ann and bob' })).toBeTruthy();
    expect(screen.getByText('97.0%')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Compare ann and cat' })).toBeTruthy();
    // The default threshold is shown and asked for.
    const threshold = screen.getByRole('spinbutton', { name: 'Similarity threshold' }) as HTMLInputElement;
    expect(threshold.value).toBe('0.50');
    expect(queryOf(callsTo(fetchMock, '/api/plagiarism/pairs')[0]).get('minSimilarity')).toBe('0.5');
    expect(queryOf(callsTo(fetchMock, '/api/plagiarism/pairs')[0]).get('checkId')).toBe('9');

    // The finished check as a file, for the records.
    const saved = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL: saved, revokeObjectURL: vi.fn() });
    fireEvent.click(screen.getByRole('button', { name: /Export to CSV/ }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(Object.fromEntries(queryOf(callsTo(fetchMock, '/api/file/download-plagiarism')[0]))).toEqual({
      checkId: '9',
      format: 'csv',
    });
    expect(screen.getByRole('button', { name: /Export to Excel/ })).toBeTruthy();

    fireEvent.change(threshold, { target: { value: '0.8' } });
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/plagiarism/pairs').map((c) => queryOf(c).get('minSimilarity'))).toContain('0.8'),
    );
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/plagiarism/check').map((c) => queryOf(c).get('threshold'))).toContain('0.8'),
    );
  });

  it('opens a pair with both programs side by side and the matching fragment marked on each', async () => {
    session.signIn('token', userInfoFixture('u-teacher', 'teacher', ['admin']));
    const fetchMock = stubPlagiarism();
    const { router } = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Compare ann and bob' }));
    expect(await screen.findByText('ann and bob side by side')).toBeTruthy();
    expect(router.state.location.search).toBe('?check=9&pair=101-102');
    expect(queryOf(callsTo(fetchMock, '/api/plagiarism/pair')[0]).get('leftSubmitId')).toBe('101');
    const left = screen.getByRole('region', { name: "ann's code (submission 101)" });
    const right = screen.getByRole('region', { name: "bob's code (submission 102)" });
    await waitFor(() => expect(left.querySelector('.cm-content')?.textContent).toContain('scanf("%d", &n);'));
    await waitFor(() => expect(right.querySelector('.cm-content')?.textContent).toContain('// doubles'));
    // The fragment is marked on both sides and listed with its lines.
    expect(left.querySelector('.oj-fragment')?.textContent).toContain('int main');
    expect(right.querySelector('.oj-fragment')?.textContent).toContain('int main');
    const item = screen.getByRole('button', { name: 'line 2 ↔ line 3 (30 tokens)' });
    fireEvent.click(item);
    await waitFor(() => expect(left.querySelector('.oj-fragment-selected')).toBeTruthy());
    expect(right.querySelector('.oj-fragment-selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to the list' }));
    await waitFor(() => expect(router.state.location.search).toBe('?check=9'));
  });

  it("marks a pair from its view and a whole cluster; the table shows each pair's decision", async () => {
    session.signIn('token', userInfoFixture('u-teacher', 'teacher', ['admin']));
    const fetchMock = stubPlagiarism();
    renderPage();
    // A decided pair carries its decision in the table; an undecided one says so.
    await screen.findByRole('button', { name: 'Compare ann and bob' });
    expect(screen.getByText('Confirmed copy')).toBeTruthy();
    expect(screen.getByText('Not decided')).toBeTruthy();

    // The cluster: one decision for its pairs on the problem.
    fireEvent.click(screen.getByRole('button', { name: 'Decide for the cluster' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Decide all pairs of this cluster')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Note' }), { target: { value: 'one solution' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save decision' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/plagiarism/cluster-decision')).toHaveLength(1));
    const clusterCall = callsTo(fetchMock, '/api/plagiarism/cluster-decision')[0];
    expect(clusterCall[1]?.method).toBe('PUT');
    expect(bodyOfCall(clusterCall)).toEqual({
      checkId: 9,
      uids: ['u-ann', 'u-bob', 'u-cat'],
      pid: 11,
      decision: 'confirmed',
      note: 'one solution',
    });

    // One pair, from its view: dismissed with a note, for the contest's scope.
    fireEvent.click(screen.getByRole('button', { name: 'Compare ann and bob' }));
    const form = await screen.findByRole('region', { name: 'Decision on ann and bob' });
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Decision' }));
    fireEvent.click(await option('Dismissed'));
    fireEvent.change(within(form).getByRole('textbox', { name: 'Note' }), {
      target: { value: 'the class template' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save decision' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/plagiarism/decision')).toHaveLength(1));
    const call = callsTo(fetchMock, '/api/plagiarism/decision')[0];
    expect(call[1]?.method).toBe('PUT');
    expect(bodyOfCall(call)).toEqual({
      cid: 5,
      pid: 11,
      leftUid: 'u-ann',
      rightUid: 'u-bob',
      decision: 'dismissed',
      note: 'the class template',
    });
  });

  it('switches watching on: the check is marked watching with the time of its last update', async () => {
    session.signIn('token', userInfoFixture('u-teacher', 'teacher', ['admin']));
    const watching = { on: false };
    const fetchMock = stubPlagiarism(watching);
    const { router } = renderPage();
    await screen.findByRole('button', { name: 'Compare ann and bob' });
    const toggle = screen.getByRole('switch', { name: 'Watch new submissions' });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(screen.queryByText('Watching')).toBeNull();
    const said = vi.spyOn(toast, 'success');
    watching.on = true;
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/plagiarism/watch').some((c) => c[1]?.method === 'PUT')).toBe(true),
    );
    const put = callsTo(fetchMock, '/api/plagiarism/watch').find((c) => c[1]?.method === 'PUT');
    expect(bodyOfCall(put)).toEqual({ cid: 5, on: true });
    await waitFor(() =>
      expect(said).toHaveBeenCalledWith('Watching: new accepted submissions are compared as they are judged'),
    );
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(router.state.location.search).toBe('?check=9');
    expect(await screen.findByText('Watching')).toBeTruthy();
    expect(screen.getByText(/^Updated /)).toBeTruthy();
    said.mockRestore();
  });

  it("stores and removes the scope's base files, which later checks ignore", async () => {
    session.signIn('token', userInfoFixture('u-teacher', 'teacher', ['admin']));
    const fetchMock = stubPlagiarism();
    renderPage();
    fireEvent.click(await screen.findByText('Base files (1)'));
    expect(await screen.findByText('A Shortest path · Java')).toBeTruthy();
    const code = screen.getByRole('textbox', { name: 'Base file code' });
    fireEvent.change(code, { target: { value: '#include <cstdio>\nint main() {}\n' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save base file' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/plagiarism/base-file')).toHaveLength(1));
    const saved = callsTo(fetchMock, '/api/plagiarism/base-file')[0];
    expect(saved[1]?.method).toBe('POST');
    expect(bodyOfCall(saved)).toEqual({ cid: 5, pid: 11, language: 'cpp', code: '#include <cstdio>\nint main() {}\n' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove the Java base file of A' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/plagiarism/base-file')).toHaveLength(2));
    expect(bodyOfCall(callsTo(fetchMock, '/api/plagiarism/base-file')[1])).toEqual({
      cid: 5,
      pid: 11,
      language: 'java',
      code: '',
    });
  });

  it("is linked for a group's admins only: a student sees neither the tab nor a problem's link", async () => {
    expect(visibleGroupTabs('member').map((x) => x.key)).not.toContain('plagiarism');
    expect(visibleGroupTabs('admin').map((x) => x.key)).toContain('plagiarism');
    const problem = {
      id: 1,
      problemId: 'algoc1',
      title: 'Problem 1',
      author: 'bob',
      auth: 1,
      gid: 7,
      isGroup: true,
      applyPublicProgress: null,
      gmtCreate: '2026-01-04T08:00:00.000Z',
      gmtModified: '2026-01-04T08:00:00.000Z',
    };
    const routes = [
      { path: 'problem', element: <GroupProblemPage /> },
      { path: 'plagiarism', element: <h1>Copy detection tab</h1> },
    ];
    // A student: the member list, no admin mode, no copy detection anywhere.
    session.signIn('token', userInfoFixture('u-stu', 'stu'));
    stubGroup(3, {
      '/api/group/get-problem-list': page([
        {
          pid: 1,
          problemId: 'algoc1',
          title: 'Problem 1',
          difficulty: 1,
          type: 0,
          tags: [],
          ac: 0,
          total: 0,
          myStatus: -10,
        },
      ]),
    });
    const student = renderGroup('/group/7/problem', routes);
    await screen.findByText('Problem 1');
    expect(screen.queryByText('Copy detection')).toBeNull();
    student.unmount();

    // A group admin (not the problem's author): the problem's check on the group's tab.
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    stubGroup(4, { '/api/group/get-problem-list': page([]), '/api/group/get-admin-problem-list': page([problem]) });
    const { router } = renderGroup('/group/7/problem?mode=admin', routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Copy detection algoc1' }));
    await screen.findByText('Copy detection tab');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/group/7/plagiarism?pid=1');
  });
});
