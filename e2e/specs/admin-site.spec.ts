import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { apiLogin } from '../contest-helpers';
import { ROOT_PASSWORD } from '../env';

const adminLogin = async (page: Page) => {
  await page.goto('/admin/login');
  await page.getByLabel('用户名').fill('root');
  await page.getByLabel('密码').fill(ROOT_PASSWORD);
  await page.getByRole('button', { name: /登\s?录/ }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
};

// Later journeys expect the seeded short name in the login dialog's title: put it back whatever happened here.
test.afterAll(async ({ request }) => {
  const token = await apiLogin(request, 'root', ROOT_PASSWORD);
  await request.put('/api/admin/config/set-web-config', {
    data: { shortName: 'OJ' },
    headers: { authorization: token },
  });
});

test('root generates ten accounts, downloads their list once, and one of them signs in', async ({ page }) => {
  await adminLogin(page);
  await page.getByRole('link', { name: '用户管理' }).click();
  await expect(page).toHaveURL(/\/admin\/user$/);

  await page.getByLabel('前缀').fill('e2e');
  await page.getByLabel('后缀').fill('s');
  await page.getByLabel('起始编号').fill('1');
  await page.getByLabel('结束编号').fill('10');
  await page.getByRole('button', { name: /^生\s?成$/ }).click();
  // Ten real password hashes (at the lowest cost here, playwright.config.ts) while the whole suite shares the two
  // cores: this waits longer than the default.
  await expect(page.getByText('已生成 10 个账号')).toBeVisible({ timeout: 60_000 });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: '下载账号密码列表' }).click(),
  ]);
  const csv = fs.readFileSync((await download.path()) as string, 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe('username,password');
  expect(lines).toHaveLength(11);
  // The list is gone from the server once downloaded: the page says so instead of offering it again.
  await expect(page.getByText('列表已下载，无法再次下载')).toBeVisible();
  await expect(page.getByRole('button', { name: '下载账号密码列表' })).toHaveCount(0);

  const [username, password] = lines[7].split(',');
  expect(username).toBe('e2e7s');
  await expect(page.getByRole('cell', { name: 'e2e7s', exact: true })).toBeVisible();
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);

  await page.goto('/home');
  await page
    .getByRole('navigation', { name: '菜单' })
    .getByRole('button', { name: /登\s?录/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'OJ' });
  await dialog.getByLabel('用户名').fill(username);
  await dialog.getByLabel('密码').fill(password);
  await dialog.getByRole('button', { name: /登\s?录/ }).click();
  await expect(page.getByText('欢迎回来')).toBeVisible();
  await expect(page.getByRole('navigation', { name: '菜单' }).getByRole('button', { name: username })).toBeVisible();
});

test("root changes the short name and the login dialog's title shows it", async ({ page }) => {
  await adminLogin(page);
  await page.getByRole('link', { name: '系统配置' }).click();
  await expect(page).toHaveURL(/\/admin\/conf$/);
  const shortName = page.getByLabel('网站简称');
  await expect(shortName).toHaveValue('OJ');
  await shortName.fill('XJOJ');
  await shortName.press('Enter');
  await expect(page.getByText('修改成功')).toBeVisible();
  await page.getByRole('button', { name: '退出登录' }).click();
  // Signed out once the admin login shows: leaving earlier would load the site with the old, now refused session,
  // whose 401 opens the login dialog by itself.
  await expect(page).toHaveURL(/\/admin\/login$/);

  await page.goto('/home');
  await page
    .getByRole('navigation', { name: '菜单' })
    .getByRole('button', { name: /登\s?录/ })
    .click();
  await expect(page.getByRole('dialog', { name: 'XJOJ' })).toBeVisible();
});
