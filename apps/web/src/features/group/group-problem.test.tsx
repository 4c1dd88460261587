import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../lib/auth-store';
import { problemDetailFixture, userInfoFixture } from '../../test-fixtures';
import {
  callsTo,
  json,
  page,
  queryOf,
  renderWithProviders,
  setupI18n,
  spyOnToasts,
  stubServer,
} from '../../test-utils';
import ProblemDetailPage from '../problem/problem-detail-page';
import SubmissionListPage from '../submission/submission-list-page';
import { applyPublicAction, canManageGroupProblem } from './group-model';
import GroupProblemEditPage from './group-problem-edit-page';
import GroupProblemPage from './group-problem-page';
import { renderGroup, stubGroup } from './group-test-support';

const adminRow = (id: number, author: string, applyPublicProgress: number | null = null) => ({
  id,
  problemId: `algoc${id}`,
  title: `Problem ${id}`,
  author,
  auth: 1,
  gid: 7,
  isGroup: true,
  applyPublicProgress,
  gmtCreate: '2026-01-04T08:00:00.000Z',
  gmtModified: '2026-01-04T08:00:00.000Z',
});

spyOnToasts();

beforeAll(() => {
  return setupI18n('en-US');
});
beforeEach(() => {
  session.clear();
});
afterEach(() => session.clear());

const renderProblems = (path: string) =>
  renderGroup(path, [
    { path: 'problem', element: <GroupProblemPage /> },
    { path: 'problem/create', element: <GroupProblemEditPage /> },
    { path: 'problem/:problemID', element: <h1>Group problem screen</h1> },
  ]);

describe('group problem rules', () => {
  it('lets a group admin manage only own problems and the root every problem of the group', () => {
    const own = { author: 'alice', gid: 7 };
    expect(canManageGroupProblem('admin', 'alice', own, 7)).toBe(true);
    expect(canManageGroupProblem('admin', 'alice', { author: 'bob', gid: 7 }, 7)).toBe(false);
    expect(canManageGroupProblem('root', 'olivia', { author: 'bob', gid: 7 }, 7)).toBe(true);
    expect(canManageGroupProblem('member', 'alice', own, 7)).toBe(false);
    // Another group's or a public problem is read-only here.
    expect(canManageGroupProblem('root', 'olivia', { author: 'bob', gid: 8 }, 7)).toBe(false);
    expect(canManageGroupProblem('root', 'olivia', { author: 'bob', gid: null }, 7)).toBe(false);
  });

  it('maps the application progress to its button', () => {
    expect(applyPublicAction(null)).toMatchObject({ labelKey: 'Group_Problem_Apply_Public', next: true });
    expect(applyPublicAction(1)).toMatchObject({ labelKey: 'Group_Problem_Applying', next: false });
    expect(applyPublicAction(2)).toMatchObject({ labelKey: 'Group_Problem_Public', next: null });
    expect(applyPublicAction(3)).toMatchObject({ labelKey: 'Group_Problem_Refused', next: true });
  });
});

