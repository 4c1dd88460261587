import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiLogin, createUsers } from '../contest-helpers';
import { ROOT_PASSWORD } from '../env';
import { storedZip } from '../zip';

// Right on small sums only: the first case (1 2) passes, the second (50 50) fails.
const HALF_RIGHT = `#include <iostream>
int main() {
  long long a, b;
  std::cin >> a >> b;
  std::cout << (a + b < 10 ? a + b : 0) << "\\n";
  return 0;
}
`;

test('an admin creates an OI problem with a formula and a test-data zip, a student earns partial points, and the problem is exported and imported back as a new one', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const title = `Sum with scores ${Date.now()}`;

  await page.goto('/admin/login');
  await page.getByLabel('用户名').fill('root');
  await page.getByLabel('密码').fill(ROOT_PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: '评测机', exact: true })).toBeVisible();
  // Root sees the judge token of the embedded worker.
  await expect(page.getByRole('heading', { name: '评测机令牌' })).toBeVisible();

  await page.getByRole('link', { name: '创建题目' }).click();
  await expect(page).toHaveURL(/\/admin\/problem\/create$/);
  await page.getByRole('textbox', { name: '题目标题' }).fill(title);
  await page.getByRole('textbox', { name: '题目描述', exact: true }).fill('Print the sum $a+b$ of two integers.');
  await page.getByRole('textbox', { name: '输入描述', exact: true }).fill('Two integers $a$ and $b$.');
  await page.getByRole('textbox', { name: '输出描述', exact: true }).fill('Their sum.');
  await page.getByRole('radio', { name: 'OI' }).check();

  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: '上传 zip' }).click(),
  ]);
  await chooser.setFiles({
    name: 'tests.zip',
    mimeType: 'application/zip',
    buffer: storedZip({ '1.in': '1 2\n', '1.out': '3\n', '2.in': '50 50\n', '2.out': '100\n' }),
  });
  // Two cases: 100 points spread as 50 + 50, then set by hand to 30 + 70.
  await expect(page.getByRole('cell', { name: '2.in' })).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: '分数 2' })).toHaveValue('50');
  await page.getByRole('spinbutton', { name: '分数 1' }).fill('30');
  await page.getByRole('spinbutton', { name: '分数 2' }).fill('70');
  await expect(page.getByText('满分: 100')).toBeVisible();
  await page.getByRole('button', { name: '保存' }).click();

  await expect(page).toHaveURL(/\/admin\/problems$/);
  const link = page.getByRole('link', { name: title });
  await expect(link).toBeVisible();
  const pid = Number((await link.getAttribute('href'))?.split('/').pop());
  const problemId = `P${pid}`;

  // A student (created through the user administration API) solves it half: the first case (30 points) passes,
  // the second does not, and the embedded judge says so.
  const rootToken = await apiLogin(page.request, 'root', ROOT_PASSWORD);
  const student = `stu${Date.now() % 1_000_000}`;
  await createUsers(page.request, rootToken, [student], 'student-pass1');

  const studentContext = await browser.newContext();
  const studentPage = await studentContext.newPage();
  await studentPage.goto('/home');
  await studentPage.getByRole('navigation', { name: '菜单' }).getByRole('button', { name: '登录' }).click();
  const dialog = studentPage.getByRole('dialog', { name: 'OJ' });
  await dialog.getByLabel('用户名').fill(student);
  await dialog.getByLabel('密码').fill('student-pass1');
  await dialog.getByRole('button', { name: '登录' }).click();
  await expect(dialog).toBeHidden();
  await studentPage.goto(`/problem/${problemId}`);
  await expect(studentPage.getByRole('heading', { name: `${problemId} ${title}` })).toBeVisible();
  // The statement's formula is rendered by KaTeX, not shown as "$a+b$".
  await expect(studentPage.getByRole('article').getByText('$a+b$')).toHaveCount(0);
  await studentPage.getByRole('textbox', { name: '代码编辑器' }).fill(HALF_RIGHT);
  await studentPage.getByRole('button', { name: '提交' }).click();
  const banner = studentPage.getByRole('status', { name: '评测' });
  await expect(banner.getByText('部分正确')).toBeVisible({ timeout: 120_000 });
  await banner.getByRole('link', { name: '查看详情' }).click();
  await expect(studentPage).toHaveURL(/\/submission-detail\/\d+$/);
  await expect(studentPage.getByText('30', { exact: true }).first()).toBeVisible();
  await studentContext.close();

  // Export it, then import the zip back: a new problem, its display id renamed because the old one is taken.
  await page.goto('/admin/problem/batch-operation');
  await page.getByRole('searchbox', { name: '搜索题目ID、标题或作者' }).fill(problemId);
  await page.getByRole('searchbox', { name: '搜索题目ID、标题或作者' }).press('Enter');
  await page.getByRole('checkbox', { name: `导出 ${problemId}` }).check();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: '导出' }).click(),
  ]);
  const zipPath = test.info().outputPath('export.zip');
  await download.saveAs(zipPath);
  expect(fs.statSync(zipPath).size).toBeGreaterThan(100);

  const [importChooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: '选择 zip 文件' }).click(),
  ]);
  await importChooser.setFiles(zipPath);
  await expect(page.getByText(`原展示ID已被占用：${problemId}`)).toBeVisible();
  const copy = page.getByRole('link', { name: new RegExp(`^P\\d+ ${title}$`) });
  await expect(copy).toBeVisible();
  await copy.click();
  await expect(page).toHaveURL(/\/admin\/problem\/edit\/\d+$/);
  await expect(page.getByRole('textbox', { name: '题目标题' })).toHaveValue(title);
  await expect(page.getByRole('spinbutton', { name: '分数 2' })).toHaveValue('70');
});
