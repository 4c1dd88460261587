import { AUDIT_ACTION_NAMES, audit, ROLE_NAMES, ROLES, type UserInfo } from '@oj/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../lib/auth-store';
import { adminUserRow } from '../../test-fixtures';
import { renderWithProviders, setupI18n, stubServer } from '../../test-utils';
import AdminContestEditPage from './contest/admin-contest-edit-page';
import AdminDashboardPage from './judge/admin-dashboard-page';
import AdminTagPage from './problem/admin-tag-page';
import { defaultProblemLanguages } from './problem/problem-form-model';
import AdminAuditPage from './site/admin-audit-page';
import AdminUserPage from './user/admin-user-page';

const json = (data: unknown) => () =>
  new Response(JSON.stringify({ status: 200, msg: 'success', data }), {
    headers: { 'Content-Type': 'application/json' },
  });
const page = (records: unknown[]) => json({ records, total: records.length, size: 20, current: 1 });
const at = (path: string, element: React.ReactNode) => renderWithProviders([{ path, element }], path);
const slow = { timeout: 30000 };

beforeEach(() => {
  session.clear();
  session.signIn('token', { uid: 'r', username: 'root', roleList: ['root'] } as unknown as UserInfo);
});

describe('readable names in the admin area (both languages)', () => {
  it('names every audit action the server records, in the table and the filter', slow, async () => {
    for (const a of audit.AUDIT_ACTIONS) {
      expect(AUDIT_ACTION_NAMES[a]['zh-CN']).toBeTruthy();
      expect(AUDIT_ACTION_NAMES[a]['en-US']).toBeTruthy();
    }
    await setupI18n('zh-CN');
    stubServer({
      '/api/admin/audit-log': page([
        {
          id: 1,
          action: 'userImport',
          uid: 'r',
          username: 'root',
          targetType: 'user',
          targetId: '3',
          detail: { created: 3 },
          ip: '127.0.0.1',
          gmtCreate: '2026-03-01T08:00:00.000Z',
        },
      ]),
    });
    at('/admin/audit', <AdminAuditPage />);
    expect(await screen.findByText('批量导入用户', {}, { timeout: 20000 })).toBeTruthy();
    expect(screen.queryByText('userImport')).toBeNull();
  });

  it('shows role names, not codes, in the user table and the role picker', { timeout: 90000 }, async () => {
    await setupI18n('en-US');
    stubServer({
      '/api/admin/user/get-user-list': page([
        adminUserRow({
          uid: 'u6',
          username: 'quiet',
          gmtCreate: '2026-03-01T08:00:00.000Z',
          gmtModified: '2026-03-01T08:00:00.000Z',
          roles: [{ id: 1006, role: 'no_subimit_no_discuss_user', description: '' }],
        }),
      ]),
      '/api/admin/user/registrations': page([]),
    });
    at('/admin/user', <AdminUserPage />);
    const name = ROLE_NAMES.no_subimit_no_discuss_user['en-US'];
    expect(await screen.findByText(name, {}, { timeout: 20000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit quiet' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 20000 });
    expect(within(dialog).getByText(name)).toBeTruthy();
    expect(screen.queryByText(/no_subimit_no_discuss_user/)).toBeNull();
    expect(screen.queryByText(/1006/)).toBeNull();
    for (const r of ROLES) expect(ROLE_NAMES[r.name]['zh-CN']).not.toMatch(/[a-z_]{4}/);
    await setupI18n('zh-CN');
  });

  it('names the site own tag bank as the problem list does (本站), never "ME"', slow, async () => {
    await setupI18n('zh-CN');
    stubServer({
      '/api/get-problem-tags-and-classification': json([]),
      '/api/admin/tag/classification': json([]),
    });
    at('/admin/problem/tag', <AdminTagPage />);
    const bank = await screen.findByLabelText('题库', {}, { timeout: 20000 });
    const select = bank.closest('.ant-select') as HTMLElement;
    await waitFor(() => expect(within(select).getByText('本站')).toBeTruthy());
    expect(within(select).queryByText('ME')).toBeNull();
  });

  it('labels the contest description once, as the contest description', slow, async () => {
    await setupI18n('zh-CN');
    stubServer();
    at('/admin/contest/create', <AdminContestEditPage />);
    await screen.findByLabelText('比赛标题', {}, { timeout: 20000 });
    expect(screen.getAllByText('比赛描述')).toHaveLength(1);
    expect(screen.queryByText('题目描述')).toBeNull();
    expect(screen.queryByText('username')).toBeNull();
  });
});

/** The dashboard's answer with a worker that judges locally and on HDU and AtCoder, and a local-only one. */
const dashboardWithJudges = () =>
  stubServer({
    '/api/admin/dashboard/get-dashboard-info': json({
      userNum: 1,
      recentContestNum: 0,
      recentContests: [],
      todayJudgeNum: 0,
      judges: [
        {
          name: 'vm-1',
          languages: ['C', 'C++', 'Java'],
          remote: ['HDU', 'AC'],
          concurrency: 2,
          running: 0,
          version: null,
          lastHeartbeat: '2026-03-01T08:00:00.000Z',
          alive: true,
        },
        {
          name: 'vm-2',
          languages: ['Python3'],
          remote: [],
          concurrency: 4,
          running: 1,
          version: null,
          lastHeartbeat: '2026-03-01T08:00:00.000Z',
          alive: true,
        },
      ],
      languagesWithoutJudge: [],
      judgeToken: null,
      queue: [],
    }),
  });

describe('the dashboard judge table', () => {
  it('keeps short cells on one line and scrolls inside its card at phone width', slow, async () => {
    await setupI18n('zh-CN');
    dashboardWithJudges();
    at('/admin/dashboard', <AdminDashboardPage />);
    const load = await screen.findByText('0 / 2', {}, { timeout: 20000 });
    expect(load.style.whiteSpace).toBe('nowrap');
    const table = load.closest('table') as HTMLTableElement;
    // antd's scroll={{ x: 'max-content' }}: the table takes its content's width inside a scrolling box.
    expect(table.style.width).toBe('max-content');
  });

  it.each([
    ['zh-CN', '远程评测平台'],
    ['en-US', 'Remote judges'],
  ] as const)('names the remote judges each worker judges on (%s)', slow, async (lng, header) => {
    await setupI18n(lng);
    dashboardWithJudges();
    at('/admin/dashboard', <AdminDashboardPage />);
    const row = (await screen.findByText('vm-1', {}, { timeout: 20000 })).closest('tr') as HTMLTableRowElement;
    const table = row.closest('table') as HTMLTableElement;
    const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent);
    const column = headers.indexOf(header);
    expect(column).toBeGreaterThan(0);
    const cell = (tr: Element) => tr.querySelectorAll('td')[column];
    // The sites' own names, as the import dialog and the home logos show them.
    expect([...cell(row).querySelectorAll('.ant-tag')].map((tag) => tag.textContent)).toEqual(['HDU', 'AtCoder']);
    const localOnly = screen.getByText('vm-2').closest('tr') as HTMLTableRowElement;
    expect(cell(localOnly).textContent).toBe('-');
  });
});

describe('a new problem ticks the languages the judges offer', () => {
  const known = ['C', 'C++', 'Java', 'Python3', 'Python2', 'Rust'];
  it('ticks what the judges offer, in the site order', () => {
    expect(defaultProblemLanguages(known, ['Rust', 'C', 'Python3'])).toEqual(['C', 'Python3', 'Rust']);
    expect(defaultProblemLanguages(known, ['C', 'Python3'])).not.toContain('Python2');
  });
  it('keeps a language a judge declared that the site does not know, and ticks all while no judge declared any', () => {
    expect(defaultProblemLanguages(known, ['C', 'Kotlin'])).toEqual(['C', 'Kotlin']);
    expect(defaultProblemLanguages(known, [])).toEqual(known);
  });
});
