import type { AdminProblem, UserInfo } from '@oj/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { session } from '../../../lib/auth-store';
import { bindNotifiers } from '../../../lib/notify';
import { renderElement, setupI18n, stubServer } from '../../../test-utils';
import adminEn from '../texts/en-US';
import adminZh from '../texts/zh-CN';
import AdminGroupProblemApplyPage from './admin-group-problem-apply-page';

/** The group problem review page's texts, each as [zh-CN, en-US]. */
const ADMIN_GROUP_PROBLEM_TEXTS = Object.entries(adminZh)
  .filter(([key]) => key.startsWith('Admin_Group_Problem_'))
  .map(([key, zh]) => [key, [zh, adminEn[key as keyof typeof adminEn]]] as const);

const LIST = '/api/admin/group-problem/list';
const PROGRESS = '/api/admin/group-problem/change-progress';

const json =
  (data: unknown, status = 200, msg = 'success') =>
  () =>
    new Response(JSON.stringify({ status, msg, data }), { status, headers: { 'Content-Type': 'application/json' } });

const page = <T,>(records: T[]) => ({ records, total: records.length, size: 10, current: 1 });

const callsTo = (fetchMock: Mock, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).split('?')[0] === path) as [string, RequestInit | undefined][];

const PROBLEM = {
  id: 1201,
  problemId: 'ACM-1001',
  title: 'Sum of two groups',
  author: 'teacher',
  type: 0,
  judgeMode: 'default',
  judgeCaseMode: 'default',
  timeLimit: 1000,
  memoryLimit: 256,
  stackLimit: 128,
  description: 'd',
  input: 'i',
  output: 'o',
  examples: '',
  isRemote: false,
  source: '',
  difficulty: 0,
  hint: '',
  auth: 1,
  ioScore: 100,
  codeShare: true,
  spjCode: null,
  spjLanguage: null,
  userExtraFile: null,
  judgeExtraFile: null,
  isRemoveEndBlank: true,
  openCaseResult: true,
  showFirstFailure: false,
  isUploadCase: false,
  caseVersion: '1',
  modifiedUser: 'teacher',
  isGroup: true,
  gid: 7,
  applyPublicProgress: 1,
  isFileIO: false,
  ioReadFileName: null,
  ioWriteFileName: null,
  gmtCreate: '2026-01-01T00:00:00Z',
  gmtModified: '2026-01-02T08:30:00Z',
  checkerState: null,
  checkerError: null,
} satisfies AdminProblem;
const OTHER = { ...PROBLEM, id: 1202, problemId: 'ACM-1002', title: 'Graph walk', author: 'bob', gid: 9 };

const signInAs = (roles: string[]) =>
  session.signIn('token', { uid: 'u1', username: 'alice', roleList: roles } as unknown as UserInfo);

const toasts = { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() };
const notifications = { error: vi.fn() };

beforeAll(() => {
  return setupI18n('en-US');
});
beforeEach(() => {
  for (const f of [...Object.values(toasts), notifications.error]) f.mockReset();
  bindNotifiers(toasts as unknown as MessageInstance, notifications as unknown as NotificationInstance);
  session.clear();
  signInAs(['problem_admin']);
});

const renderPage = () => renderElement(<AdminGroupProblemApplyPage />, '/admin/group-problem/apply');

/** Clicks a row's action and confirms its dialog. */
const decide = async (action: 'Approve' | 'Refuse', problemId: string) => {
  fireEvent.click(await screen.findByRole('button', { name: `${action} ${problemId}` }));
  fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
};

