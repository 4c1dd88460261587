import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { admin, apiLogin, createUsers, signIn, USER_PASSWORD } from '../contest-helpers';
import { ROOT_PASSWORD } from '../env';
import { SHOTS_DIR } from '../screenshot-sweep';

// A missing control fails fast instead of eating the whole journey's time.
test.use({ actionTimeout: 20_000, navigationTimeout: 20_000 });

const stamp = Date.now().toString(36).slice(-5);
const [TEACHER, STUDENT] = ['rt', 'rs'].map((s) => `${s}${stamp}`);
/** Five lines; line 3 is the one the teacher remarks on. */
const CODE = 'import sys\na, b = map(int, sys.stdin.read().split())\nc = a + b\nprint(c)\n';

test('a teacher comments on line 3 of a student’s code; the student reads it in his messages and under the line, and answers', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const root = await apiLogin(request, 'root', ROOT_PASSWORD);
  await createUsers(request, root, [TEACHER, STUDENT]);
  await request.put('/api/admin/switch/update', {
    headers: admin(root),
    data: { defaultCreateGroupACInitValue: 0, defaultCreateGroupDailyLimit: 0, defaultSubmitInterval: 0 },
  });
  // The class, its student and its problem, through the API (the group journeys build these in the browser).
  const teacher = await apiLogin(request, TEACHER, USER_PASSWORD);
  const student = await apiLogin(request, STUDENT, USER_PASSWORD);
  const as = (token: string) => ({ headers: { Authorization: token } });
  const group = await request.post('/api/group', {
    ...as(teacher),
    data: { name: `Review class ${stamp}`, shortName: `rv${stamp}`, brief: 'Grade 8', description: 'Ours.', auth: 1 },
  });
  const gid = (await group.json()).data.id as number;
  const joined = await request.post(`/api/group/member?gid=${gid}`, as(student));
  expect((await joined.json()).data.auth).toBe(3);
  const problem = await request.post('/api/group/problem', {
    ...as(teacher),
    data: {
      problem: { title: `Sum ${stamp}`, description: 'Add.', input: 'a b', output: 'a+b', auth: 1, type: 0, gid },
      samples: [{ input: '1 2\n', output: '3\n', score: 100 }],
      isUploadTestCase: false,
      languages: [{ name: 'Python3' }],
      tags: [],
      codeTemplates: [],
    },
  });
  expect(problem.ok(), await problem.text()).toBeTruthy();
  const { problemId, pid } = (await problem.json()).data as { problemId: string; pid: number };
  // The embedded judge declares Python3 once its probes have run.
  await expect
    .poll(
      async () =>
        (
          (await (await request.get(`/api/get-problem-languages?pid=${pid}`, as(teacher))).json()).data as {
            name: string;
          }[]
        ).map((l) => l.name),
      { timeout: 90_000, intervals: [1000] },
    )
    .toContain('Python3');
  const sent = await request.post('/api/submit-problem-judge', {
    ...as(student),
    data: { pid: problemId, gid, language: 'Python3', code: CODE },
  });
  const submitId = (await sent.json()).data.submitId as number;
  expect(submitId).toBeGreaterThan(0);
  const detail = `/group/${gid}/submission-detail/${submitId}`;

  // The teacher picks line 3 beside the code and writes his remark.
  await signIn(page, TEACHER, USER_PASSWORD);
  await page.goto(detail);
  await page.getByRole('button', { name: '点评第 3 行' }).click();
  const box = page.getByRole('region', { name: '点评第 3 行' });
  await box.getByRole('textbox', { name: '点评内容' }).fill('Why **c**? Print `a + b` directly.');
  await box.getByRole('button', { name: '发表点评' }).click();
  const remark = page.getByRole('article', { name: `${TEACHER} 对第 3 行的点评` });
  await expect(remark.getByText('Print')).toBeVisible();
  await expect(remark.locator('strong', { hasText: 'c' })).toBeVisible();
  await shots(page, 'teacher', detail, async () => {
    // A second remark being written on lines 4-5: picked with a click and a shift-click.
    await page.getByRole('button', { name: /^(点评第 4 行|Review line 4)$/ }).click();
    await page.getByRole('button', { name: /^(点评第 5 行|Review line 5)$/ }).click({ modifiers: ['Shift'] });
    await page.getByRole('textbox', { name: /^(点评内容|Review)$/ }).fill('A `print` of *one* value.');
  });

  // The student finds it in his messages, follows the link and answers under line 3.
  await signIn(page, STUDENT, USER_PASSWORD);
  await shots(page, 'message', '/message/mine');
  await page.goto('/message/mine');
  const note = page.getByText(`${TEACHER} 点评了您的提交`);
  await expect(note).toBeVisible();
  await page.getByRole('link', { name: `#${submitId}` }).click();
  await expect(page).toHaveURL(new RegExp(`${detail}$`));
  const seen = page.getByRole('article', { name: `${TEACHER} 对第 3 行的点评` });
  await expect(seen.getByText('Print')).toBeVisible();
  await seen.getByRole('button', { name: '回复' }).click();
  await seen.getByRole('textbox', { name: '回复内容' }).fill('Thanks, I will print it directly.');
  await seen.getByRole('button', { name: '发送' }).click();
  await expect(seen.getByRole('list', { name: '回复' }).getByText('Thanks, I will print it directly.')).toBeVisible();
  await shots(page, 'student', detail);

  // The teacher hears of the answer.
  const mine = await (await request.get('/api/msg/mine?currentPage=1&limit=5', as(teacher))).json();
  expect(mine.data.records[0].content).toContain(STUDENT);
  if (SHOTS_DIR) {
    await signIn(page, TEACHER, USER_PASSWORD);
    await shots(page, 'reviewed', `/group/${gid}/reviewed-submissions`);
  }
});

/** With OJ_SWEEP_SHOTS set, the page at 1366 and 390 px in both languages, for a person to look at. */
const shots = async (p: Page, name: string, url: string, then?: () => Promise<void>) => {
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  for (const lang of ['zh-CN', 'en-US'] as const) {
    await p.evaluate((l) => window.localStorage.setItem('language', l), lang);
    for (const width of [1366, 390]) {
      await p.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      await p.goto(url);
      await p.waitForLoadState('networkidle');
      await then?.();
      // A full-page picture of a scrolled page draws the fixed header where the window was.
      await p.evaluate(() => window.scrollTo(0, 0));
      await p.screenshot({ path: path.join(SHOTS_DIR, `review-${name}-${lang}-${width}.png`), fullPage: true });
    }
  }
  await p.evaluate(() => window.localStorage.setItem('language', 'zh-CN'));
  await p.setViewportSize({ width: 1280, height: 720 });
};
