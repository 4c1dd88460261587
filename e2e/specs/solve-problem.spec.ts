import { expect, type Page, test } from '@playwright/test';
import { ROOT_PASSWORD } from '../env';

const nav = (page: Page) => page.getByRole('navigation', { name: '菜单' });

const CPP_SOLUTION = `#include <iostream>
int main() {
  long long a, b;
  while (std::cin >> a >> b) std::cout << a + b << "\\n";
  return 0;
}
`;
const WRONG_PYTHON = 'print(0)\n';

// Root is exempt from the per-user submit interval, so the second submit is not refused; the journey also waits
// for each verdict before the next submit, as a user would.
test('a student finds A+B by tag, test-runs and submits C++ (Accepted), then a wrong Python3 (Wrong Answer), and finds both in the status list and the rank', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // The content security policy the server sends (decision 0033) must let the whole journey run: the home page, a
  // statement rendered by KaTeX, the code editor, the test run and the verdicts. Chromium reports every blocked
  // script, style, image, font or request on the console.
  const cspViolations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(`${page.url()}: ${m.text()}`);
  });
  const home = await page.goto('/home');
  expect(home?.headers()['content-security-policy']).toContain("script-src 'self'");
  await nav(page).getByRole('button', { name: '登录' }).click();
  const dialog = page.getByRole('dialog', { name: 'OJ' });
  await dialog.getByLabel('用户名').fill('root');
  await dialog.getByLabel('密码').fill(ROOT_PASSWORD);
  await dialog.getByRole('button', { name: '登录' }).click();
  await expect(dialog).toBeHidden();

  await nav(page).getByRole('menuitem', { name: '题目' }).click();
  await expect(page).toHaveURL(/\/problem$/);
  await expect(page.getByRole('heading', { name: '题目列表' })).toBeVisible();

  // Filter by the tag of A+B: the tag id lands in the page URL as a JSON array.
  await page.getByRole('button', { name: '显示标签' }).click();
  await page.getByRole('checkbox', { name: '入门' }).click();
  await expect(page).toHaveURL(/tagId=%5B\d+%5D/);
  const row = page.getByRole('row').filter({ hasText: 'A+B Problem' });
  await expect(row).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Sort' })).toHaveCount(0);
  await row.getByRole('link', { name: 'A+B Problem' }).click();

  await expect(page).toHaveURL(/\/problem\/1000$/);
  await expect(page.getByRole('heading', { name: '1000 A+B Problem' })).toBeVisible();
  // The statement's math is rendered by KaTeX, not shown as "$a+b$".
  await expect(page.getByRole('article').getByText('$a+b$')).toHaveCount(0);

  const editor = page.getByRole('textbox', { name: '代码编辑器' });
  await editor.fill(CPP_SOLUTION);

  // Test run with custom input.
  await page.getByRole('button', { name: '在线自测' }).click();
  const drawer = page.getByRole('dialog', { name: '在线自测' });
  await drawer.getByRole('textbox', { name: '自测输入' }).fill('20 22\n');
  await drawer.getByRole('textbox', { name: '期望输出' }).fill('42\n');
  await drawer.getByRole('button', { name: '运行自测' }).click();
  const output = drawer.getByRole('region', { name: '运行输出' });
  await expect(output.getByText('答案正确')).toBeVisible({ timeout: 60_000 });
  await expect(output.getByText('42', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // Submit: the verdict arrives in the banner without a reload.
  await page.getByRole('button', { name: /提交$/ }).click();
  const banner = page.getByRole('status', { name: '评测' });
  await expect(banner.getByText('答案正确')).toBeVisible({ timeout: 90_000 });
  await expect(banner.getByText('你已经解决了该题目')).toBeVisible();

  // A wrong Python3 solution.
  const languageBox = page.getByRole('combobox', { name: '语言' });
  await languageBox.fill('Python3');
  await languageBox.press('Enter');
  await expect(page.getByRole('region', { name: '代码编辑器' }).getByTitle('Python3', { exact: true })).toBeVisible();
  await editor.fill(WRONG_PYTHON);
  await page.getByRole('button', { name: /提交$/ }).click();
  await expect(banner.getByText('答案错误')).toBeVisible({ timeout: 90_000 });

  // Its detail shows the per-case table.
  await banner.getByRole('link', { name: '查看详情' }).click();
  await expect(page).toHaveURL(/\/submission-detail\/\d+$/);
  await expect(page.getByRole('heading', { name: '测试点详情' })).toBeVisible();
  const caseRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: '#1', exact: true }) });
  await expect(caseRow.getByText('答案错误')).toBeVisible();
  await expect(page.getByText('Python3', { exact: true })).toBeVisible();

  // Both submissions are in the status list.
  await nav(page).getByRole('menuitem', { name: '评测' }).click();
  await expect(page).toHaveURL(/\/status$/);
  // Root lists everyone's: root's own rows (other journeys solve A+B too).
  const rows = page
    .getByRole('row')
    .filter({ hasText: 'A+B Problem' })
    .filter({ has: page.getByRole('link', { name: 'root', exact: true }) });
  await expect(rows.filter({ hasText: '答案正确' })).toHaveCount(1);
  await expect(rows.filter({ hasText: '答案错误' })).toHaveCount(1);

  // The rank page shows the user; its AC count leads to the accepted submissions.
  await page.goto('/acm-rank');
  const rankRow = page.getByRole('row').filter({ hasText: 'root' });
  await expect(rankRow).toBeVisible();
  await rankRow.getByRole('link', { name: 'root AC' }).click();
  await expect(page).toHaveURL(/\/status\?username=root&status=0$/);
  await expect(page.getByRole('row').filter({ hasText: '答案错误' })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: '答案正确' })).toHaveCount(1);
  expect(cspViolations).toEqual([]);
});
