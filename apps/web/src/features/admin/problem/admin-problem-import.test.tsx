import type { ImportJob, UserInfo } from '@oj/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/auth-store';
import { renderWithProviders, setupI18n, spyOnToasts } from '../../../test-utils';
import AdminProblemImportPage from './admin-problem-import-page';

const UPLOAD = '/api/file/import-polygon-problem';
const JOB = '/api/admin/import-job';
const T0 = '2026-03-01T08:00:00.000Z';

const answer = (status: number, data: unknown, msg = 'success') =>
  new Response(JSON.stringify({ status, msg, data }), { status, headers: { 'Content-Type': 'application/json' } });

const job = (patch: Partial<ImportJob>): ImportJob => ({
  id: 12,
  kind: 'polygon',
  status: 'running',
  progress: 0,
  stage: 'waiting',
  stepsDone: 0,
  stepsTotal: 0,
  title: 'A+B',
  errors: [],
  notes: [],
  gmtCreate: T0,
  gmtModified: T0,
  ...patch,
});

/** A fake server: the upload answers `uploadAnswer`; each read of the job answers the next of `states` (the last one
 * again once they run out). It records what was sent. */
const fakeServer = (states: ImportJob[], uploadAnswer = () => answer(200, { jobId: 12 })) => {
  const sent: { method: string; url: string; body: RequestInit['body'] }[] = [];
  let reads = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = String(input);
      const path = url.split('?')[0];
      sent.push({ method, url, body: init?.body });
      if (path === UPLOAD && method === 'POST') return uploadAnswer();
      if (path === JOB) return answer(200, states[Math.min(reads++, states.length - 1)]);
      return answer(200, null);
    }),
  );
  return {
    sent,
    uploads: () => sent.filter((s) => s.url === UPLOAD),
    /** The form of the n-th upload. */
    uploadForm: (n: number) => {
      const upload = sent.filter((s) => s.url === UPLOAD)[n];
      if (!upload) throw new Error(`no upload ${n} was sent`);
      return upload.body as FormData;
    },
    jobReads: () => sent.filter((s) => s.url.split('?')[0] === JOB),
  };
};

const open = (path = '/admin/problem/import') =>
  renderWithProviders([{ path: '/admin/problem/import', element: <AdminProblemImportPage /> }], path);

/** The Polygon section of the page. */
const polygonSection = async () =>
  (await screen.findByRole('heading', { name: 'Polygon package' }, { timeout: 20000 })).closest(
    'section',
  ) as HTMLElement;

const chooseZip = async (name = 'aplusb-3$linux.zip') => {
  const section = await polygonSection();
  const input = section.querySelector('input[type="file"]') as HTMLInputElement;
  expect(input.accept).toBe('.zip');
  fireEvent.change(input, { target: { files: [new File(['PK'], name, { type: 'application/zip' })] } });
  expect(await within(section).findByText(name)).toBeTruthy();
  return section;
};

const importButton = (section: HTMLElement) => within(section).getByRole('button', { name: 'Import' });

