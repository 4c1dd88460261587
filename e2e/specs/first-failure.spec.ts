import { expect, test } from '@playwright/test';
import { admin, apiLogin, createUsers, signIn, USER_PASSWORD } from '../contest-helpers';
import { ROOT_PASSWORD } from '../env';

// A Python3 A+B that ends every line with a space: Presentation Error on a problem that compares exactly.
const TRAILING_SPACE =
  'import sys\nd = list(map(int, sys.stdin.read().split()))\nfor i in range(0, len(d) - 1, 2):\n    print(d[i] + d[i + 1], end=" \\n")\n';

test('a student whose output ends its lines with a space sees why, with the space made visible beside the expected output', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const root = await apiLogin(request, 'root', ROOT_PASSWORD);
  const student = `ff${stamp}`;
  await createUsers(request, root, [student]);
  // A problem that compares exactly and opens its first failing case.
  const made = await request.post('/api/admin/problem', {
    headers: admin(root),
    data: {
      problem: {
        title: `Exact sum ${stamp}`,
        description: 'Print the sum of each pair.',
        input: 'Pairs of integers.',
        output: 'Their sums.',
        auth: 1,
        type: 0,
        isRemoveEndBlank: false,
        showFirstFailure: true,
      },
      samples: [{ input: '5 6\n7 8\n', output: '11\n15\n' }],
      isUploadTestCase: false,
      languages: [{ name: 'Python3' }],
      tags: [],
      codeTemplates: [],
    },
  });
  expect(made.ok(), await made.text()).toBeTruthy();
  const { problemId } = (await made.json()).data as { problemId: string };

  await signIn(page, student, USER_PASSWORD);
  await page.goto(`/problem/${problemId}`);
  const languageBox = page.getByRole('combobox', { name: '语言' });
  await languageBox.fill('Python3');
  await languageBox.press('Enter');
  await page.getByRole('textbox', { name: '代码编辑器' }).fill(TRAILING_SPACE);
  await page.getByRole('button', { name: /提交$/ }).click();
  const banner = page.getByRole('status', { name: '评测' });
  await expect(banner.getByText('格式错误')).toBeVisible({ timeout: 90_000 });
  await banner.getByRole('link', { name: '查看详情' }).click();

  await expect(page.getByText('首个未通过的测试点：#1')).toBeVisible();
  await expect(page.getByText('第 1 行末尾有多余的空格')).toBeVisible();
  const expected = page.getByRole('figure', { name: /期望输出/ });
  const yours = page.getByRole('figure', { name: /你的输出/ });
  await expect(expected.getByText('11↵', { exact: true })).toBeVisible();
  // The trailing space is shown as a dot, and the line is marked as the one that differs.
  await expect(yours.locator('.oj-diff__line--output').first()).toHaveText('11·↵');
  await expect(page.getByText('5 6', { exact: false })).toBeVisible();
});
