import fs from 'node:fs/promises';
import { type Browser, expect, type Page, test } from '@playwright/test';
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
} from '../contest-helpers';
import { ROOT_PASSWORD } from '../env';

// A missing control fails fast instead of eating the whole journey's time.
test.use({ actionTimeout: 20_000, navigationTimeout: 20_000 });

const stamp = Date.now().toString(36).slice(-5);
// Two contestants; neither name contains the other.
const AMY = `psamy${stamp}`;
const BOB = `psbob${stamp}`;
const COLOR_A = '#f5222d';
const COLOR_B = '#1677ff';
// One character short of the minimum, then a real text to print (several lines, kept byte for byte).
const TOO_SHORT = 'x'.repeat(49);
const TEXT = `// ${stamp}: please print my code\n#include <cstdio>\nint main() {\n  int a, b;\n  while (scanf("%d %d", &a, &b) == 2) printf("%d\\n", a + b);\n}\n`;
const SECOND_TEXT = `${TEXT}// and once more, too soon\n`;

const rootPage = async (browser: Browser) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'root', ROOT_PASSWORD);
  return page;
};

/** The body rows of the table in a tab's region (the header row left out). */
const bodyRows = (page: Page, region: string) =>
  page.getByRole('region', { name: region, exact: true }).getByRole('rowgroup').nth(1).getByRole('row');

