import { type Browser, expect, test } from '@playwright/test';
import { admin, apiLogin, createUsers, signIn, USER_PASSWORD } from '../contest-helpers';
import { ROOT_PASSWORD } from '../env';

// Exams and clarifications (decision 0055): a participant asks during a running exam, the contest's admin answers to
// everyone, and the other participant reads the answer on his open page, without reloading it (the stream's
// `clarification` event).

// A missing control fails fast instead of eating the whole journey's time.
test.use({ actionTimeout: 20_000, navigationTimeout: 20_000 });

const stamp = Date.now().toString(36).slice(-5);
// Two participants; neither name contains the other.
const AMY = `examy${stamp}`;
const BOB = `exbob${stamp}`;
const PASSWORD = `exam-${stamp}`;
const QUESTION = `May the input of A hold negative numbers? (${stamp})`;
const ANSWER = `Yes: between -10^9 and 10^9 (${stamp}).`;

/** A signed-in page of its own browser context (each user his own storage, so his own session). */
const pageOf = async (browser: Browser, username: string, password: string) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, username, password);
  return page;
};

test('a participant asks during the exam, the admin answers to everyone, the other participant sees it live', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const root = await apiLogin(request, 'root', ROOT_PASSWORD);
  await createUsers(request, root, [AMY, BOB]);

  // A private exam (its password registers the participants), started five minutes ago, running two hours; the
  // second login of a participant ends the first.
  const now = Date.now();
  const created = await request.post('/api/admin/contest', {
    headers: admin(root),
    data: {
      title: `Exam ${stamp}`,
      description: 'An exam with clarifications.',
      type: 0,
      auth: 1,
      pwd: PASSWORD,
      startTime: new Date(now - 5 * 60_000).toISOString(),
      endTime: new Date(now + 2 * 3600_000).toISOString(),
      visible: true,
      examMode: true,
      examSessionPolicy: 'replace',
      allowedAddresses: [],
    },
  });
  const contest = (await created.json()).data;
  expect(contest.examMode).toBe(true);
  const cid = contest.id as number;
  const detail = await request.get('/api/get-problem-detail?problemId=1000');
  const pid = (await detail.json()).data.problem.id as number;
  const added = await request.post('/api/admin/contest/add-problem-from-public', {
    headers: admin(root),
    data: { cid, pid, displayId: 'A' },
  });
  expect((await added.json()).status).toBe(200);

  // An exam takes only its registered users: Amy registers with the password, the admin registers Bob by name.
  const token = await apiLogin(request, AMY, USER_PASSWORD);
  const registered = await request.post('/api/register-contest', {
    headers: { Authorization: token },
    data: { cid, password: PASSWORD },
  });
  expect((await registered.json()).status).toBe(200);
  const byName = await request.post('/api/contest/participants', {
    headers: admin(root),
    data: { cid, usernames: [BOB, AMY.toUpperCase(), `nobody${stamp}`] },
  });
  expect((await byName.json()).data).toEqual({ added: 1, already: 1, unknown: [`nobody${stamp}`] });

  // Each signs in in his own browser (this login holds his exam) and opens the clarifications.
  const amy = await pageOf(browser, AMY, USER_PASSWORD);
  const bob = await pageOf(browser, BOB, USER_PASSWORD);
  const rootPage = await pageOf(browser, 'root', ROOT_PASSWORD);
  for (const page of [amy, bob, rootPage]) await page.goto(`/contest/${cid}/clarification`);

  // The participants are in the exam: its banner, and the rest of the site leads back to it.
  await expect(amy.getByRole('status').filter({ hasText: '考试进行中' })).toContainText(`Exam ${stamp}`);
  const bobTab = bob.getByRole('region', { name: '答疑', exact: true });
  await expect(bobTab.getByText('暂无答疑')).toBeVisible();

  // Amy asks about problem A.
  const amyTab = amy.getByRole('region', { name: '答疑', exact: true });
  await amyTab.getByRole('combobox', { name: '关于' }).click();
  await amy.locator('.ant-select-item-option').filter({ hasText: /^A / }).click();
  await amyTab.getByRole('textbox', { name: '问题' }).fill(QUESTION);
  await amyTab.getByRole('button', { name: '提交问题' }).click();
  await expect(amy.getByText('问题已提交')).toBeVisible();
  const amyQuestion = amyTab.getByRole('article').filter({ hasText: QUESTION });
  await expect(amyQuestion).toContainText('待回答');
  await expect(amyTab.getByRole('textbox', { name: '问题' })).toHaveValue('');

  // The admin's open page shows the question as it arrives, with the asker's name, unanswered.
  const rootTab = rootPage.getByRole('region', { name: '答疑', exact: true });
  const rootQuestion = rootTab.getByRole('article').filter({ hasText: QUESTION });
  await expect(rootQuestion).toContainText(`提问者：${AMY}`);
  await expect(rootQuestion).toContainText('待回答');
  // Bob does not see a question that is not answered to everyone.
  await expect(bobTab.getByText(QUESTION)).toHaveCount(0);

  // The admin answers it to everyone.
  await rootQuestion.getByRole('textbox', { name: '回答内容' }).fill(ANSWER);
  await rootQuestion.getByRole('button', { name: '回答所有人' }).click();
  await expect(rootPage.getByText('回答已发送')).toBeVisible();
  await expect(rootQuestion).toContainText('已公开回答');

  // Bob's page, never reloaded: the notification, then the question and its answer in the list, without the asker.
  await expect(bob.getByText('新的答疑')).toBeVisible();
  const bobQuestion = bobTab.getByRole('article').filter({ hasText: QUESTION });
  await expect(bobQuestion).toContainText(ANSWER);
  await expect(bobQuestion).not.toContainText(AMY);
  // Amy's own page has the answer too.
  await expect(amyQuestion).toContainText(ANSWER);
  await expect(amyQuestion).toContainText('已公开回答');

  for (const page of [amy, bob, rootPage]) await page.context().close();
});
