import { PERMISSIONS, ROLES, type UserInfo } from '@oj/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ROUTES, flattenRoutes } from '../../app/route-table';
import { buildRoutes } from '../../app/router';
import { session } from '../../lib/auth-store';
import { renderWithProviders, setupI18n, stubServer, WEBSITE_CONFIG } from '../../test-utils';
import { ADMIN_MENU } from './admin-menu';

const signInRoot = () =>
  session.signIn('token', { uid: 'r', username: 'root', roleList: ['root'] } as unknown as UserInfo);

beforeEach(() => {
  session.clear();
  stubServer();
});

describe('Auth admin (the role x permission table, read-only)', () => {
  it('is in the menu and routed to a real screen for root', { timeout: 30000 }, async () => {
    await setupI18n('zh-CN');
    signInRoot();
    const { router } = renderWithProviders(buildRoutes(), '/admin/auth');
    const table = await screen.findByRole('table', {}, { timeout: 20000 });
    expect(router.state.location.pathname).toBe('/admin/auth');
    expect(ADMIN_MENU.find((e) => e.key === 'auth')?.path).toBe('/admin/auth');
    // Readable role names in the chosen language, never the raw codes.
    for (const name of ['超级管理员', '管理员（教师）', '题目管理员', '禁止提交、禁止发帖用户']) {
      expect(within(table).getByText(name)).toBeTruthy();
    }
    expect(within(table).queryByText('no_subimit_no_discuss_user')).toBeNull();
    expect(within(table).getByRole('columnheader', { name: '提交代码' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: '管理系统配置' })).toBeTruthy();
    // One tick per granted permission, exactly as the shared table grants them.
    const granted = ROLES.reduce((n, r) => n + r.permissions.length, 0);
    expect(within(table).getAllByLabelText('有此权限')).toHaveLength(granted);
    expect(within(table).getAllByLabelText('无此权限')).toHaveLength(ROLES.length * PERMISSIONS.length - granted);
    // The root row has every permission; the external student (1002) none.
    const rootRow = within(table).getByText('超级管理员').closest('tr') as HTMLElement;
    expect(within(rootRow).getAllByLabelText('有此权限')).toHaveLength(PERMISSIONS.length);
    const external = within(table).getByText('校外学生（不能登录）').closest('tr') as HTMLElement;
    expect(within(external).queryAllByLabelText('有此权限')).toHaveLength(0);
  });

  it('speaks English in en-US', { timeout: 30000 }, async () => {
    await setupI18n('en-US');
    signInRoot();
    renderWithProviders(buildRoutes(), '/admin/auth');
    const table = await screen.findByRole('table', {}, { timeout: 20000 });
    expect(within(table).getByText('Super admin')).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Submit code' })).toBeTruthy();
    expect(within(table).queryByText('超级管理员')).toBeNull();
    await setupI18n('zh-CN');
  });

  it('is root only: a teacher is sent to the admin login', { timeout: 30000 }, async () => {
    await setupI18n('zh-CN');
    session.signIn('token', { uid: 't', username: 'teacher', roleList: ['admin'] } as unknown as UserInfo);
    const { router } = renderWithProviders(buildRoutes(), '/admin/auth');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/admin/auth'));
  });
});

describe('unknown admin paths (any other /admin/* goes to /admin/login)', () => {
  it('sends a visitor on an unknown admin path to the admin login, not the site 404', {
    timeout: 30000,
  }, async () => {
    await setupI18n('zh-CN');
    const { router } = renderWithProviders(buildRoutes(), '/admin/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(screen.queryByText('页面未找到')).toBeNull();
  });

  it('sends a signed-in admin on an unknown admin path on to the dashboard', {
    timeout: 30000,
  }, async () => {
    await setupI18n('zh-CN');
    signInRoot();
    const other = renderWithProviders(buildRoutes(), '/admin/no/such/page');
    await waitFor(() => expect(other.router.state.location.pathname).toBe('/admin/dashboard'), { timeout: 20000 });
  });
});

describe('admin window titles (product name, then the page title)', () => {
  it('gives every admin screen a title', () => {
    const missing = flattenRoutes(ADMIN_ROUTES, '/admin')
      .filter(({ route }) => route.screen && !route.titleKey)
      .map(({ fullPath }) => fullPath);
    expect(missing).toEqual([]);
  });

  it('titles an admin page "<product name> - <page title>"', { timeout: 30000 }, async () => {
    await setupI18n('zh-CN');
    signInRoot();
    renderWithProviders(buildRoutes(), '/admin/auth');
    await waitFor(() => expect(document.title).toBe(`${WEBSITE_CONFIG.name} - 权限管理`), { timeout: 20000 });
  });
});