describe('group-problem examine (group-problem/apply)', () => {
  it('lists the applications: display id, plain title, author, group, time', async () => {
    const fetchMock = stubServer({ [LIST]: json(page([PROBLEM, OTHER])) });
    renderPage();
    expect(await screen.findByText('Sum of two groups')).toBeTruthy();
    expect(screen.getByText('ACM-1001')).toBeTruthy();
    expect(screen.getByText('Graph walk')).toBeTruthy();
    expect(screen.getByText('teacher')).toBeTruthy();
    expect(screen.getByText('9')).toBeTruthy();
    // The title is no link: a group problem's page is closed to non-members.
    expect(screen.getByText('Sum of two groups').closest('a')).toBeNull();
    const query = new URL(String(callsTo(fetchMock, LIST)[0]?.[0]), 'http://x').searchParams;
    expect(query.get('currentPage')).toBe('1');
    expect(query.get('limit')).toBe('10');
  });

  it('searches by keyword and group id', async () => {
    const fetchMock = stubServer({ [LIST]: json(page([PROBLEM])) });
    renderPage();
    await screen.findByText('Sum of two groups');
    fireEvent.change(screen.getByLabelText('Search problem ID or title'), { target: { value: ' sum ' } });
    fireEvent.keyDown(screen.getByLabelText('Search problem ID or title'), { key: 'Enter', keyCode: 13 });
    fireEvent.change(screen.getByLabelText('Group ID'), { target: { value: '7' } });
    fireEvent.keyDown(screen.getByLabelText('Group ID'), { key: 'Enter', keyCode: 13 });
    await waitFor(() => {
      const last = callsTo(fetchMock, LIST).at(-1);
      const query = new URL(String(last?.[0]), 'http://x').searchParams;
      expect(query.get('keyword')).toBe('sum');
      expect(query.get('gid')).toBe('7');
    });
  });

  it('shows the empty state', async () => {
    stubServer({ [LIST]: json(page([])) });
    renderPage();
    expect(await screen.findByText('No group problem is waiting for examination')).toBeTruthy();
  });

  it('approves after the confirm: PUT progress 2, then refreshes the list', async () => {
    const fetchMock = stubServer({ [LIST]: json(page([PROBLEM])), [PROGRESS]: json(null) });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve ACM-1001' }));
    expect(await screen.findByText('The problem joins the public bank and leaves its group. Approve?')).toBeTruthy();
    expect(callsTo(fetchMock, PROGRESS)).toHaveLength(0);
    const listCalls = callsTo(fetchMock, LIST).length;
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(callsTo(fetchMock, PROGRESS)).toHaveLength(1));
    const [call] = callsTo(fetchMock, PROGRESS);
    expect(call?.[1]?.method).toBe('PUT');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ pid: 1201, progress: 2 });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Approved: the problem is in the public bank', 1));
    await waitFor(() => expect(callsTo(fetchMock, LIST).length).toBeGreaterThan(listCalls));
  });

  it('refuses after the confirm: PUT progress 3', async () => {
    const fetchMock = stubServer({ [LIST]: json(page([PROBLEM, OTHER])), [PROGRESS]: json(null) });
    renderPage();
    await decide('Refuse', 'ACM-1002');
    await waitFor(() => expect(callsTo(fetchMock, PROGRESS)).toHaveLength(1));
    const [call] = callsTo(fetchMock, PROGRESS);
    expect(call?.[1]?.method).toBe('PUT');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ pid: 1202, progress: 3 });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('The application is refused', 1));
  });

  it('shows the server message when the problem is no longer applying, and refreshes', async () => {
    const msg = 'The problem is no longer waiting for examination';
    const fetchMock = stubServer({ [LIST]: json(page([PROBLEM])), [PROGRESS]: json(null, 400, msg) });
    renderPage();
    const listCalls = () => callsTo(fetchMock, LIST).length;
    await screen.findByText('Sum of two groups');
    const before = listCalls();
    await decide('Approve', 'ACM-1001');
    await waitFor(() =>
      expect(notifications.error).toHaveBeenCalledWith(expect.objectContaining({ description: msg })),
    );
    expect(toasts.success).not.toHaveBeenCalled();
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
  });

  it('tells other admins the page is not theirs and asks nothing', async () => {
    session.clear();
    signInAs(['admin']);
    const fetchMock = stubServer({ [LIST]: json(page([PROBLEM])) });
    renderPage();
    expect(await screen.findByText('Only super admins and problem admins examine group problems.')).toBeTruthy();
    expect(callsTo(fetchMock, LIST)).toHaveLength(0);
  });
});

describe('group-problem examine texts', () => {
  it('has both languages for every text, with no English in zh-CN', () => {
    for (const [key, [zh, en]] of ADMIN_GROUP_PROBLEM_TEXTS) {
      expect(en, key).not.toBe('');
      expect(zh, key).toMatch(/[\u4e00-\u9fff]/);
      expect(zh.replace(/ID/g, ''), key).not.toMatch(/[A-Za-z]/);
    }
  });
});
