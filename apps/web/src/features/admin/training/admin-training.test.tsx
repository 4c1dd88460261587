import type { AdminTraining, TrainingCategory, UserInfo } from '@oj/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { session } from '../../../lib/auth-store';
import { bindNotifiers } from '../../../lib/notify';
import { NO_HOMEWORK } from '../../../test-fixtures';
import { renderWithProviders, setupI18n, stubServer } from '../../../test-utils';
import AdminTrainingEditPage from './admin-training-edit-page';
import AdminTrainingListPage from './admin-training-list-page';
import AdminTrainingProblemPage from './admin-training-problem-page';

const json =
  (data: unknown, status = 200, msg = 'success') =>
  () =>
    new Response(JSON.stringify({ status, msg, data }), { status, headers: { 'Content-Type': 'application/json' } });

const page = <T,>(records: T[], size = 10) => ({ records, total: records.length, size, current: 1 });

const callsTo = (fetchMock: Mock, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).split('?')[0] === path) as [string, RequestInit | undefined][];
const bodyOf = (call: [string, RequestInit | undefined] | undefined) => JSON.parse(String(call?.[1]?.body));

const CATEGORY: TrainingCategory = {
  id: 3,
  name: 'Basics',
  color: '#409EFF',
  gid: null,
  gmtCreate: '2026-01-01T00:00:00Z',
  gmtModified: '2026-01-01T00:00:00Z',
};

const TRAINING: AdminTraining = {
  id: 12,
  title: 'Loops',
  description: 'Practice loops',
  author: 'alice',
  auth: 'Private',
  privatePwd: 'secret',
  status: true,
  rank: 1000,
  isGroup: false,
  gid: null,
  categoryId: 3,
  categoryName: 'Basics',
  categoryColor: '#409EFF',
  problemCount: 2,
  gmtCreate: '2026-01-01T00:00:00Z',
  gmtModified: '2026-01-02T00:00:00Z',
  ...NO_HOMEWORK,
};

const signInAs = (roles: string[]) =>
  session.signIn('token', { uid: 'u1', username: 'alice', roleList: roles } as unknown as UserInfo);

// What the user is told: toasts and error notifications, caught where antd would show them.
const toasts = { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() };
const notifications = { error: vi.fn() };

beforeAll(() => {
  // antd tables and forms render slowly in jsdom on a busy machine: wait for them, never sleep.
  return setupI18n('en-US');
});
beforeEach(() => {
  for (const f of [...Object.values(toasts), notifications.error]) f.mockReset();
  bindNotifiers(toasts as unknown as MessageInstance, notifications as unknown as NotificationInstance);
  session.clear();
});

const renderCreate = () =>
  renderWithProviders(
    [
      { path: '/admin/training/create', element: <AdminTrainingEditPage /> },
      { path: '/admin/training/:trainingId/problems', element: <p>problems of the training</p> },
    ],
    '/admin/training/create',
  );

/** Fills what the form requires besides the auth and the password. */
const fillRequired = async () => {
  fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Recursion' } });
  fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Practise **recursion**' } });
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Category' }));
  fireEvent.click(await screen.findByTitle('Basics'));
};