test('a contestant prints (too short, sent, too soon); root downloads the text and marks it printed; balloons for A with first blood, one checked and sorted last', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const root = await apiLogin(request, 'root', ROOT_PASSWORD);
  await createUsers(request, root, [AMY, BOB]);

  // A public ACM contest with printing, started five minutes ago, running two hours.
  const now = Date.now();
  const contestRes = await request.post('/api/admin/contest', {
    headers: admin(root),
    data: {
      title: `Contest staff ${stamp}`,
      description: 'Printer and balloons.',
      type: 0,
      auth: 0,
      startTime: new Date(now - 5 * 60_000).toISOString(),
      endTime: new Date(now + 2 * 3600_000).toISOString(),
      visible: true,
      openPrint: true,
      rankShowName: 'username',
    },
  });
  const contest = (await contestRes.json()).data;
  expect(contest.openPrint).toBe(true);
  const cid = contest.id as number;
  await addSampleProblems(request, root, cid, [
    { problemId: '1000', displayId: 'A', color: COLOR_A },
    { problemId: '1004', displayId: 'B', color: COLOR_B },
  ]);

  // Amy logs in and opens the contest's print tab.
  await signIn(page, AMY, USER_PASSWORD);
  await page.goto(`/contest/${cid}`);
  await page.getByRole('tab', { name: '打印', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/contest/${cid}/print$`));
  const printTab = page.getByRole('region', { name: '打印', exact: true });
  await expect(printTab.getByText('暂无打印记录')).toBeVisible();
  const sendButton = printTab.getByRole('button', { name: '提交打印' });

  // 49 characters: the form refuses before calling the server.
  await printTab.getByLabel('打印内容').fill(TOO_SHORT);
  await sendButton.click();
  await expect(printTab.getByText('内容字数不能少于50')).toBeVisible();
  await expect(printTab.getByText('暂无打印记录')).toBeVisible();

  // A real text: sent, the form empties, and Amy's own list shows it waiting.
  await printTab.getByLabel('打印内容').fill(TEXT);
  await expect(printTab.getByText('内容字数不能少于50')).toBeHidden();
  await sendButton.click();
  await expect(page.getByText('提交成功')).toBeVisible();
  await expect(printTab.getByLabel('打印内容')).toHaveValue('');
  const myPrints = bodyRows(page, '打印');
  await expect(myPrints).toHaveCount(1);
  await expect(myPrints.first()).toContainText(`${TEXT.length} 个字符`);
  await expect(myPrints.first()).toContainText('未打印');

  // A second text within 30 s: the server refuses it, and the list keeps the one print.
  await printTab.getByLabel('打印内容').fill(SECOND_TEXT);
  await sendButton.click();
  await expect(page.getByText('打印过于频繁，请30秒后再试')).toBeVisible();
  await expect(myPrints).toHaveCount(1);

  // Amy solves A first (first blood), then Bob.
  const amy = await apiLogin(request, AMY, USER_PASSWORD);
  const bob = await apiLogin(request, BOB, USER_PASSWORD);
  await submitAndJudge(request, root, amy, cid, 'A', A_PLUS_B, ACCEPTED);
  await submitAndJudge(request, root, bob, cid, 'A', A_PLUS_B, ACCEPTED);

  // Root, in a browser of its own, opens the print admin tab: Amy's text is waiting.
  const rootTab = await rootPage(browser);
  await rootTab.goto(`/contest/${cid}`);
  await rootTab.getByRole('tab', { name: '打印管理' }).click();
  await expect(rootTab).toHaveURL(new RegExp(`/contest/${cid}/admin-print$`));
  const amyPrint = bodyRows(rootTab, '打印管理').filter({ hasText: AMY });
  await expect(amyPrint).toHaveCount(1);
  await expect(amyPrint).toContainText(`${TEXT.length} 个字符`);
  // Columns: ID, username, real name, time, length, status, actions.
  const amyStatus = amyPrint.getByRole('cell').nth(5);
  await expect(amyStatus).toHaveText('未打印');
  const printId = (await amyPrint.getByRole('cell').first().textContent())?.trim();
  expect(printId).toMatch(/^\d+$/);

  // The download is the text Amy sent, byte for byte.
  const downloading = rootTab.waitForEvent('download');
  await amyPrint.getByRole('button', { name: `下载 ${printId}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`print-${printId}-${AMY}.txt`);
  expect(await fs.readFile(await download.path(), 'utf8')).toBe(TEXT);

  // Marked printed: the row's status changes and its button goes away.
  await amyPrint.getByRole('button', { name: `标记已打印 ${printId}` }).click();
  await expect(amyStatus).toHaveText('已打印');
  await expect(amyPrint.getByRole('button', { name: `标记已打印 ${printId}` })).toHaveCount(0);

  // Amy's own list says printed after a reload.
  await page.reload();
  await expect(myPrints).toHaveCount(1);
  await expect(myPrints.first()).toContainText('已打印');
  await expect(myPrints.first()).not.toContainText('未打印');

  // The AC info tab: two balloons for A, newest first; Amy's earlier AC is the first blood.
  await rootTab.getByRole('tab', { name: 'AC 助手' }).click();
  await expect(rootTab).toHaveURL(new RegExp(`/contest/${cid}/ac-info$`));
  const balloons = bodyRows(rootTab, 'AC 助手');
  await expect(balloons).toHaveText([new RegExp(BOB), new RegExp(AMY)]);
  for (const row of [balloons.nth(0), balloons.nth(1)]) {
    await expect(row.getByRole('img', { name: 'A 题气球颜色' })).toHaveAttribute('title', COLOR_A);
  }
  await expect(balloons.nth(1).getByText('一血')).toBeVisible();
  await expect(balloons.nth(0)).not.toContainText('一血');
  const bobSwitch = rootTab.getByRole('switch', { name: `已送气球 ${BOB} A` });
  const amySwitch = rootTab.getByRole('switch', { name: `已送气球 ${AMY} A` });
  await expect(bobSwitch).not.toBeChecked();
  await expect(amySwitch).not.toBeChecked();

  // Bob's balloon is delivered: after a reload it stays checked and sorts after the unchecked one.
  // The switch follows the server's list, so it turns on only once the change is saved.
  await balloons.nth(0).getByRole('switch').click();
  await expect(bobSwitch).toBeChecked();
  await rootTab.reload();
  await expect(balloons).toHaveText([new RegExp(AMY), new RegExp(BOB)]);
  await expect(bobSwitch).toBeChecked();
  await expect(amySwitch).not.toBeChecked();
  await expect(balloons.nth(0).getByText('一血')).toBeVisible();

  await rootTab.context().close();
});
