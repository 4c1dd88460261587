import { expect, test } from '@playwright/test';
import { admin, apiLogin, createUsers, signIn, USER_PASSWORD } from '../contest-helpers';
import { ROOT_PASSWORD } from '../env';
import { storedZip } from '../zip';

// A missing control fails fast instead of eating the whole journey's time.
test.use({ actionTimeout: 20_000, navigationTimeout: 20_000 });

const stamp = Date.now().toString(36).slice(-5);
const TEACHER = `pt${stamp}`;
const STUDENT = `ps${stamp}`;
const SHORT = `cls${stamp}`;
const TITLE = `Class sum ${stamp}`;

const A_PLUS_B = `#include <iostream>
int main() {
  long long a, b;
  std::cin >> a >> b;
  std::cout << a + b << "\\n";
  return 0;
}
`;

test("a teacher writes a group problem with test data; a member solves it, seen in the group's rank and submissions but not in the bank or the member's solved count; root approves its publication and it joins the bank with its data", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const root = await apiLogin(request, 'root', ROOT_PASSWORD);
  await createUsers(request, root, [TEACHER, STUDENT]);
  const teacher = await apiLogin(request, TEACHER, USER_PASSWORD);
  const student = await apiLogin(request, STUDENT, USER_PASSWORD);
  // The teacher's class (ordinary users create groups as the switches allow; root lifts the AC threshold here).
  await request.put('/api/admin/switch/update', {
    headers: admin(root),
    data: { defaultCreateGroupACInitValue: 0, defaultCreateGroupDailyLimit: 0 },
  });
  const group = await request.post('/api/group', {
    headers: { Authorization: teacher },
    data: { name: `Class ${stamp} 8C`, shortName: SHORT, brief: 'Grade 8 C++', description: 'Our class.', auth: 1 },
  });
  const gid = (await group.json()).data.id as number;
  const joined = await request.post(`/api/group/member?gid=${gid}`, { headers: { Authorization: student } });
  expect((await joined.json()).data.auth).toBe(3);

  // The teacher writes the problem in the group's admin mode, with a test-data zip.
  await signIn(page, TEACHER, USER_PASSWORD);
  await page.goto(`/group/${gid}/problem?mode=admin`);
  await page.getByRole('button', { name: '创建题目' }).click();
  await expect(page).toHaveURL(new RegExp(`/group/${gid}/problem/create$`));
  await page.getByRole('textbox', { name: '题目标题' }).fill(TITLE);
  // "Description" still has two Chinese texts depending on which page loaded first (the locale namespaces each page
  // loads).
  await page.getByRole('textbox', { name: /^(题目)?描述$/ }).fill('Print the sum of two integers.');
  await page.getByRole('textbox', { name: '输入描述', exact: true }).fill('Two integers.');
  await page.getByRole('textbox', { name: '输出描述', exact: true }).fill('Their sum.');
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: '上传 zip' }).click(),
  ]);
  await chooser.setFiles({
    name: 'tests.zip',
    mimeType: 'application/zip',
    buffer: storedZip({ '1.in': '1 2\n', '1.out': '3\n', '2.in': '50 50\n', '2.out': '100\n' }),
  });
  await expect(page.getByRole('cell', { name: '2.in' })).toBeVisible();
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(new RegExp(`/group/${gid}/problem\\?mode=admin$`));
  await expect(page.getByText(TITLE)).toBeVisible();
  const list = await request.get(`/api/group/get-admin-problem-list?gid=${gid}`, {
    headers: { Authorization: teacher },
  });
  const problemId = (await list.json()).data.records[0].problemId as string;
  expect(problemId.startsWith(SHORT)).toBe(true);

  // The member solves it from the group's problem page.
  const member = await (await browser.newContext()).newPage();
  await signIn(member, STUDENT, USER_PASSWORD);
  await member.goto(`/group/${gid}/problem`);
  await member.getByRole('link', { name: TITLE }).click();
  await expect(member).toHaveURL(new RegExp(`/group/${gid}/problem/${problemId}$`));
  await member.getByRole('textbox', { name: '代码编辑器' }).fill(A_PLUS_B);
  await member.getByRole('button', { name: '提交' }).click();
  await expect(member.getByRole('status', { name: '评测' }).getByText('答案正确')).toBeVisible({ timeout: 120_000 });

  // In the group's rank and submissions; not in the bank nor in the member's solved count.
  await member.goto(`/group/${gid}/rank`);
  await expect(member.getByRole('row', { name: new RegExp(STUDENT) })).toContainText('100.00%');
  await member.goto(`/group/${gid}/status`);
  await expect(member.getByRole('cell', { name: problemId }).first()).toBeVisible();
  const bank = await request.get(`/api/get-problem-list?keyword=${encodeURIComponent(TITLE)}`);
  expect((await bank.json()).data.total).toBe(0);
  const home = await request.get(`/api/get-user-home-info?username=${STUDENT}`);
  expect((await home.json()).data.solvedList).toEqual([]);

  // The teacher applies for publication; root approves it on the examine page.
  await page.reload();
  await page.getByRole('button', { name: `申请公开 ${problemId}` }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('申请中')).toBeVisible();
  await page.goto('/admin/login');
  await page.getByLabel('用户名').fill('root');
  await page.getByLabel('密码').fill(ROOT_PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/group-problem/apply');
  await page.getByRole('button', { name: `通过 ${problemId}` }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('button', { name: `通过 ${problemId}` })).toHaveCount(0);

  // In the bank now, for everyone, with its data.
  const detail = await request.get(`/api/get-problem-detail?problemId=${problemId}`);
  expect((await detail.json()).data.problem.title).toBe(TITLE);
  const pid = (await detail.json()).data.problem.id as number;
  const cases = await request.get(`/api/admin/problem/get-problem-cases?pid=${pid}`, { headers: admin(root) });
  expect((await cases.json()).data).toHaveLength(2);
});