describe('training form', () => {
  it('starts at rank 1000, public, visible', async () => {
    stubServer({ '/api/get-training-category': json([CATEGORY]) });
    renderCreate();
    expect((screen.getByLabelText('Rank') as HTMLInputElement).value).toBe('1000');
    expect((screen.getByRole('radio', { name: 'Public' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.getByRole('switch', { name: 'Visible' }).getAttribute('aria-checked')).toBe('true');
  });

  it('refuses a private training without a password and sends nothing', async () => {
    const fetchMock = stubServer({ '/api/get-training-category': json([CATEGORY]) });
    renderCreate();
    await fillRequired();
    fireEvent.click(screen.getByRole('radio', { name: 'Private' }));
    expect(await screen.findByLabelText('Password')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/admin/training')).toHaveLength(0);
  });

  it('names every missing field and sends nothing', async () => {
    const fetchMock = stubServer({ '/api/get-training-category': json([CATEGORY]) });
    renderCreate();
    fireEvent.change(screen.getByLabelText('Rank'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    for (const text of ['Rank is required', 'Title is required', 'Description is required', 'Category is required']) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    expect(callsTo(fetchMock, '/api/admin/training')).toHaveLength(0);
  });

  it('keeps the rank within 0..2147483647 and accepts 0', async () => {
    const fetchMock = stubServer({
      '/api/get-training-category': json([CATEGORY]),
      '/api/admin/training': json({ training: { ...TRAINING, id: 31 }, trainingCategory: CATEGORY }),
    });
    const { router } = renderCreate();
    await fillRequired();
    const rank = screen.getByLabelText('Rank') as HTMLInputElement;
    fireEvent.change(rank, { target: { value: '2147483648' } });
    fireEvent.blur(rank);
    await waitFor(() => expect(rank.value).toBe('2147483647'));
    fireEvent.change(rank, { target: { value: '-5' } });
    fireEvent.blur(rank);
    await waitFor(() => expect(rank.value).toBe('0'));
    fireEvent.click(screen.getByRole('radio', { name: 'Private' }));
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'pw123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/admin/training')).toHaveLength(1));
    const [call] = callsTo(fetchMock, '/api/admin/training');
    expect(call?.[1]?.method).toBe('POST');
    expect(bodyOf(call)).toEqual({
      training: {
        title: 'Recursion',
        description: 'Practise **recursion**',
        auth: 'Private',
        privatePwd: 'pw123',
        rank: 0,
        status: true,
        // No homework: no times, no late rule.
        ...NO_HOMEWORK,
      },
      trainingCategory: { id: 3, name: 'Basics', color: '#409EFF' },
    });
    // A new training goes on to its problems.
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/training/31/problems'));
  });

  it('sends the category page when no category exists', async () => {
    stubServer({ '/api/get-training-category': json([]) });
    const { router } = renderWithProviders(
      [
        { path: '/admin/training/create', element: <AdminTrainingEditPage /> },
        { path: '/admin/training/category', element: <p>categories</p> },
      ],
      '/admin/training/create',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Go to categories' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/training/category'));
  });
});

const BANK = [
  { id: 1002, problemId: 'P1002', title: 'Fibonacci' },
  { id: 1003, problemId: 'P1003', title: 'Hanoi' },
].map((p) => ({
  ...p,
  author: 'root',
  auth: 1,
  type: 0,
  difficulty: 0,
  modifiedUser: null,
  gmtCreate: '2026-01-01T00:00:00Z',
  gmtModified: '2026-01-01T00:00:00Z',
}));

/** The problem list call answers by queryExisted: the training's own problem, or the bank's others. */
const stubProblemLists = (extra: Record<string, () => Response> = {}) => {
  const own = BANK[0] as (typeof BANK)[number];
  const fetchMock: Mock = stubServer({
    '/api/admin/training/get-problem-list': () => {
      const url = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://x');
      const existed = url.searchParams.get('queryExisted') === 'true';
      const entry = { id: 70, tid: 12, pid: own.id, displayId: 'A1', rank: 5, gmtCreate: '', gmtModified: '' };
      return existed
        ? json({ problemList: page([own], 100), trainingProblemMap: { [own.id]: entry } })()
        : json({ problemList: page(BANK.slice(1)), trainingProblemMap: {} })();
    },
    ...extra,
  });
  return fetchMock;
};

const renderProblems = () =>
  renderWithProviders(
    [{ path: '/admin/training/:trainingId/problems', element: <AdminTrainingProblemPage /> }],
    '/admin/training/12/problems',
  );

describe('training problems', () => {
  it('adds a bank problem with the display id the admin gives: {pid, tid, displayId}', async () => {
    const fetchMock = stubProblemLists({
      '/api/admin/training/add-problem-from-public': json({ id: 71, tid: 12, pid: 1003, displayId: 'B2', rank: 0 }),
    });
    renderProblems();
    expect(await screen.findByText('Fibonacci')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add from public problems' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Add P1003' }));
    const displayId = within(dialog).getByLabelText('Display ID') as HTMLInputElement;
    // The problem's own id unless the admin says otherwise.
    expect(displayId.value).toBe('P1003');
    fireEvent.change(displayId, { target: { value: 'B2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/admin/training/add-problem-from-public')).toHaveLength(1));
    const [call] = callsTo(fetchMock, '/api/admin/training/add-problem-from-public');
    expect(call?.[1]?.method).toBe('POST');
    expect(bodyOf(call)).toEqual({ pid: 1003, tid: 12, displayId: 'B2' });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Add Successfully', expect.anything()));
  });

  it('asks the bank for problems not yet in the training, 10 a page, with sizes 10/30/50/100', async () => {
    const fetchMock = stubProblemLists();
    renderProblems();
    fireEvent.click(await screen.findByRole('button', { name: 'Add from public problems' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Hanoi');
    const bankCall = callsTo(fetchMock, '/api/admin/training/get-problem-list').find(([u]) =>
      u.includes('queryExisted=false'),
    );
    const query = new URL(String(bankCall?.[0]), 'http://x').searchParams;
    expect(query.get('tid')).toBe('12');
    expect(query.get('limit')).toBe('10');
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    for (const size of [10, 30, 50, 100])
      expect((await screen.findAllByTitle(`${size} / page`)).length).toBeGreaterThan(0);
  });

  it('refuses an invalid display id and saves the display id and order of a row', async () => {
    const fetchMock = stubProblemLists({
      '/api/admin/training/problem': json({ id: 70, tid: 12, pid: 1002, displayId: 'X9', rank: 0 }),
    });
    renderProblems();
    const displayId = (await screen.findByLabelText('Display ID P1002')) as HTMLInputElement;
    expect(displayId.value).toBe('A1');
    fireEvent.change(displayId, { target: { value: 'bad id' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save P1002' }));
    expect(toasts.error).toHaveBeenCalledWith('A display ID holds letters, digits, _ and - only', expect.anything());
    fireEvent.change(displayId, { target: { value: 'X9' } });
    fireEvent.change(screen.getByLabelText('Order P1002'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save P1002' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/admin/training/problem')).toHaveLength(1));
    const [call] = callsTo(fetchMock, '/api/admin/training/problem');
    expect(call?.[1]?.method).toBe('PUT');
    expect(bodyOf(call)).toEqual({ id: 70, tid: 12, pid: 1002, displayId: 'X9', rank: 0 });
  });
});

describe('training list', () => {
  const renderList = () => {
    const fetchMock = stubServer({
      '/api/admin/training/get-training-list': json(page([TRAINING])),
      '/api/admin/training/change-training-status': json(null),
    });
    const utils = renderWithProviders(
      [{ path: '/admin/training', element: <AdminTrainingListPage /> }],
      '/admin/training',
    );
    return { fetchMock, ...utils };
  };

  it('offers delete to root only', async () => {
    signInAs(['admin']);
    const { unmount } = renderList();
    expect(await screen.findByText('Loops')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete Loops' })).toBeNull();
    unmount();
    signInAs(['root']);
    renderList();
    expect(await screen.findByRole('button', { name: 'Delete Loops' })).toBeTruthy();
  });

  it('shows the category in its colour and switches the visibility by the training', async () => {
    signInAs(['admin']);
    const { fetchMock } = renderList();
    const row = (await screen.findByText('Loops')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Basics')).toBeTruthy();
    expect(within(row).getByText('Private')).toBeTruthy();
    fireEvent.click(within(row).getByRole('switch', { name: 'Visible Loops' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/admin/training/change-training-status')).toHaveLength(1));
    const [call] = callsTo(fetchMock, '/api/admin/training/change-training-status');
    expect(call?.[1]?.method).toBe('PUT');
    expect(bodyOf(call)).toEqual({ tid: 12, author: 'alice', status: false });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Update Successfully', expect.anything()));
  });
});
