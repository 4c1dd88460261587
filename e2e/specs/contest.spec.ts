import { type Browser, expect, type Page, test } from '@playwright/test';
import { A_PLUS_B, apiLogin, createUsers, SORT, signIn, USER_PASSWORD, WRONG } from '../contest-helpers';
import { ROOT_PASSWORD } from '../env';

// A missing control fails fast instead of eating the whole journey's time.
test.use({ actionTimeout: 20_000, navigationTimeout: 20_000 });

const PASSWORD = 'contest-pass1';
const stamp = Date.now().toString(36).slice(-5);
const U1 = `ca${stamp}`;
const U2 = `cb${stamp}`;

const userPage = async (browser: Browser, username: string) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, username, USER_PASSWORD);
  return page;
};

const submit = async (page: Page, code: string, verdict: string) => {
  const languageBox = page.getByRole('combobox', { name: '语言' });
  await languageBox.fill('Python3');
  await languageBox.press('Enter');
  await page.getByRole('textbox', { name: '代码编辑器' }).fill(code);
  await page.getByRole('button', { name: /提\s?交$/ }).click();
  await expect(page.getByRole('status', { name: '评测' }).getByText(verdict)).toBeVisible({ timeout: 90_000 });
};

const boardRow = (page: Page, username: string) => page.getByRole('row').filter({ hasText: username }).first();

