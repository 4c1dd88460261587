import type { ImportJob, PackageCheckReport, ProblemSolution } from '@oj/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/auth-store';
import { userInfoFixture } from '../../../test-fixtures';
import { renderElement, screenWidth, setupI18n, spyOnToasts } from '../../../test-utils';
import { ProblemPackageCheckSection } from './problem-package-check-section';

const PID = 1001;
const SOLUTIONS = '/api/admin/problem/solutions';
const SOLUTION = '/api/admin/problem/solution';
const CHECK = '/api/admin/problem/package-check';
const JOB = '/api/admin/import-job';

const solution = (id: number, name: string, tag: ProblemSolution['tag'], code = 'int main() {}'): ProblemSolution => ({
  id,
  pid: PID,
  name,
  language: 'C++',
  tag,
  code,
  gmtCreate: '2026-03-01T08:00:00.000Z',
});

const job = (status: ImportJob['status'], progress: number, stage: ImportJob['stage']): ImportJob => ({
  id: 77,
  kind: 'check',
  status,
  progress,
  stage,
  stepsDone: stage === 'running' ? 4 : 0,
  stepsTotal: stage === 'running' ? 10 : 0,
  pid: PID,
  title: 'A + B',
  errors: [],
  notes: [],
  gmtCreate: '2026-03-01T08:00:00.000Z',
  gmtModified: '2026-03-01T08:00:00.000Z',
});

/** A report of a finished check: the main solution and a wrong one that was tagged accepted; test 2 is refused by the
 * validator. */
const REPORT: PackageCheckReport = {
  jobId: 77,
  status: 'done',
  checkedAt: '2026-03-02T09:30:00.000Z',
  errors: [],
  solutions: [
    {
      name: 'main.cpp',
      tag: 'main',
      ok: true,
      message: '',
      verdicts: [
        { test: 1, status: 0, timeMs: 12 },
        { test: 2, status: 0, timeMs: 640 },
      ],
    },
    {
      name: 'greedy.cpp',
      tag: 'accepted',
      ok: false,
      message: 'expected Accepted, got Wrong Answer on test 2',
      verdicts: [
        { test: 1, status: 0, timeMs: 10 },
        { test: 2, status: -1, timeMs: 11 },
      ],
    },
  ],
  tests: [
    { name: '1', valid: true, message: '' },
    { name: '2', valid: false, message: 'Integer 0 violates the range [1, 10^9]' },
  ],
  mainSlowestMs: 640,
  timeLimitMs: 1000,
};

