import { expect, type Page, test } from '@playwright/test';
import {
  A_PLUS_B,
  ACCEPTED,
  addSampleProblems,
  admin,
  apiLogin,
  createUsers,
  SORT,
  submitAndJudge,
  USER_PASSWORD,
  WRONG,
  WRONG_ANSWER,
} from '../contest-helpers';
import { ROOT_PASSWORD } from '../env';

// A missing control fails fast instead of eating the whole journey's time.
test.use({ actionTimeout: 20_000, navigationTimeout: 20_000 });

const stamp = Date.now().toString(36).slice(-5);
// Three contestants; none of the names contains another.
const AMY = `sbamy${stamp}`;
const BOB = `sbbob${stamp}`;
const CAT = `sbcat${stamp}`;

const boardRows = (board: Page) =>
  board.getByRole('table', { name: '滚榜榜单' }).getByRole('rowgroup').nth(1).getByRole('row');
const names = (...users: string[]) => users.map((u) => new RegExp(u));

test('the admin rolls the sealed board: pending cells revealed bottom up, an AC after the seal overtakes, medals at the end', async ({
  page,
  request,
}) => {
  test.setTimeout(360_000);
  const root = await apiLogin(request, 'root', ROOT_PASSWORD);
  await createUsers(request, root, [AMY, BOB, CAT]);

  // A public ACM contest that started five minutes ago, runs two hours, sealed for the last hour.
  const now = Date.now();
  const contestRes = await request.post('/api/admin/contest', {
    headers: admin(root),
    data: {
      title: `Scroll board ${stamp}`,
      description: 'A medal ceremony.',
      type: 0,
      auth: 0,
      startTime: new Date(now - 5 * 60_000).toISOString(),
      endTime: new Date(now + 2 * 3600_000).toISOString(),
      sealRank: true,
      visible: true,
      rankShowName: 'username',
    },
  });
  const contest = (await contestRes.json()).data;
  expect(contest.sealRank).toBe(true);
  const cid = contest.id as number;
  await addSampleProblems(request, root, cid, [
    { problemId: '1000', displayId: 'A' },
    { problemId: '1004', displayId: 'B' },
  ]);

  const amy = await apiLogin(request, AMY, USER_PASSWORD);
  const bob = await apiLogin(request, BOB, USER_PASSWORD);
  const cat = await apiLogin(request, CAT, USER_PASSWORD);

  // Before the seal: amy solves A at once, bob after a wrong try (20 minutes more), cat only fails A.
  await submitAndJudge(request, root, amy, cid, 'A', A_PLUS_B, ACCEPTED);
  await submitAndJudge(request, root, bob, cid, 'A', WRONG, WRONG_ANSWER);
  await submitAndJudge(request, root, bob, cid, 'A', A_PLUS_B, ACCEPTED);
  await submitAndJudge(request, root, cat, cid, 'A', WRONG, WRONG_ANSWER);

  // The seal moves to now: everything from here on is hidden from the frozen board.
  const current = (await (await request.get(`/api/admin/contest?cid=${cid}`, { headers: admin(root) })).json()).data;
  const sealed = await request.put('/api/admin/contest', {
    headers: admin(root),
    data: { ...current, sealRank: true, sealRankTime: new Date().toISOString() },
  });
  expect((await sealed.json()).status).toBe(200);

  // During the seal: cat solves A, bob solves B (two solved: he will overtake amy), amy fails B.
  await submitAndJudge(request, root, cat, cid, 'A', A_PLUS_B, ACCEPTED);
  await submitAndJudge(request, root, bob, cid, 'B', SORT, ACCEPTED);
  await submitAndJudge(request, root, amy, cid, 'B', WRONG, WRONG_ANSWER);

  // The real standing, as root sees it.
  const rank = await request.post('/api/get-contest-rank', {
    headers: { Authorization: root },
    data: { cid, currentPage: 1, limit: 50, removeStar: true },
  });
  const finalOrder = ((await rank.json()).data.records as { username: string }[]).map((r) => r.username);
  expect(finalOrder).toEqual([BOB, AMY, CAT]);

  // Root opens the contest's scroll-board tab: three ranked users, so 10/20/30 % round down to no medal.
  await page.goto('/home');
  await page.getByRole('navigation', { name: '菜单' }).getByRole('button', { name: '登录' }).click();
  const dialog = page.getByRole('dialog', { name: 'OJ' });
  await dialog.getByLabel('用户名').fill('root');
  await dialog.getByLabel('密码').fill(ROOT_PASSWORD);
  await dialog.getByRole('button', { name: '登录' }).click();
  await expect(dialog).toBeHidden();
  await page.goto(`/contest/${cid}/scroll-board`);
  const tab = page.getByRole('region', { name: '滚榜' });
  await expect(tab.getByText('参与排名人数：3')).toBeVisible();
  for (const label of ['金牌', '银牌', '铜牌']) await expect(tab.getByLabel(label)).toHaveValue('0');
  for (const label of ['金牌', '银牌', '铜牌']) await tab.getByLabel(label).fill('1');
  await expect(tab.getByRole('switch', { name: '移除打星用户' })).toBeChecked();

  // The contest still runs: starting asks first.
  await tab.getByRole('button', { name: '开始滚榜' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '比赛尚未结束' });
  await expect(confirm).toBeVisible();
  const popupOpened = page.waitForEvent('popup');
  await confirm.getByRole('button', { name: '开始' }).click();
  const board = await popupOpened;
  expect(new URL(board.url()).pathname + new URL(board.url()).search).toBe(
    `/scrollBoard?cid=${cid}&removeStar=true&medals=1&medals=1&medals=1`,
  );

  // The frozen board: no site frame, the cursor on the last row, the sealed tries pending.
  const rows = boardRows(board);
  await expect(rows).toHaveText(names(AMY, BOB, CAT));
  await expect(board.getByRole('navigation', { name: '菜单' })).toHaveCount(0);
  await expect(rows.nth(2)).toHaveAttribute('aria-current', 'true');
  await expect(rows.nth(0).getByRole('cell', { name: /^A：一血，第 \d+ 分钟，1 次提交$/ })).toBeVisible();
  await expect(rows.nth(0).getByRole('cell', { name: 'B：待揭晓，1 次提交' })).toBeVisible();
  await expect(rows.nth(1).getByRole('cell', { name: /^A：通过，第 \d+ 分钟，2 次提交$/ })).toBeVisible();
  await expect(rows.nth(1).getByRole('cell', { name: 'B：待揭晓，1 次提交' })).toBeVisible();
  await expect(rows.nth(2).getByRole('cell', { name: 'A：待揭晓，2 次提交' })).toBeVisible();
  await expect(rows.nth(2).getByRole('cell', { name: 'B：未提交' })).toBeVisible();
  const next = board.getByRole('button', { name: '下一步' });

  // 1. cat's A: accepted, but not enough to pass anyone.
  await next.click();
  await expect(rows.nth(2).getByRole('cell', { name: /^A：通过，第 \d+ 分钟，2 次提交$/ })).toBeVisible();
  await expect(rows).toHaveText(names(AMY, BOB, CAT));
  // 2. cat has nothing pending: final, third, bronze; the cursor moves up (keyboard this time).
  await board.keyboard.press('n');
  await expect(rows.nth(2)).toContainText('铜牌');
  await expect(rows.nth(1)).toHaveAttribute('aria-current', 'true');
  // 3. bob's B: accepted during the seal, two solved, bob overtakes amy; the cursor stays on the second place.
  await board.keyboard.press('ArrowDown');
  await expect(rows).toHaveText(names(BOB, AMY, CAT));
  await expect(rows.nth(0).getByRole('cell', { name: /^B：一血，第 \d+ 分钟，1 次提交$/ })).toBeVisible();
  await expect(rows.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(rows.nth(0)).not.toContainText('金牌');
  // 4. amy's B: wrong.
  await next.click();
  await expect(rows.nth(1).getByRole('cell', { name: 'B：未通过，1 次提交' })).toBeVisible();
  // 5. amy is final: silver. 6. bob is final: gold, and the roll is over.
  await next.click();
  await expect(rows.nth(1)).toContainText('银牌');
  await next.click();
  await expect(board.getByRole('status').filter({ hasText: '滚榜结束' })).toBeVisible();
  await expect(next).toBeDisabled();

  // The final standing is the real one, with the gold medal on the winner.
  await expect(rows).toHaveText(names(...finalOrder));
  await expect(rows.nth(0)).toContainText('金牌');
  await expect(rows.nth(0).getByRole('cell').first()).toHaveText('1');
  await expect(rows.nth(0).getByRole('cell').nth(3)).toHaveText('2');
});
