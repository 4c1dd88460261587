import { expect, test } from '@playwright/test';
import { apiLogin, createUsers, signIn, USER_PASSWORD } from '../contest-helpers';
import { ROOT_PASSWORD } from '../env';

// Line 5 names a variable that was never declared.
const BROKEN = `#include <iostream>
int main() {
  long long a, b;
  std::cin >> a >> b;
  std::cout << a + total << "\\n";
  return 0;
}
`;

// Compiler errors on the right line (decision 0053): the real judge compiles, the editor marks the line, the
// submission page lists the message and takes the reader to it.
test("a student's compile error marks its line in the editor and is listed, linked to the code, on its page", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const username = `diag${Date.now().toString(36)}`;
  await createUsers(request, await apiLogin(request, 'root', ROOT_PASSWORD), [username]);
  await signIn(page, username, USER_PASSWORD);

  await page.goto('/problem/1000');
  const editor = page.getByRole('textbox', { name: '代码编辑器' });
  await editor.fill(BROKEN);
  await page.getByRole('button', { name: /提交$/ }).click();
  const banner = page.getByRole('status', { name: '评测' });
  await expect(banner.getByText('编译错误')).toBeVisible({ timeout: 90_000 });

  // The undeclared name is marked: pointing at it tells what the compiler said.
  const said = page.getByRole('region', { name: '代码编辑器' }).getByText(/‘total’ was not declared in this scope/);
  await expect(said).toBeHidden();
  await editor.getByText('total', { exact: true }).hover();
  await expect(said).toBeVisible();

  await banner.getByRole('link', { name: '查看详情' }).click();
  const list = page.getByRole('list', { name: '编译器指出的问题' });
  const item = list.getByRole('listitem').filter({ hasText: '‘total’ was not declared' });
  await expect(item.getByText('错误', { exact: true })).toBeVisible();
  await item.getByRole('button', { name: /^main\.cpp:5:\d+$/ }).click();
  // The code view takes the reader (and the keyboard) to that line.
  await expect(page.getByRole('textbox', { name: '代码', exact: true })).toBeFocused();
});
