import { type Browser, expect, type Page, test } from '@playwright/test';
import { A_PLUS_B, admin, apiLogin, createUsers, signIn, USER_PASSWORD } from '../contest-helpers';
import { ROOT_PASSWORD } from '../env';

// A missing control fails fast instead of eating the whole journey's time.
test.use({ actionTimeout: 20_000, navigationTimeout: 20_000 });

const stamp = Date.now().toString(36).slice(-5);
const TEACHER = `gt${stamp}`;
const S1 = `ga${stamp}`;
const S2 = `gb${stamp}`;
const OUTSIDER = `go${stamp}`;
const SHORT = `hw${stamp}`;
const CATEGORY = `Homework ${stamp}`;
const TRAINING = `Loops week ${stamp}`;
const CONTEST = `Class test ${stamp}`;
const POST = `Reading input ${stamp}`;

const userPage = async (browser: Browser, username: string) => {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, username, USER_PASSWORD);
  return page;
};

const submit = async (page: Page, code: string) => {
  const languageBox = page.getByRole('combobox', { name: '语言' });
  await languageBox.fill('Python3');
  await languageBox.press('Enter');
  await page.getByRole('textbox', { name: '代码编辑器' }).fill(code);
  await page.getByRole('button', { name: /提\s?交$/ }).click();
  await expect(page.getByRole('status', { name: '评测' }).getByText('答案正确')).toBeVisible({ timeout: 120_000 });
};