test('an admin builds a protected ACM contest; two users register and submit; the board shows the penalty; the seal hides later results from a contestant but not from the admin; a rejudged row keeps the contest letter', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(420_000);
  const token = await apiLogin(request, 'root', ROOT_PASSWORD);
  // User 1 submits again as soon as the wrong answer is judged: the journey is about the board, not the per-user
  // submit interval (which contest submits share with public ones, decision 0015; its own tests cover it).
  const interval = await request.put('/api/admin/switch/update', {
    headers: { Authorization: token, 'Url-Type': 'admin' },
    data: { defaultSubmitInterval: 0 },
  });
  expect(interval.ok()).toBeTruthy();
  // The two contestants come from the admin's batch import (the user admin API).
  await createUsers(request, token, [U1, U2]);

  // The admin creates the contest in the admin area: protected by a password, starting now.
  await signIn(page, 'root', ROOT_PASSWORD);
  await page.goto('/admin/contest/create');
  await page.getByLabel('比赛标题').fill(`E2E Contest ${stamp}`);
  await page.getByRole('textbox', { name: '比赛描述', exact: true }).fill('Two problems, one hour of fun.');
  await page.getByRole('radio', { name: '保护赛' }).check();
  await page.getByLabel('密码').fill(PASSWORD);
  await page.getByRole('button', { name: /保\s?存/ }).click();
  await expect(page).toHaveURL(/\/admin\/contest\/\d+\/problems$/);
  const cid = Number(/contest\/(\d+)\/problems/.exec(page.url())?.[1]);

  // Two problems from the public bank: A is A+B (1000), B is Sort (1004).
  for (const [problemId, displayId] of [
    ['1000', 'A'],
    ['1004', 'B'],
  ]) {
    await page.getByRole('button', { name: '从公共题库添加' }).click();
    const dialog = page.getByRole('dialog', { name: '从公共题库添加' });
    await dialog.getByRole('searchbox', { name: '题目 ID 或标题' }).fill(problemId);
    await dialog.getByRole('searchbox', { name: '题目 ID 或标题' }).press('Enter');
    await dialog.getByRole('button', { name: `添加 ${problemId}` }).click();
    await expect(dialog.getByLabel(/展示\s?ID/)).toHaveValue(displayId);
    await dialog.getByRole('button', { name: /保\s?存/ }).click();
    await expect(dialog.getByRole('searchbox', { name: '题目 ID 或标题' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('cell', { name: problemId, exact: true })).toBeVisible();
  }

  // Both users register with the password and see the two problems.
  const p1 = await userPage(browser, U1);
  const p2 = await userPage(browser, U2);
  for (const p of [p1, p2]) {
    await p.goto(`/contest/${cid}`);
    await p.getByLabel('比赛密码').fill(PASSWORD);
    await p.getByRole('button', { name: '报名比赛' }).click();
    await p.getByRole('tab', { name: '比赛题目' }).click();
    await expect(p.getByRole('cell', { name: 'A', exact: true })).toBeVisible();
    await expect(p.getByRole('cell', { name: 'B', exact: true })).toBeVisible();
  }

  // User 1: wrong, then right (one rejected try = 20 minutes of penalty). User 2: right at once.
  await p1.goto(`/contest/${cid}/problem/A`);
  await submit(p1, WRONG, '答案错误');
  await submit(p1, A_PLUS_B, '答案正确');
  await p2.goto(`/contest/${cid}/problem/A`);
  await submit(p2, A_PLUS_B, '答案正确');

  for (const p of [p1, p2]) {
    await p.goto(`/contest/${cid}/rank`);
    // Penalty = AC time + 20 minutes per rejected try before it; the contest is minutes old.
    await expect(boardRow(p, U1)).toContainText(/00:2\d:\d\d/);
    await expect(boardRow(p, U2)).toContainText(/00:0\d:\d\d/);
    await expect(boardRow(p, U1).getByRole('cell', { name: /\(-1\)/ })).toBeVisible();
  }

  // The admin seals the board from now on.
  const info = await request.get(`/api/admin/contest?cid=${cid}`, {
    headers: { Authorization: token, 'Url-Type': 'admin' },
  });
  const contest = (await info.json()).data;
  const sealed = await request.put('/api/admin/contest', {
    headers: { Authorization: token, 'Url-Type': 'admin' },
    data: { ...contest, sealRank: true, sealRankTime: new Date().toISOString() },
  });
  expect((await sealed.json()).status).toBe(200);

  // User 2 solves B after the seal.
  await p2.goto(`/contest/${cid}/problem/B`);
  await submit(p2, SORT, '答案正确');

  // The admin sees the AC on the board…
  await page.goto(`/contest/${cid}/rank`);
  await expect(async () => {
    await page.getByRole('button', { name: /刷\s?新/ }).click();
    await expect(boardRow(page, U2).locator('[data-state="ac"], [data-state="first-ac"]')).toHaveCount(2, {
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });

  // …the contestant sees a pending try on B and still one solved problem.
  await p2.goto(`/contest/${cid}/rank`);
  await expect(boardRow(p2, U2).getByRole('cell', { name: '?1' })).toBeVisible();
  await expect(boardRow(p2, U2).locator('[data-state="ac"], [data-state="first-ac"]')).toHaveCount(1);

  // Root rejudges user 1's wrong try from the contest's submissions: the row stays the contest's problem A (not the
  // bank's 1000) while it is judged again and after.
  await page.goto(`/contest/${cid}/submissions`);
  const wrongRow = page.getByRole('row').filter({ hasText: U1 }).filter({ hasText: '答案错误' });
  // The run id, found by its column's header (not the submit time, which two rows may share to the second).
  await expect(wrongRow).toBeVisible();
  const runIdColumn = (await page.getByRole('columnheader').allTextContents()).findIndex((h) => h.trim() === '提交 ID');
  const submitId = (await wrongRow.getByRole('cell').nth(runIdColumn).textContent())?.trim() ?? '';
  expect(submitId).toMatch(/^\d+$/);
  await wrongRow.getByRole('button', { name: '重判' }).click();
  await expect(page.getByText('重判成功')).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: submitId, exact: true }) });
  await expect(row.getByRole('link', { name: /^A\s/ })).toBeVisible();
  await expect(row.getByText('答案错误')).toBeVisible({ timeout: 90_000 });
  await expect(row.getByRole('link', { name: /^A\s/ })).toBeVisible();
});
