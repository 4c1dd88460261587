import { type Browser, expect, type Page, test } from '@playwright/test';
import { admin, apiLogin, createUsers, signIn, USER_PASSWORD } from '../contest-helpers';
import { ROOT_PASSWORD } from '../env';

// A missing control fails fast instead of eating the whole journey's time.
test.use({ actionTimeout: 20_000, navigationTimeout: 20_000 });

const stamp = Date.now().toString(36).slice(-5);
const A = `ma${stamp}`;
const B = `mb${stamp}`;
const C = `mc${stamp}`;

const userPage = async (browser: Browser, username: string) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, username, USER_PASSWORD);
  return page;
};

const postComment = async (page: Page, text: string) => {
  await page.getByRole('textbox', { name: '评论内容' }).fill(text);
  await page.locator('button.ant-btn-primary', { hasText: /评\s?论/ }).click();
  await expect(page.getByText('评论成功')).toBeVisible();
};

const replyTo = async (page: Page, item: ReturnType<Page['locator']>, text: string) => {
  await item
    .getByRole('button', { name: /回\s?复/ })
    .first()
    .click();
  await page.getByRole('textbox', { name: '回复内容' }).fill(text);
  await page.locator('button.ant-btn-primary', { hasText: /回\s?复/ }).click();
  await expect(page.getByText('回复成功').first()).toBeVisible();
};

test('comments and replies under a discussion reach the message centre; five replies show three and expand; in a running contest a question is the admin’s to see and the admin’s answer is not replied to', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const root = await apiLogin(request, 'root', ROOT_PASSWORD);
  const switches = await request.put('/api/admin/switch/update', {
    headers: admin(root),
    data: {
      defaultCreateDiscussionACInitValue: 0,
      defaultCreateDiscussionDailyLimit: 0,
      defaultCreateCommentACInitValue: 0,
      openContestComment: true,
    },
  });
  expect(switches.ok()).toBeTruthy();
  await createUsers(request, root, [A, B, C]);

  // A's discussion (through the API: the discussion journey covers posting in the page).
  const aToken = await apiLogin(request, A, USER_PASSWORD);
  const categoryId = (await (await request.get('/api/discussion-category')).json()).data[0].id;
  const posted = await request.post('/api/discussion', {
    headers: { Authorization: aToken },
    data: { title: `Stuck on sorting ${stamp}`, description: 'TLE', content: 'My bubble sort', categoryId },
  });
  const did = (await posted.json()).data.id as number;

  // B comments; A replies to B; B replies to A's reply.
  const b = await userPage(browser, B);
  await b.goto(`/discussion-detail/${did}`);
  await postComment(b, 'Try the standard sort');
  const a = await userPage(browser, A);
  await a.goto(`/discussion-detail/${did}`);
  const bComment = a.getByRole('article', { name: new RegExp(`^${B}: Try the standard sort`) });
  await expect(bComment).toBeVisible();
  await replyTo(a, bComment, 'Which header is it in?');
  await b.reload();
  const aReply = b.getByRole('listitem', { name: new RegExp(`^${A}: Which header`) });
  await expect(aReply).toBeVisible();
  await replyTo(b, aReply, 'algorithm');
  await expect(b.getByRole('listitem', { name: new RegExp(`^${B}: algorithm`) })).toContainText(`@${A}`);

  // Each hears of the other: A of B's comment (Discuss) and reply (Reply), B of A's reply.
  await a.goto('/message/discuss');
  await expect(a.getByText('评论了你的帖子')).toBeVisible();
  await expect(a.getByText('Try the standard sort')).toBeVisible();
  await a.goto('/message/reply');
  await expect(a.getByText('algorithm')).toBeVisible();
  await b.goto('/message/reply');
  await expect(b.getByText('Which header is it in?')).toBeVisible();
  await expect(b.getByText('回复了你').first()).toBeVisible();

  // A comment with five replies shows three, then all five.
  const bToken = await apiLogin(request, B, USER_PASSWORD);
  const many = await request.post('/api/comment', {
    headers: { Authorization: bToken },
    data: { did, content: 'Counting replies' },
  });
  const manyId = (await many.json()).data.id as number;
  for (let i = 1; i <= 5; i++) {
    const r = await request.post('/api/reply', {
      headers: { Authorization: aToken },
      data: { did, reply: { commentId: manyId, content: `answer number ${i}` }, quoteId: manyId, quoteType: 'Comment' },
    });
    expect(r.ok()).toBeTruthy();
  }
  await b.goto(`/discussion-detail/${did}`);
  const thread = b.getByRole('article', { name: new RegExp(`^${B}: Counting replies`) });
  const replies = thread.getByRole('list', { name: '回复列表' }).getByRole('listitem');
  await expect(replies).toHaveCount(3);
  await thread.getByRole('button', { name: /查看全部 5 条回复/ }).click();
  await expect(replies).toHaveCount(5);
  await thread.getByRole('button', { name: /收起回复/ }).click();
  await expect(replies).toHaveCount(3);

  // A running contest by root: B's question is root's to see, not C's; root's answer is not C's to reply to.
  const now = Date.now();
  const contest = await request.post('/api/admin/contest', {
    headers: admin(root),
    data: {
      title: `Comment Cup ${stamp}`,
      description: 'Ask here',
      type: 0,
      auth: 0,
      startTime: new Date(now - 3600_000).toISOString(),
      endTime: new Date(now + 4 * 3600_000).toISOString(),
    },
  });
  const cid = (await contest.json()).data.id as number;
  await b.goto(`/contest/${cid}/comment`);
  await postComment(b, `Is n at most 1e5? ${stamp}`);
  await signIn(page, 'root', ROOT_PASSWORD);
  await page.goto(`/contest/${cid}/comment`);
  await expect(page.getByText(`Is n at most 1e5? ${stamp}`)).toBeVisible();
  await postComment(page, 'Yes: see the constraints');
  const c = await userPage(browser, C);
  await c.goto(`/contest/${cid}/comment`);
  const answer = c.getByRole('article', { name: /^root: Yes: see the constraints/ });
  await expect(answer).toBeVisible();
  await expect(c.getByText(`Is n at most 1e5? ${stamp}`)).toHaveCount(0);
  await expect(answer.getByRole('button', { name: /回\s?复/ })).toHaveCount(0);
  // The server refuses it too.
  const cToken = await apiLogin(request, C, USER_PASSWORD);
  const list = await (await request.get(`/api/comments?cid=${cid}`, { headers: { Authorization: cToken } })).json();
  const answerId = list.data.commentList.records[0].id as number;
  const refused = await request.post('/api/reply', {
    headers: { Authorization: cToken },
    data: { cid, reply: { commentId: answerId, content: 'me too' }, quoteId: answerId, quoteType: 'Comment' },
  });
  expect(refused.status()).toBe(403);
  for (const p of [a, b, c]) await p.context().close();
});