test("a teacher builds a group training and a group OI contest from the group's problem; two members solve both and show on both ranks; an outsider is refused both; the contest stays off the public list; members talk in the group's discussion", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(420_000);
  const root = await apiLogin(request, 'root', ROOT_PASSWORD);
  await createUsers(request, root, [TEACHER, S1, S2, OUTSIDER]);
  await request.put('/api/admin/switch/update', {
    headers: admin(root),
    data: { defaultCreateGroupACInitValue: 0, defaultCreateGroupDailyLimit: 0, defaultSubmitInterval: 0 },
  });
  // The class, its two members and its problem (the group problem journey covers writing one in the browser).
  const teacher = await apiLogin(request, TEACHER, USER_PASSWORD);
  const group = await request.post('/api/group', {
    headers: { Authorization: teacher },
    // Its students post in its discussions from the start, before they have solved anything in the bank (the site
    // asks for accepted problems; decision 0042).
    data: {
      name: `Class ${stamp} 9A`,
      shortName: SHORT,
      brief: 'Grade 9 C++',
      description: 'Our class.',
      auth: 1,
      minAcToPost: 0,
    },
  });
  const gid = (await group.json()).data.id as number;
  for (const u of [S1, S2]) {
    const joined = await request.post(`/api/group/member?gid=${gid}`, {
      headers: { Authorization: await apiLogin(request, u, USER_PASSWORD) },
    });
    expect((await joined.json()).data.auth).toBe(3);
  }
  const problem = await request.post('/api/group/problem', {
    headers: { Authorization: teacher },
    data: {
      problem: {
        title: `Sum ${stamp}`,
        description: 'Print the sum of two integers.',
        input: 'Two integers.',
        output: 'Their sum.',
        auth: 1,
        // OI: the contest's board counts its score.
        type: 1,
        gid,
      },
      samples: [
        { input: '1 2\n', output: '3\n', score: 50 },
        { input: '40 2\n', output: '42\n', score: 50 },
      ],
      isUploadTestCase: false,
      languages: [{ name: 'Python3' }],
      tags: [],
      codeTemplates: [],
    },
  });
  expect(problem.ok(), await problem.text()).toBeTruthy();
  const problemId = (await problem.json()).data.problemId as string;

  // The teacher: a training in the group's admin mode, with a category made on the spot and the group's problem.
  await signIn(page, TEACHER, USER_PASSWORD);
  await page.goto(`/group/${gid}/training?mode=admin`);
  await page.getByRole('button', { name: /创建训练/ }).click();
  await expect(page).toHaveURL(new RegExp(`/group/${gid}/training/create$`));
  // The address moves at once, while the list (with its "搜索训练标题" box) stays until the form's script part is
  // there: the exact label is the form's own title field.
  await page.getByLabel('训练标题', { exact: true }).fill(TRAINING);
  await page.getByRole('textbox', { name: '训练描述' }).fill('Read, loop, print.');
  await page.getByRole('button', { name: '新建分类' }).first().click();
  const categoryDialog = page.getByRole('dialog', { name: '为本团队创建训练分类' });
  await categoryDialog.getByRole('textbox', { name: '分类名称' }).fill(CATEGORY);
  await categoryDialog.getByRole('button', { name: /创\s?建/ }).click();
  await expect(categoryDialog).toBeHidden();
  await expect(page.getByRole('combobox', { name: '训练分类' }).locator('..')).toContainText(CATEGORY);
  await page.getByRole('button', { name: /保\s?存/ }).click();
  await expect(page).toHaveURL(new RegExp(`/group/${gid}/training/edit/\\d+/problems$`));
  const tid = Number(/training\/edit\/(\d+)\/problems/.exec(page.url())?.[1]);
  await page.getByRole('button', { name: '从团队题库添加' }).click();
  const fromGroup = page.getByRole('dialog', { name: '从团队题库添加' });
  await fromGroup.getByRole('button', { name: `添加 ${problemId}` }).click();
  await expect(fromGroup.getByText('已在训练中')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('cell', { name: problemId }).first()).toBeVisible();

  // …and an OI contest running now, with the same problem as A.
  await page.goto(`/group/${gid}/contest?mode=admin`);
  await page.getByRole('button', { name: /创建比赛/ }).click();
  await expect(page).toHaveURL(new RegExp(`/group/${gid}/contest/create$`));
  await page.getByLabel('比赛标题').fill(CONTEST);
  await page.getByRole('textbox', { name: '比赛描述', exact: true }).fill('One problem, OI rules.');
  await page.getByRole('radio', { name: 'OI' }).check();
  await page.getByRole('button', { name: /保\s?存/ }).click();
  await expect(page).toHaveURL(new RegExp(`/group/${gid}/contest/\\d+/problems$`));
  const cid = Number(/contest\/(\d+)\/problems/.exec(page.url())?.[1]);
  await page.getByRole('button', { name: '从团队题库添加' }).click();
  const contestPicker = page.getByRole('dialog', { name: '从团队题库添加' });
  await contestPicker.getByRole('button', { name: `添加 ${problemId}` }).click();
  await contestPicker.getByLabel(/展示\s?ID/).fill('A');
  await contestPicker
    .getByRole('button', { name: /保\s?存|添\s?加/ })
    .last()
    .click();
  await expect(page.getByRole('cell', { name: 'A', exact: true })).toBeVisible();

  // Both members solve it in the training and in the contest.
  for (const u of [S1, S2]) {
    const p = await userPage(browser, u);
    await p.goto(`/group/${gid}/training`);
    await p.getByText(TRAINING).click();
    await expect(p).toHaveURL(new RegExp(`/group/${gid}/training/${tid}`));
    await p.goto(`/group/${gid}/training/${tid}/problem/${problemId}`);
    await submit(p, A_PLUS_B);
    await p.goto(`/group/${gid}/contest`);
    await p.getByText(CONTEST).click();
    await expect(p).toHaveURL(new RegExp(`/contest/${cid}`));
    await p.goto(`/contest/${cid}/problem/A`);
    await submit(p, A_PLUS_B);
    await p.context().close();
  }

  // Both show on the training's rank and on the contest's board.
  const s1 = await userPage(browser, S1);
  await s1.goto(`/group/${gid}/training/${tid}/rank`);
  for (const u of [S1, S2]) await expect(s1.getByRole('row').filter({ hasText: u }).first()).toBeVisible();
  await s1.goto(`/contest/${cid}/rank`);
  for (const u of [S1, S2]) {
    await expect(s1.getByRole('row').filter({ hasText: u }).first()).toContainText('100');
  }

  // The public contest list never shows it; an outsider is refused the training and the contest.
  await s1.goto('/contest');
  await expect(s1.getByRole('heading', { name: /比赛/ }).first()).toBeVisible();
  await expect(s1.getByText(CONTEST)).toHaveCount(0);
  const outsider = await apiLogin(request, OUTSIDER, USER_PASSWORD);
  for (const url of [`/api/get-training-detail?tid=${tid}`, `/api/get-contest-info?cid=${cid}`]) {
    const res = await request.get(url, { headers: { Authorization: outsider } });
    expect(res.status()).toBe(403);
    expect(await res.text()).not.toContain(stamp);
  }
  const stranger = await userPage(browser, OUTSIDER);
  await stranger.goto(`/contest/${cid}`);
  await expect(stranger.locator('.ant-result-title').getByText('您不是该团队的成员')).toBeVisible();
  await expect(stranger.getByText(CONTEST)).toHaveCount(0);

  // A member asks in the group's discussion; the other member replies.
  await s1.goto(`/group/${gid}/discussion`);
  await s1
    .getByRole('button', { name: /发\s?帖|发布讨论|新建讨论/ })
    .first()
    .click();
  const editor = s1.getByRole('dialog');
  await editor.getByLabel(/标题/).first().fill(POST);
  await editor
    .getByLabel(/描述|简介/)
    .first()
    .fill('How do I read two numbers?');
  await editor.getByRole('textbox', { name: /内容/ }).fill('Is input().split() the way?');
  await editor.getByRole('combobox', { name: /分类/ }).click();
  await s1.locator('.ant-select-item-option').first().click();
  await editor
    .getByRole('button', { name: /发\s?布|提\s?交|保\s?存/ })
    .last()
    .click();
  await expect(s1).toHaveURL(new RegExp(`/group/${gid}/discussion-detail/\\d+$`));
  const did = Number(/discussion-detail\/(\d+)/.exec(s1.url())?.[1]);
  await expect(s1.getByRole('heading', { name: POST })).toBeVisible();

  const s2 = await userPage(browser, S2);
  await s2.goto(`/group/${gid}/discussion`);
  await s2.getByRole('link', { name: POST }).click();
  await expect(s2).toHaveURL(new RegExp(`/group/${gid}/discussion-detail/${did}$`));
  await s2.getByRole('textbox', { name: /评论/ }).first().fill('Yes: a, b = map(int, input().split())');
  await s2
    .getByRole('button', { name: /发表评论|评\s?论|提\s?交/ })
    .first()
    .click();
  // In the list of comments: the box may still hold the text for a moment after the list shows it.
  await expect(
    s2.getByRole('list', { name: '评论区' }).getByText('Yes: a, b = map(int, input().split())'),
  ).toBeVisible();
  const replies = await request.get(`/api/comments?did=${did}`, { headers: { Authorization: outsider } });
  expect(replies.status()).toBe(403);
});
