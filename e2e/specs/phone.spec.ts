import { expect, test } from '@playwright/test';
import { apiLogin, createUsers, signIn, USER_PASSWORD } from '../contest-helpers';
import { ROOT_PASSWORD } from '../env';

const CPP_SOLUTION = `#include <iostream>
int main() {
  long long a, b;
  while (std::cin >> a >> b) std::cout << a + b << "\\n";
  return 0;
}
`;

// A phone's width (components/responsive-table.tsx: the key columns in the row, the rest in its details).
test.use({ viewport: { width: 390, height: 844 } });

test('a student on a phone submits A+B and reads the verdict and the problem in the status list without scrolling sideways', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const student = `phone${Date.now().toString(36).slice(-6)}`;
  await createUsers(request, await apiLogin(request, 'root', ROOT_PASSWORD), [student]);
  await signIn(page, student, USER_PASSWORD);

  await page.goto('/problem/1000');
  await expect(page.getByRole('heading', { name: '1000 A+B Problem' })).toBeVisible();
  await page.getByRole('textbox', { name: '代码编辑器' }).fill(CPP_SOLUTION);
  await page.getByRole('button', { name: /提交$/ }).click();
  await expect(page.getByRole('status', { name: '评测' }).getByText('答案正确')).toBeVisible({ timeout: 90_000 });

  await page.goto(`/status?username=${student}`);
  const row = page.getByRole('row').filter({ hasText: 'A+B Problem' });
  await expect(row).toHaveCount(1);
  // The verdict and the problem are in the row, in sight; the author waits in the row's details.
  const verdict = row.getByText('答案正确');
  await expect(verdict).toBeInViewport();
  await expect(row.getByRole('link', { name: /A\+B Problem/ })).toBeInViewport();
  await expect(row.getByRole('link', { name: student })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await row.getByRole('button', { name: /展开/ }).click();
  const details = page.locator('.oj-row-details');
  await expect(details.getByRole('link', { name: student })).toBeVisible();
});
