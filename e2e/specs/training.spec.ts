import { expect, type Page, test } from '@playwright/test';
import { A_PLUS_B, apiLogin, createUsers, signIn, USER_PASSWORD } from '../contest-helpers';
import { ROOT_PASSWORD } from '../env';

// A missing control fails fast instead of eating the whole journey's time.
test.use({ actionTimeout: 20_000, navigationTimeout: 20_000 });

const PASSWORD = 'training-pass1';
const stamp = Date.now().toString(36).slice(-5);
const STUDENT = `ts${stamp}`;
const CATEGORY = `分类${stamp}`;
const TITLE = `E2E Training ${stamp}`;

/** The embedded judge declares its languages once its probes have run in the sandbox: the student's Python3
 * submit waits for them, as contest-helpers' addSampleProblems does. */
const waitForPython3 = async (page: Page, problemId: string) => {
  const detail = await page.request.get(`/api/get-problem-detail?problemId=${problemId}`);
  const pid = (await detail.json()).data.problem.id as number;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/get-problem-languages?pid=${pid}`);
        return ((await res.json()).data as { name: string }[]).map((l) => l.name);
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toContain('Python3');
};

const trainingRow = (page: Page) => page.getByRole('row').filter({ hasText: TITLE });

test('an admin builds a private training from the public bank; a student joins with its password, solves A+B and finds the progress, the rank and the submission', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const token = await apiLogin(request, 'root', ROOT_PASSWORD);
  // The student's first submit must not wait for the site's submit interval (its own tests cover it).
  const interval = await request.put('/api/admin/switch/update', {
    headers: { Authorization: token, 'Url-Type': 'admin' },
    data: { defaultSubmitInterval: 0 },
  });
  expect(interval.ok()).toBeTruthy();
  // The student comes from the admin's batch import.
  await createUsers(request, token, [STUDENT]);

  // Root adds a training category…
  await signIn(page, 'root', ROOT_PASSWORD);
  await page.goto('/admin/training/category');
  await page.getByRole('button', { name: '添加分类' }).click();
  await page.getByRole('textbox', { name: '分类名称' }).fill(CATEGORY);
  await page.getByRole('button', { name: /保\s?存/ }).click();
  await expect(page.getByText('添加成功')).toBeVisible();
  await expect(page.getByRole('button', { name: `编辑 ${CATEGORY}` })).toBeVisible();

  // …then a private training with a password in it, and lands on its problems.
  await page.goto('/admin/training/create');
  await page.getByLabel('训练标题', { exact: true }).fill(TITLE);
  await page.getByRole('textbox', { name: '训练描述' }).fill('Two problems to warm up.');
  await page.getByRole('radio', { name: '私有' }).check();
  await page.getByLabel('训练密码').fill(PASSWORD);
  await page.getByRole('combobox', { name: '训练分类' }).click();
  await page.getByTitle(CATEGORY, { exact: true }).click();
  await page.getByRole('button', { name: /保\s?存/ }).click();
  await expect(page).toHaveURL(/\/admin\/training\/\d+\/problems$/);
  const tid = Number(/training\/(\d+)\/problems/.exec(page.url())?.[1]);
  await expect(page.getByText('该训练还没有题目')).toBeVisible();

  // Two problems from the public bank: A+B (1000) and Sort (1004), each under its own problem id.
  for (const problemId of ['1000', '1004']) {
    await page.getByRole('button', { name: '从公共题库添加' }).click();
    const dialog = page.getByRole('dialog', { name: '从公共题库添加' });
    const search = dialog.getByRole('searchbox', { name: '搜索题目 ID 或标题' });
    await search.fill(problemId);
    await search.press('Enter');
    await dialog.getByRole('button', { name: `添加 ${problemId}` }).click();
    await expect(dialog.getByLabel(/展示\s?ID/)).toHaveValue(problemId);
    await dialog.getByRole('button', { name: /添\s?加/ }).click();
    await expect(search).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('textbox', { name: `展示 ID ${problemId}` })).toHaveValue(problemId);
  }
  for (const problemId of ['1000', '1004']) await waitForPython3(page, problemId);

  // The student finds the training locked on the list and opens it.
  const context = await browser.newContext();
  const student = await context.newPage();
  await signIn(student, STUDENT, USER_PASSWORD);
  await student.goto('/training');
  await expect(student.getByRole('heading', { name: '训练列表' })).toBeVisible();
  const row = trainingRow(student);
  await expect(row.getByText('私有')).toBeVisible();
  await expect(row.getByRole('img', { name: 'lock' })).toBeVisible();
  await expect(row.getByText(CATEGORY)).toBeVisible();
  await expect(row.getByRole('progressbar', { name: '训练进度' })).toContainText('0/2');
  await row.getByRole('button', { name: TITLE }).click();
  await expect(student).toHaveURL(new RegExp(`/training/${tid}$`));
  await expect(student.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(student.getByText('你还没有此训练的访问权限，请输入密码参加')).toBeVisible();
  await expect(student.getByRole('tab', { name: '训练题目' })).toBeDisabled();

  // A wrong password is refused; the right one lets the student in.
  const password = student.getByLabel('训练密码');
  await password.fill('not-the-password');
  await student.getByRole('button', { name: '参加训练' }).click();
  await expect(student.getByText('训练密码错误')).toBeVisible();
  await expect(student.getByRole('tab', { name: '训练题目' })).toBeDisabled();
  await password.fill(PASSWORD);
  await student.getByRole('button', { name: '参加训练' }).click();
  await expect(student.getByText('参加训练成功')).toBeVisible();
  await expect(student.getByText('Two problems to warm up.')).toBeVisible();
  await expect(password).toBeHidden();

  // The problems tab lists both problems in order; the student opens A+B and solves it in Python3.
  await student.getByRole('tab', { name: '训练题目' }).click();
  await expect(student).toHaveURL(new RegExp(`/training/${tid}/problems$`));
  await expect(student.getByRole('link', { name: 'Sort' })).toBeVisible();
  await student.getByRole('link', { name: 'A+B Problem' }).click();
  await expect(student).toHaveURL(new RegExp(`/training/${tid}/problem/1000$`));
  await expect(student.getByRole('heading', { name: '1000 A+B Problem' })).toBeVisible();
  const languageBox = student.getByRole('combobox', { name: '语言' });
  await languageBox.fill('Python3');
  await languageBox.press('Enter');
  await student.getByRole('textbox', { name: '代码编辑器' }).fill(A_PLUS_B);
  await student.getByRole('button', { name: /提\s?交$/ }).click();
  await expect(student.getByRole('status', { name: '评测' }).getByText('答案正确')).toBeVisible({ timeout: 90_000 });

  // The list shows the progress: one of two problems solved.
  await student.goto('/training');
  await expect(trainingRow(student).getByRole('progressbar', { name: '训练进度' })).toContainText('1/2');

  // The rank: the student's own row, tagged, with the solved cell; the cell opens the student's submissions.
  await trainingRow(student).getByRole('button', { name: TITLE }).click();
  await student.getByRole('tab', { name: '训练排行' }).click();
  await expect(student).toHaveURL(new RegExp(`/training/${tid}/rank$`));
  const board = student.getByRole('region', { name: '训练排行' });
  const own = board.getByRole('row').filter({ hasText: STUDENT });
  await expect(own.getByText('我', { exact: true })).toBeVisible();
  const solved = own.getByRole('link', { name: `${STUDENT} 在 1000 的提交` });
  await expect(solved).toBeVisible();
  await expect(solved.getByRole('img', { name: '答案正确' })).toBeVisible();
  await expect(own.locator('[data-state="ac"]')).toHaveCount(1);
  await solved.click();
  await expect(student).toHaveURL(/\/status\?/);
  const url = new URL(student.url());
  expect(url.searchParams.get('username')).toBe(STUDENT);
  expect(url.searchParams.get('problemID')).toBe('1000');
  const submissions = student.getByRole('row').filter({ hasText: STUDENT });
  await expect(submissions).toHaveCount(1);
  await expect(submissions.getByText('答案正确')).toBeVisible();
  await expect(submissions.getByRole('link', { name: '1000 A+B Problem' })).toBeVisible();
  await context.close();
});
