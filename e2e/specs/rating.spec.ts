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

test.use({ actionTimeout: 20_000, navigationTimeout: 20_000 });

const stamp = Date.now().toString(36).slice(-5);
const WINNER = `rw${stamp}`;
const SECOND = `rs${stamp}`;

test('a student sees his rating and its history after a rated contest, and his name on the rating list', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const root = await apiLogin(request, 'root', ROOT_PASSWORD);
  const interval = await request.put('/api/admin/switch/update', {
    headers: admin(root),
    data: { defaultSubmitInterval: 0 },
  });
  expect(interval.ok()).toBeTruthy();
  await createUsers(request, root, [WINNER, SECOND]);

  // A rated contest running now: the winner solves A+B, the second fails it.
  const now = Date.now();
  const created = await request.post('/api/admin/contest', {
    headers: admin(root),
    data: {
      title: `Rated ${stamp}`,
      description: 'One problem, rated.',
      type: 0,
      auth: 0,
      startTime: new Date(now - 5 * 60_000).toISOString(),
      endTime: new Date(now + 3600_000).toISOString(),
      visible: true,
      rated: true,
    },
  });
  const contest = (await created.json()).data;
  expect(contest.rated).toBe(true);
  await addSampleProblems(request, root, contest.id, [{ problemId: '1000', displayId: 'A' }]);
  const winner = await apiLogin(request, WINNER, USER_PASSWORD);
  const second = await apiLogin(request, SECOND, USER_PASSWORD);
  await submitAndJudge(request, root, winner, contest.id, 'A', A_PLUS_B, ACCEPTED);
  await submitAndJudge(request, root, second, contest.id, 'A', WRONG, WRONG_ANSWER);

  // The admin ends it now; the server's sweep rates it within seconds.
  const ended = await request.put('/api/admin/contest', {
    headers: admin(root),
    data: { ...contest, endTime: new Date().toISOString() },
  });
  expect((await ended.json()).status).toBe(200);
  const uid = (await (await request.get(`/api/get-user-home-info?username=${WINNER}`)).json()).data.uid;
  await expect
    .poll(
      async () => ((await (await request.get(`/api/get-rating-history?uid=${uid}`)).json()).data as unknown[]).length,
      { timeout: 60_000, intervals: [1000] },
    )
    .toBe(1);

  // His home: the rating, in its band's colour, and the history chart.
  await signIn(page, WINNER, USER_PASSWORD);
  await page.goto('/user-home');
  const history = (await (await request.get(`/api/get-rating-history?uid=${uid}`)).json()).data[0];
  expect(history.oldRating).toBe(1500);
  expect(history.newRating).toBeGreaterThan(1500);
  await expect(page.getByText('等级分', { exact: true })).toBeVisible();
  await expect(page.getByText(String(history.newRating), { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: '等级分记录' })).toBeVisible();
  await expect(page.getByText(`参加 1 场计分比赛，最高 ${history.newRating}`)).toBeVisible();

  // The rating list names him with his rating.
  await page.goto('/rating-rank');
  await page.getByPlaceholder('搜索用户').fill(WINNER);
  await page.getByPlaceholder('搜索用户').press('Enter');
  const row = page.getByRole('row').filter({ hasText: WINNER });
  await expect(row).toBeVisible();
  await expect(row.getByText(String(history.newRating), { exact: true })).toBeVisible();
});