describe('group problems tab', { timeout: 60_000 }, () => {
  it('lists the problems with status, AC rate and links into the group', async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const fetchMock = stubGroup(3, {
      '/api/group/get-problem-list': page([
        {
          pid: 11,
          problemId: 'algoc1',
          title: 'Two sums',
          difficulty: 1,
          type: 0,
          tags: [{ id: 1, name: 'math', color: null }],
          ac: 1,
          total: 4,
          myStatus: 0,
        },
      ]),
    });
    renderProblems('/group/7/problem');
    const link = await screen.findByRole('link', { name: 'Two sums' });
    expect(link.getAttribute('href')).toBe('/group/7/problem/algoc1');
    expect(screen.getByText('25.00%')).toBeTruthy();
    expect(screen.getByText('algoc1')).toBeTruthy();
    expect(screen.queryByText('math')).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Show tags' }));
    expect(await screen.findByText('math')).toBeTruthy();
    // A member has no admin mode.
    expect(screen.queryByRole('switch', { name: 'Admin mode' })).toBeNull();
    const [url] = callsTo(fetchMock, '/api/group/get-problem-list')[0] ?? [];
    expect(new URLSearchParams(String(url).split('?')[1]).get('gid')).toBe('7');
    expect(new URLSearchParams(String(url).split('?')[1]).get('limit')).toBe('10');
  });

  it("offers a group admin's actions on their own problems only", async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    stubGroup(4, {
      '/api/group/get-problem-list': page([]),
      '/api/group/get-admin-problem-list': page([adminRow(1, 'alice'), adminRow(2, 'bob')]),
    });
    renderProblems('/group/7/problem');
    fireEvent.click(await screen.findByRole('switch', { name: 'Admin mode' }));
    await screen.findByText('Problem 2');
    expect(screen.getAllByRole('button', { name: 'Edit' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Download test data' })).toHaveLength(1);
    const authOf = (id: string) =>
      screen.getByRole('combobox', { name: `Auth ${id}` }).closest('.ant-select') as HTMLElement;
    expect(authOf('algoc1').className).not.toMatch(/disabled/);
    expect(authOf('algoc2').className).toMatch(/disabled/);
  });

  it('shows the group root every action of every row', async () => {
    session.signIn('token', userInfoFixture('u-owner', 'olivia'));
    stubGroup(5, {
      '/api/group/get-problem-list': page([]),
      '/api/group/get-admin-problem-list': page([adminRow(1, 'alice'), adminRow(2, 'bob')]),
    });
    renderProblems('/group/7/problem?mode=admin');
    await screen.findByText('Problem 2');
    expect(screen.getAllByRole('button', { name: 'Edit' })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(2);
  });

  it('applies for public, withdraws an application and applies again after a refusal', async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const fetchMock = stubGroup(4, {
      '/api/group/get-problem-list': page([]),
      '/api/group/get-admin-problem-list': page([
        adminRow(1, 'alice'),
        adminRow(2, 'alice', 1),
        adminRow(3, 'alice', 3),
      ]),
      '/api/group/apply-public': json(null),
    });
    renderProblems('/group/7/problem?mode=admin');
    const bodies = () =>
      callsTo(fetchMock, '/api/group/apply-public').map(([, init]) => {
        expect(init?.method).toBe('PUT');
        return JSON.parse(String(init?.body));
      });
    const confirm = async (name: string, count: number) => {
      fireEvent.click(await screen.findByRole('button', { name }));
      const tip = (await screen.findAllByRole('tooltip')).at(-1) as HTMLElement;
      fireEvent.click(within(tip).getByRole('button', { name: 'OK' }));
      await waitFor(() => expect(callsTo(fetchMock, '/api/group/apply-public')).toHaveLength(count));
    };
    await confirm('Apply algoc1', 1);
    await confirm('Applying algoc2', 2);
    await confirm('Refused algoc3', 3);
    expect(bodies()).toEqual([
      { pid: 1, isApplied: true },
      { pid: 2, isApplied: false },
      { pid: 3, isApplied: true },
    ]);
  });
});

describe('group problem form', { timeout: 60_000 }, () => {
  it("uploads test data with the group's id and saves to the group's problem call", async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const fetchMock = stubGroup(4, {
      '/api/languages': json([{ name: 'C++' }]),
      '/api/group/get-all-problem-tags': json([]),
      '/api/file/upload-testcase-zip': json({ fileList: [{ input: '1.in', output: '1.out' }], fileListDir: 'up-1' }),
      '/api/group/problem': json({ pid: 21, problemId: 'algoc21' }),
      '/api/group/get-problem-list': page([]),
      '/api/group/get-admin-problem-list': page([]),
    });
    const { router } = renderProblems('/group/7/problem/create');
    const displayId = (await screen.findByRole('textbox', { name: 'Display ID' })) as HTMLInputElement;
    // A group's display ids start with its short name.
    expect(displayId.value).toBe('algoc');
    fireEvent.change(displayId, { target: { value: 'algoc21' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Sum' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Input' }), { target: { value: 'a b' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Output' }), { target: { value: 'a+b' } });
    const zipInput = document.querySelector('input[type="file"][accept=".zip"]') as HTMLInputElement;
    fireEvent.change(zipInput, { target: { files: [new File(['zip'], 'data.zip', { type: 'application/zip' })] } });
    await screen.findByText('1.in');
    const [uploadUrl] = callsTo(fetchMock, '/api/file/upload-testcase-zip')[0] ?? [];
    expect(uploadUrl).toBe('/api/file/upload-testcase-zip?gid=7');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/group/problem')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, '/api/group/problem')[0] ?? [];
    expect(init?.method).toBe('POST');
    const body = JSON.parse(String(init?.body));
    expect(body.problem).toMatchObject({ gid: 7, problemId: 'algoc21', title: 'Sum', auth: 1 });
    expect(body).toMatchObject({ isUploadTestCase: true, uploadTestcaseDir: 'up-1', languages: [{ name: 'C++' }] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/group/7/problem'));
    expect(router.state.location.search).toBe('?mode=admin');
  });

  it('starts a new problem with the first display id the server says is free', async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const fetchMock = stubGroup(4, {
      '/api/languages': json([{ name: 'C++' }]),
      '/api/group/get-all-problem-tags': json([]),
      // algoc and algoc-2 are taken.
      '/api/group/get-free-problem-id': json({ problemId: 'algoc-3' }),
    });
    renderProblems('/group/7/problem/create');
    const displayId = (await screen.findByRole('textbox', { name: 'Display ID' })) as HTMLInputElement;
    expect(displayId.value).toBe('algoc-3');
    expect(queryOf(callsTo(fetchMock, '/api/group/get-free-problem-id')[0]).get('gid')).toBe('7');
  });
});

const DETAIL = problemDetailFixture({ problemId: 'algoc1', author: 'alice', gid: 7 });

describe('group problem and submission pages', { timeout: 60_000 }, () => {
  it("reads, submits and lists the own submissions with the group's id; focus mode is its full-screen route", async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const fetchMock = stubServer({
      '/api/get-problem-detail': json(DETAIL),
      '/api/get-user-problem-status': json({}),
      '/api/get-submission-list': page([]),
      '/api/submit-problem-judge': json({ submitId: 77, status: 5 }),
      '/api/get-submission-detail': json({ submission: { submitId: 77, status: 5 } }),
    });
    const { router } = renderWithProviders(
      [
        { path: '/group/:groupID/problem/:problemID', element: <ProblemDetailPage /> },
        { path: '/group/:groupID/problem/:problemID/full-screen', element: <ProblemDetailPage /> },
      ],
      '/group/7/problem/algoc1',
    );
    expect(await screen.findByText('Count the coins.')).toBeTruthy();
    const [url] = callsTo(fetchMock, '/api/get-problem-detail')[0] ?? [];
    const q = new URLSearchParams(String(url).split('?')[1]);
    expect(q.get('problemId')).toBe('algoc1');
    expect(q.get('gid')).toBe('7');
    // Its discussions are the group's (the site's discussion switch and list are not its).
    expect(await screen.findByRole('link', { name: /Discussion/ })).toHaveProperty(
      'href',
      expect.stringMatching(/\/group\/7\/discussion\/algoc1$/),
    );

    fireEvent.click(screen.getByRole('button', { name: /Submit/ }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/submit-problem-judge')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, '/api/submit-problem-judge')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ pid: 'algoc1', gid: 7, language: 'C++' });
    expect(await screen.findByRole('link', { name: 'View details' })).toHaveProperty(
      'href',
      expect.stringMatching(/\/group\/7\/submission-detail\/77$/),
    );

    fireEvent.click(screen.getByRole('tab', { name: 'My Submission' }));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, '/api/get-submission-list').some(
          ([u]) => new URLSearchParams(u.split('?')[1]).get('gid') === '7',
        ),
      ).toBe(true),
    );

    fireEvent.click(screen.getByRole('button', { name: /Focus mode/i }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/group/7/problem/algoc1/full-screen'));
  });

  it("lists the group's submissions with its id and links inside the group", async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const fetchMock = stubServer({
      '/api/get-submission-list': page([
        {
          submitId: 55,
          uid: 'u-alice',
          username: 'alice',
          displayPid: 'algoc1',
          displayId: null,
          title: 'Coins',
          status: 0,
          submitTime: '2026-01-04T08:00:00.000Z',
          score: null,
          time: 10,
          memory: 1024,
          length: 30,
          language: 'C++',
          cid: 0,
          gid: 7,
          share: false,
          judger: null,
        },
      ]),
    });
    renderWithProviders([{ path: '/group/:groupID/status', element: <SubmissionListPage /> }], '/group/7/status');
    const link = await screen.findByRole('link', { name: 'algoc1 Coins' });
    expect(link.getAttribute('href')).toBe('/group/7/problem/algoc1');
    expect(screen.getByRole('link', { name: 'View details' }).getAttribute('href')).toBe(
      '/group/7/submission-detail/55',
    );
    const [url] = callsTo(fetchMock, '/api/get-submission-list')[0] ?? [];
    expect(new URLSearchParams(String(url).split('?')[1]).get('gid')).toBe('7');
  });
});