const answer = (data: unknown) =>
  new Response(JSON.stringify({ status: 200, msg: 'success', data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

/** A fake server holding the problem's solutions, its last report and a check job whose reads answer `jobAnswers` in
 * turn (the last one again once they run out). */
const fakeServer = (state: {
  solutions: ProblemSolution[];
  report: PackageCheckReport | null;
  jobAnswers?: ImportJob[];
  reportAfterJob?: PackageCheckReport;
}) => {
  let jobReads = 0;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const [path, query] = String(input).split('?');
    const method = init?.method ?? 'GET';
    if (path === SOLUTIONS) return answer(state.solutions);
    if (path === SOLUTION && method === 'POST') {
      const body = JSON.parse(String(init?.body));
      const added = solution(state.solutions.length + 10, body.name, body.tag, body.code);
      state.solutions = [...state.solutions, added];
      return answer(added);
    }
    if (path === SOLUTION && method === 'DELETE') {
      const id = Number(new URLSearchParams(query).get('id'));
      state.solutions = state.solutions.filter((s) => s.id !== id);
      return answer(null);
    }
    if (path === CHECK && method === 'POST') return answer({ jobId: 77 });
    if (path === CHECK) return answer(state.report);
    if (path === JOB) {
      const answers = state.jobAnswers ?? [];
      const got = answers[Math.min(jobReads++, answers.length - 1)];
      if (got.status !== 'running' && state.reportAfterJob) state.report = state.reportAfterJob;
      return answer(got);
    }
    return answer(null);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

const calls = (fetchMock: ReturnType<typeof fakeServer>, path: string, method: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => String(url).split('?')[0] === path && (init?.method ?? 'GET') === method,
  );

const toasts = spyOnToasts();

beforeAll(() => setupI18n('en-US'));
beforeEach(() => {
  vi.restoreAllMocks();
  session.clear();
  session.signIn('token', userInfoFixture('r', 'root', ['root']));
});

// antd's tables, selects and dialogs render slowly in jsdom on a busy machine: the tests wait for them, never sleep.
describe('the reference solutions and the package check', { timeout: 60_000 }, () => {
  it('lists the solutions with their tags, shows the code, adds one and deletes one after a confirmation', async () => {
    const fetchMock = fakeServer({
      solutions: [solution(1, 'main.cpp', 'main', 'int main() { return 0; }')],
      report: null,
    });
    renderElement(<ProblemPackageCheckSection pid={PID} />);
    const row = (await screen.findByText('main.cpp', {}, { timeout: 20_000 })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Main solution')).toBeTruthy();
    expect(within(row).getByText('C++')).toBeTruthy();
    expect(queryOfCall(calls(fetchMock, SOLUTIONS, 'GET')[0])).toEqual({ pid: String(PID) });
    expect(screen.getByText('This problem has never been checked.')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'View code' }));
    const viewer = await screen.findByRole('dialog', { name: 'main.cpp (C++)' });
    expect(within(viewer).getByText('int main() { return 0; }')).toBeTruthy();
    fireEvent.click(within(viewer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Add solution' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a reference solution' });
    // Nothing is sent without a name.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add solution' }));
    expect(toasts.error).toHaveBeenCalledWith("Enter the solution's name", expect.anything());
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: ' wa.py ' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Language' }));
    fireEvent.click(await screen.findByTitle('Python3'));
    // A main solution exists: the tag starts at Accepted.
    expect(within(dialog).getByTitle('Accepted')).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Expected verdict' }));
    fireEvent.click(await screen.findByTitle('Wrong answer'));
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: 'print(0)' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add solution' }));
    await waitFor(() => expect(calls(fetchMock, SOLUTION, 'POST')).toHaveLength(1));
    expect(JSON.parse(String(calls(fetchMock, SOLUTION, 'POST')[0][1]?.body))).toEqual({
      pid: PID,
      name: 'wa.py',
      language: 'Python3',
      tag: 'wrong-answer',
      code: 'print(0)',
    });
    const added = (await screen.findByText('wa.py')).closest('tr') as HTMLElement;
    expect(within(added).getByText('Wrong answer')).toBeTruthy();

    fireEvent.click(within(added).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete the solution wa.py?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(calls(fetchMock, SOLUTION, 'DELETE')).toHaveLength(1));
    expect(queryOfCall(calls(fetchMock, SOLUTION, 'DELETE')[0])).toEqual({ id: '11' });
    await waitFor(() => expect(screen.queryByText('wa.py')).toBeNull());
    expect(screen.getByText('main.cpp')).toBeTruthy();
  });

  it('runs the check, shows its progress, then the report: a mismatch in red, the invalid test, the verdicts', async () => {
    const fetchMock = fakeServer({
      solutions: [solution(1, 'main.cpp', 'main')],
      report: null,
      jobAnswers: [job('running', 40, 'running'), job('done', 100, 'done')],
      reportAfterJob: REPORT,
    });
    renderElement(<ProblemPackageCheckSection pid={PID} />);
    expect(await screen.findByText('This problem has never been checked.', {}, { timeout: 20_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Run package check' }));
    await waitFor(() => expect(calls(fetchMock, CHECK, 'POST')).toHaveLength(1));
    expect(JSON.parse(String(calls(fetchMock, CHECK, 'POST')[0][1]?.body))).toEqual({ pid: PID });
    const progress = await screen.findByRole('status');
    expect(progress.textContent).toContain('Checking 40% · Step 4 of 10');
    expect(screen.getByRole('button', { name: 'Run package check' })).toHaveProperty('disabled', true);
    expect(queryOfCall(calls(fetchMock, JOB, 'GET')[0])).toEqual({ id: '77' });

    // A second read a second later says done: the polling stops and the report is read again.
    const mismatch = await screen.findByText('does not match', {}, { timeout: 5000 });
    expect(screen.queryByRole('status')).toBeNull();
    const jobReads = calls(fetchMock, JOB, 'GET').length;
    expect(jobReads).toBe(2);
    expect(mismatch.closest('.ant-tag')?.className).toContain('error');
    const greedy = screen.getByText('greedy.cpp').closest('tr') as HTMLElement;
    expect(within(greedy).getByText('Expected “Accepted”: the verdicts do not fit it')).toBeTruthy();
    expect(within(greedy).getByText('WA 11ms').getAttribute('title')).toBe('Test 2: Wrong Answer, 11 ms');
    // main.cpp is in the solutions' list too: its row of the report is the one with a result.
    const main = screen
      .getAllByText('main.cpp')
      .map((name) => name.closest('tr') as HTMLElement)
      .find((tr) => within(tr).queryByText('matches')) as HTMLElement;
    expect(within(main).getByText('matches')).toBeTruthy();
    expect(within(main).getByText('AC 12ms')).toBeTruthy();
    expect(screen.getByText('1 of 2 tests fail the validator:')).toBeTruthy();
    expect(screen.getByText('2: Integer 0 violates the range [1, 10^9]')).toBeTruthy();
    expect(screen.getByText(/Checked at 2026-03-02/)).toBeTruthy();
    // 640 ms of 1000: past half of the limit, in the warning colour.
    const slowest = screen.getByText(/Main solution's slowest test: 640 ms of the 1000 ms limit/);
    expect(slowest.textContent).toContain('over half the limit');
    expect(slowest.className).toContain('warning');
    await new Promise((r) => setTimeout(r, 1500));
    expect(calls(fetchMock, JOB, 'GET')).toHaveLength(jobReads);
  });

  it('a main solution well inside the limit, all tests valid, and the errors of a failed check', async () => {
    fakeServer({
      solutions: [],
      report: {
        ...REPORT,
        status: 'failed',
        errors: ['validator.cpp does not compile'],
        solutions: [REPORT.solutions[0]],
        tests: [{ name: '1', valid: true, message: '' }],
        mainSlowestMs: 400,
      },
    });
    renderElement(<ProblemPackageCheckSection pid={PID} />);
    expect(await screen.findByText('validator.cpp does not compile', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.getByText('All 1 tests pass the validator').className).toContain('success');
    const slowest = screen.getByText("Main solution's slowest test: 400 ms of the 1000 ms limit");
    expect(slowest.className).not.toContain('warning');
    expect(screen.getByText(/No reference solution yet/)).toBeTruthy();
  });

  it('in Chinese, on a phone: the tag labels, and the verdicts in the row details', async () => {
    await setupI18n('zh-CN');
    screenWidth(390);
    try {
      fakeServer({ solutions: [solution(1, 'tle.cpp', 'time-limit-exceeded-or-accepted')], report: REPORT });
      renderElement(<ProblemPackageCheckSection pid={PID} />);
      expect(await screen.findByText('超时或正确', {}, { timeout: 20_000 })).toBeTruthy();
      expect(screen.getByText('不符合预期')).toBeTruthy();
      expect(screen.getByText('主解最慢的测试点：640 ms，时限 1000 ms', { exact: false })).toBeTruthy();
      // The verdicts column is left out of the row on a phone; they are in its details.
      expect(screen.queryByText('WA 11ms')).toBeNull();
      expect(screen.queryByRole('columnheader', { name: '各测试点结果' })).toBeNull();
      const greedy = screen.getByText('greedy.cpp').closest('tr') as HTMLElement;
      fireEvent.click(within(greedy).getByRole('button'));
      const chip = await screen.findByText('WA 11ms');
      expect(chip.getAttribute('title')).toBe('测试点 2：答案错误，11 ms');
    } finally {
      await setupI18n('en-US');
    }
  });
});

const queryOfCall = (call: readonly unknown[] | undefined) =>
  Object.fromEntries(new URLSearchParams(String(call?.[0]).split('?')[1]));
