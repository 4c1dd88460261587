import { type Browser, expect, type Page, test } from '@playwright/test';
import { admin, apiLogin, createUsers, signIn, USER_PASSWORD } from '../contest-helpers';
import { ROOT_PASSWORD } from '../env';

// A missing control fails fast instead of eating the whole journey's time.
test.use({ actionTimeout: 20_000, navigationTimeout: 20_000 });

const stamp = Date.now().toString(36).slice(-5);
const A = `da${stamp}`;
const B = `db${stamp}`;
const TITLE = `Reading input fast ${stamp}`;
const NOTICE = `Maintenance tonight ${stamp}`;

const userPage = async (browser: Browser, username: string) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, username, USER_PASSWORD);
  return page;
};

/** The signed-in user's unread count in the navigation (none shown at zero). */
const unreadBadge = (page: Page) => page.getByRole('status', { name: /条未读消息/ }).first();

test('a student posts on a problem, another likes and reports it, the author hears of the like; root handles the report, pins the post and sends a notice both read; a script in the content stays inert', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const root = await apiLogin(request, 'root', ROOT_PASSWORD);
  // New students may post at once (the switches' default asks for 10 accepted problems first).
  const switches = await request.put('/api/admin/switch/update', {
    headers: admin(root),
    data: { defaultCreateDiscussionACInitValue: 0, defaultCreateDiscussionDailyLimit: 0 },
  });
  expect(switches.ok()).toBeTruthy();
  await createUsers(request, root, [A, B]);

  // Student A posts on problem 1000 from its discussion list; the content carries script payloads.
  const a = await userPage(browser, A);
  await a.goto('/discussion/1000');
  await a.getByRole('button', { name: '发布讨论' }).click();
  const dialog = a.getByRole('dialog');
  await dialog.getByRole('textbox', { name: '标题' }).fill(TITLE);
  await dialog.getByRole('textbox', { name: '描述' }).fill('How do I read two numbers?');
  await dialog.getByRole('combobox', { name: '分类' }).click();
  await a.locator('.ant-select-item-option').first().click();
  await dialog
    .getByRole('textbox', { name: '内容' })
    .fill(
      'I use scanf. <script>window.__xss = 1</script><img src="x" onerror="window.__xss = 2">\n\n`<script>alert(1)</script>`\n\n[click](javascript:window.__xss=3)',
    );
  await dialog.getByRole('button', { name: /发\s?布/ }).click();
  await expect(a.getByText('发布成功')).toBeVisible();
  await expect(a.getByText(`[1000] ${TITLE}`)).toBeVisible();

  // Student B likes the post and reports it.
  const b = await userPage(browser, B);
  await b.goto('/discussion/1000');
  await b.getByText(`[1000] ${TITLE}`).click();
  await expect(b).toHaveURL(/\/discussion-detail\/\d+/);
  const detailUrl = b.url();
  await b.getByRole('button', { name: /点\s?赞/ }).click();
  await expect(b.getByText('点赞成功')).toBeVisible();
  await expect(b.getByRole('button', { name: /已点赞/ })).toBeVisible();
  // The payloads are inert: nothing ran, nothing live was added, the quoted one reads as text.
  const content = b.locator('.oj-markdown').first();
  await expect(content).toContainText('I use scanf.');
  await expect(content.locator('code')).toHaveText('<script>alert(1)</script>');
  expect(await content.locator('script, img[onerror], [href^="javascript"]').count()).toBe(0);
  await b
    .getByText('click', { exact: true })
    .click({ trial: true })
    .catch(() => {});
  expect(await b.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await b.getByRole('button', { name: /举\s?报/ }).click();
  const report = b.getByRole('dialog');
  await report.getByText('垃圾广告').click();
  await report.getByRole('textbox', { name: '举报原因' }).fill('advertises a paid answer site');
  await report.getByRole('button', { name: /提\s?交/ }).click();
  await expect(b.getByText('发送成功')).toBeVisible();

  // A sees one unread message; reading the like list clears it.
  await a.goto('/home');
  await expect(unreadBadge(a)).toHaveAttribute('aria-label', '1 条未读消息', { timeout: 70_000 });
  await a.goto('/message/like');
  await expect(a.getByText('赞了你的帖子')).toBeVisible();
  await expect(a.getByText(B, { exact: true }).first()).toBeVisible();
  await a.goto('/home');
  await expect(unreadBadge(a)).toBeHidden();

  // Root sees the report, pins the post and sends a notice to everyone.
  await signIn(page, 'root', ROOT_PASSWORD);
  await page.goto('/admin/discussion');
  await page.getByRole('tab', { name: /举报/ }).click();
  const reportRow = page.getByRole('row').filter({ hasText: 'advertises a paid answer site' });
  await expect(reportRow).toContainText(B);
  await expect(reportRow).toContainText(TITLE);
  await page.getByRole('tab', { name: /讨论/ }).first().click();
  const postRow = page.getByRole('row').filter({ hasText: TITLE });
  await postRow.getByRole('switch').first().click();
  await expect(page.getByText(/成功/).first()).toBeVisible();
  const did = Number(detailUrl.split('/').pop());
  const detail = await (await request.get(`/api/get-discussion-detail?did=${did}`)).json();
  expect(detail.data.topPriority).toBe(true);
  const notice = await request.post('/api/admin/msg/notice', {
    headers: admin(root),
    data: { title: NOTICE, content: 'The judge restarts at 23:00.', type: 'All' },
  });
  expect(notice.ok()).toBeTruthy();

  // Both students read it under System.
  for (const p of [a, b]) {
    await p.goto('/message/sys');
    await expect(p.getByText(NOTICE)).toBeVisible();
  }
  await a.goto('/discussion');
  await expect(a.getByText(`[1000] ${TITLE}`)).toBeVisible();
  await a.context().close();
  await b.context().close();
});
