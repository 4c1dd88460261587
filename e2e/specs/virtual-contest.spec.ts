import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  A_PLUS_B,
  ACCEPTED,
  addSampleProblems,
  admin,
  apiLogin,
  createUsers,
  signIn,
  submitAndJudge,
  USER_PASSWORD,
  WRONG,
  WRONG_ANSWER,
} from '../contest-helpers';
import { ROOT_PASSWORD } from '../env';
import { SHOTS_DIR } from '../screenshot-sweep';

test.use({ actionTimeout: 20_000, navigationTimeout: 20_000 });

const stamp = Date.now().toString(36).slice(-5);
const [ANN, BOB, VIC] = ['vca', 'vcb', 'vcv'].map((s) => `${s}${stamp}`);
/** How long the contest goes on after its real tries, and so how long the virtual run goes on after his run's minute
 * of those tries: long enough for the virtual participant's steps inside his run (the running page in both languages
 * at both widths, then his submit) on a loaded machine. The test waits for the real end once. */
const AFTER_TRIES_MS = 35_000;

test('a student takes a past contest virtually, submits and sees himself among the original participants at his minute', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const root = await apiLogin(request, 'root', ROOT_PASSWORD);
  await createUsers(request, root, [ANN, BOB, VIC]);
  // A class contest: ann solves A and bob fails it in its first seconds.
  const start = Date.now() - 3_000;
  const made = await request.post('/api/admin/contest', {
    headers: admin(root),
    data: {
      title: `Friday class ${stamp}`,
      description: 'Class contest.',
      type: 0,
      auth: 0,
      startTime: new Date(start).toISOString(),
      endTime: new Date(start + 3600_000).toISOString(),
      visible: true,
    },
  });
  const contest = (await made.json()).data;
  const cid = contest.id as number;
  await addSampleProblems(request, root, cid, [{ problemId: '1000', displayId: 'A' }]);
  await submitAndJudge(request, root, await apiLogin(request, ANN, USER_PASSWORD), cid, 'A', A_PLUS_B, ACCEPTED);
  await submitAndJudge(request, root, await apiLogin(request, BOB, USER_PASSWORD), cid, 'A', WRONG, WRONG_ANSWER);
  // How far into the contest their tries were made.
  const realTriesMs = Date.now() - start;
  // The teacher ends the class a little after their tries (the contest's length is the virtual run's length).
  const end = Date.now() + AFTER_TRIES_MS;
  const ended = await request.put('/api/admin/contest', {
    headers: admin(root),
    data: { ...contest, endTime: new Date(end).toISOString() },
  });
  expect((await ended.json()).status).toBe(200);
  // Sunday: the contest is over.
  await page.waitForTimeout(Math.max(0, end + 1_000 - Date.now()));

  const shot = async (name: string, lang: string, width: number) => {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} ${lang} ${width}: sideways scrolling`).toBeLessThanOrEqual(1);
    expect(await page.locator('body').textContent(), `${name} ${lang}: a raw text key`).not.toMatch(
      /\b(Virtual_[A-Za-z]+|Show_Virtual|Allow_Virtual)\b/,
    );
    if (!SHOTS_DIR) return;
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS_DIR, `virtual-${name}-${lang}-${width}.png`), fullPage: true });
  };
  const sizes = async (name: string, url: string, ready: () => Promise<void>) => {
    for (const lang of ['zh-CN', 'en-US'] as const) {
      await page.evaluate((l) => window.localStorage.setItem('language', l), lang);
      for (const width of [1366, 390]) {
        await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
        await page.goto(url);
        await ready();
        await shot(name, lang, width);
      }
    }
    await page.evaluate(() => window.localStorage.setItem('language', 'zh-CN'));
  };

  // The offer, on the ended contest's overview.
  await signIn(page, VIC, USER_PASSWORD);
  await page.goto(`/contest/${cid}`);
  await expect(page.getByText(/按自己的计时重新参加这场比赛/)).toBeVisible();
  await sizes('offer', `/contest/${cid}`, async () => {
    await expect(page.getByRole('button', { name: /^(虚拟参赛|Take part virtually)$/ })).toBeVisible();
  });

  // He starts: his own clock runs, the contest is running for him.
  await page.goto(`/contest/${cid}`);
  await page.getByRole('button', { name: '虚拟参赛' }).click();
  await expect(page.getByText(/你的比赛计时将从现在开始/)).toBeVisible();
  await page.getByRole('button', { name: /^确\s?定$/ }).click();
  await expect(page.getByText('虚拟参赛中')).toBeVisible();
  await expect(page.getByRole('timer')).toContainText('结束');
  // He solves A a little later into his run than ann did into hers.
  const vic = await apiLogin(request, VIC, USER_PASSWORD);
  const run = (await (await request.get(`/api/contest/virtual?cid=${cid}`, { headers: { Authorization: vic } })).json())
    .data as { startTime: string; running: boolean };
  expect(run.running).toBe(true);
  // The running contest, seen while his run is short of the real tries' minute.
  await sizes('running', `/contest/${cid}`, async () => {
    await expect(page.getByText(/^(虚拟参赛中|Virtual participation)$/)).toBeVisible();
  });
  await page.waitForTimeout(Math.max(0, Date.parse(run.startTime) + realTriesMs + 1_000 - Date.now()));
  await submitAndJudge(request, root, vic, cid, 'A', A_PLUS_B, ACCEPTED);

  // His board: ann (solved at her first seconds), then him, marked virtual, then bob (no solve).
  await page.goto(`/contest/${cid}/rank`);
  const rows = page.locator('tbody tr[data-row-kind="board"]');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText(ANN);
  await expect(rows.nth(1)).toContainText(VIC);
  await expect(rows.nth(1).getByText('虚拟', { exact: true })).toBeVisible();
  await expect(rows.nth(2)).toContainText(BOB);
  await sizes('board', `/contest/${cid}/rank`, async () => {
    await expect(page.locator('tbody tr[data-row-kind="board"]')).toHaveCount(3);
  });

  // The others' board is the real one: no virtual row.
  const annToken = await apiLogin(request, ANN, USER_PASSWORD);
  const real = await request.post('/api/get-contest-rank', {
    headers: { Authorization: annToken },
    data: { cid, currentPage: 1, limit: 50 },
  });
  const names = ((await real.json()).data.records as { username: string }[]).map((r) => r.username);
  expect(names).toContain(ANN);
  expect(names).not.toContain(VIC);
});