// antd renders slowly in jsdom on a busy machine: these tests wait for it, never sleep.
describe('the Polygon package import', { timeout: 90_000 }, () => {
  spyOnToasts();
  beforeAll(() => setupI18n('en-US'));
  beforeEach(() => {
    session.clear();
    session.signIn('token', { uid: 'r', username: 'root', roleList: ['root'] } as unknown as UserInfo);
  });
  afterEach(() => vi.useRealTimers());

  it('uploads the zip, follows the job every second and links the new problem when it is done', async () => {
    // The test's clock, moving with real time too, so the 1 s polls can be stepped through and counted.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeServer([
      job({ progress: 40, stage: 'running', stepsDone: 8, stepsTotal: 20 }),
      job({ progress: 75, stage: 'running', stepsDone: 15, stepsTotal: 20 }),
      job({
        status: 'done',
        progress: 100,
        stage: 'done',
        pid: 1001,
        problemId: 'P1001',
        notes: ['20 tests generated', 'statement in Chinese'],
      }),
    ]);
    const { router } = open();
    const section = await chooseZip();
    expect(importButton(section).hasAttribute('disabled')).toBe(false);
    fireEvent.click(importButton(section));

    // The job id goes into the URL, so a reload shows the same job.
    await waitFor(() => expect(router.state.location.search).toBe('?polygonJob=12'));
    expect((server.uploadForm(0).get('file') as File).name).toBe('aplusb-3$linux.zip');
    // Automatic: no language is sent, the server chooses.
    expect(server.uploadForm(0).has('language')).toBe(false);

    const jobView = await within(section).findByRole('region', { name: 'Import job #12' });
    expect(await within(jobView).findByText('Step 8 of 20')).toBeTruthy();
    expect(within(jobView).getByText('Running')).toBeTruthy();
    expect(within(jobView).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(within(jobView).getByText('40%')).toBeTruthy();
    expect(server.jobReads()[0]?.url).toBe(`${JOB}?id=12`);

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await within(jobView).findByText('Step 15 of 20')).toBeTruthy();
    expect(within(jobView).getByText('75%')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(1000));
    const link = await within(jobView).findByRole('link', { name: 'P1001 A+B' });
    expect(link.getAttribute('href')).toBe('/admin/problem/edit/1001');
    expect(within(jobView).getByText('Done')).toBeTruthy();
    expect(within(jobView).getByText(/Imported as/)).toBeTruthy();
    expect(within(jobView).getByText('20 tests generated').tagName).toBe('LI');
    expect(within(jobView).getByText('statement in Chinese').tagName).toBe('LI');

    // Done: the polls stop.
    const reads = server.jobReads().length;
    expect(reads).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(server.jobReads()).toHaveLength(reads);
  });

  it('shows a failed job again after a reload: every error listed in red, and that nothing was imported', async () => {
    const server = fakeServer([
      job({
        id: 7,
        status: 'failed',
        progress: 60,
        stage: 'failed',
        errors: ['generator gen.cpp failed on test 3: exit code 1', 'validator rejected test 5: n out of range'],
      }),
    ]);
    open('/admin/problem/import?polygonJob=7');
    const section = await polygonSection();
    const jobView = await within(section).findByRole('region', { name: 'Import job #7' }, { timeout: 20000 });
    expect(server.jobReads()[0]?.url).toBe(`${JOB}?id=7`);
    expect(within(jobView).getByText('Failed')).toBeTruthy();
    const errors = within(jobView).getByRole('list', { name: 'Why it failed' });
    expect(errors.className).toContain('oj-polygon-job__errors');
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['generator gen.cpp failed on test 3: exit code 1', 'validator rejected test 5: n out of range']);
    expect(within(jobView).getByText('Nothing was imported.')).toBeTruthy();
    expect(within(jobView).queryByRole('link')).toBeNull();
    // Nothing was uploaded: the page only read the job named in the URL, once, as it has ended.
    expect(server.uploads()).toHaveLength(0);
    expect(server.jobReads()).toHaveLength(1);
  });

  it('stops reading a running job once the page is left', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeServer([job({ id: 5, progress: 30, stage: 'running', stepsDone: 3, stepsTotal: 10 })]);
    const { unmount } = open('/admin/problem/import?polygonJob=5');
    expect(await screen.findByText('Step 3 of 10', {}, { timeout: 20000 })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(server.jobReads().length).toBeGreaterThanOrEqual(2));
    unmount();
    const reads = server.jobReads().length;
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(server.jobReads()).toHaveLength(reads);
  });

  it('sends the statement language chosen', async () => {
    const server = fakeServer([job({ progress: 10 })]);
    open();
    const section = await chooseZip('p.zip');
    const select = within(section).getByRole('combobox', { name: 'Statement language' });
    expect(within(section).getByText('Automatic')).toBeTruthy();
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByTitle('Russian'));
    fireEvent.click(importButton(section));
    await waitFor(() => expect(server.uploads()).toHaveLength(1));
    expect(server.uploadForm(0).get('language')).toBe('russian');
    expect(await within(section).findByRole('region', { name: 'Import job #12' })).toBeTruthy();
  });

  it("shows the server's reason when it refuses the package at once, and follows no job", async () => {
    const reason = 'Not a Polygon package: package.xml is missing';
    const server = fakeServer([], () => answer(400, null, reason));
    const { router } = open();
    const section = await chooseZip('broken.zip');
    fireEvent.click(importButton(section));
    expect((await within(section).findByRole('alert')).textContent).toContain(reason);
    expect(router.state.location.search).toBe('');
    expect(server.jobReads()).toHaveLength(0);
  });

  it('reads in Chinese', async () => {
    await setupI18n('zh-CN');
    fakeServer([job({ id: 3, progress: 25, stage: 'running', stepsDone: 5, stepsTotal: 20 })]);
    open('/admin/problem/import?polygonJob=3');
    expect(await screen.findByRole('heading', { name: 'Polygon 题目包' }, { timeout: 20000 })).toBeTruthy();
    const jobView = await screen.findByRole('region', { name: '导入任务 #3' });
    expect(within(jobView).getByText('进行中')).toBeTruthy();
    expect(within(jobView).getByText('第 5/20 步')).toBeTruthy();
    expect(screen.getByText('自动选择')).toBeTruthy();
    await setupI18n('en-US');
  });
});
