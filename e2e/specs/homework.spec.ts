import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { A_PLUS_B, ACCEPTED, admin, apiLogin, createUsers, signIn, USER_PASSWORD } from '../contest-helpers';
import { ROOT_PASSWORD } from '../env';
import { SHOTS_DIR } from '../screenshot-sweep';

// A missing control fails fast instead of eating the whole journey's time.
test.use({ actionTimeout: 20_000, navigationTimeout: 20_000 });

const stamp = Date.now().toString(36).slice(-5);
const [TEACHER, ON_TIME, LATE] = ['ht', 'hs', 'hl'].map((s) => `${s}${stamp}`);
const TRAINING = `Loops homework ${stamp}`;
const MINUTE = 60_000;

/** "YYYY-MM-DD HH:mm" in the browser's (this machine's) time zone, as the form's date fields take it. */
const minuteText = (ms: number) => {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
};

/** Submits A+B in Python3 to the training and waits for Accepted; the submission's time. */
const handIn = async (request: APIRequestContext, root: string, who: string, body: object) => {
  const token = await apiLogin(request, who, USER_PASSWORD);
  const res = await request.post('/api/submit-problem-judge', {
    headers: { Authorization: token },
    data: { ...body, language: 'Python3', code: A_PLUS_B },
  });
  const sent = await res.json();
  expect(sent.status, JSON.stringify(sent)).toBe(200);
  await expect
    .poll(
      async () => {
        const detail = await request.get(`/api/get-submission-detail?submitId=${sent.data.submitId}`, {
          headers: { Authorization: root },
        });
        return (await detail.json()).data?.submission?.status;
      },
      { timeout: 90_000, intervals: [500, 1000] },
    )
    .toBe(ACCEPTED);
  return new Date(sent.data.submitTime).getTime();
};

test('a teacher sets a due time between two students’ submissions: the gradebook shows one on time and one late with the penalty, and the export downloads', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const root = await apiLogin(request, 'root', ROOT_PASSWORD);
  await createUsers(request, root, [TEACHER, ON_TIME, LATE]);
  await request.put('/api/admin/switch/update', {
    headers: admin(root),
    data: { defaultCreateGroupACInitValue: 0, defaultCreateGroupDailyLimit: 0, defaultSubmitInterval: 0 },
  });
  // The class, its students, its problem and a training of it (the group journeys build these in the browser).
  const teacher = await apiLogin(request, TEACHER, USER_PASSWORD);
  const as = (token: string) => ({ headers: { Authorization: token } });
  const group = await request.post('/api/group', {
    ...as(teacher),
    data: { name: `Class ${stamp} 8B`, shortName: `hw${stamp}`, brief: 'Grade 8', description: 'Our class.', auth: 1 },
  });
  const gid = (await group.json()).data.id as number;
  for (const u of [ON_TIME, LATE]) {
    const joined = await request.post(`/api/group/member?gid=${gid}`, as(await apiLogin(request, u, USER_PASSWORD)));
    expect((await joined.json()).data.auth).toBe(3);
  }
  const problem = await request.post('/api/group/problem', {
    ...as(teacher),
    data: {
      problem: {
        title: `Sum ${stamp}`,
        description: 'Print the sum of two integers.',
        input: 'Two integers.',
        output: 'Their sum.',
        auth: 1,
        type: 0,
        gid,
      },
      samples: [{ input: '1 2\n', output: '3\n', score: 100 }],
      isUploadTestCase: false,
      languages: [{ name: 'Python3' }],
      tags: [],
      codeTemplates: [],
    },
  });
  expect(problem.ok(), await problem.text()).toBeTruthy();
  const { problemId, pid } = (await problem.json()).data as { problemId: string; pid: number };
  const category = await request.post('/api/group/training-category', {
    ...as(teacher),
    data: { gid, name: `Homework ${stamp}`, color: '#2d8cf0' },
  });
  const form = {
    title: TRAINING,
    description: 'Read two numbers, print their sum.',
    auth: 'Public',
    rank: 1000,
    status: true,
    gid,
  };
  const made = await request.post('/api/group/training', {
    ...as(teacher),
    data: { training: form, trainingCategory: { id: (await category.json()).data.id } },
  });
  expect(made.ok(), await made.text()).toBeTruthy();
  const tid = (await made.json()).data.training.id as number;
  const added = await request.post('/api/group/add-training-problem-from-group', {
    ...as(teacher),
    data: { tid, problemId },
  });
  expect(added.ok(), await added.text()).toBeTruthy();
  // The embedded judge declares Python3 once its probes have run.
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/get-problem-languages?pid=${pid}`, as(teacher));
        return ((await res.json()).data as { name: string }[]).map((l) => l.name);
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toContain('Python3');

  // One student hands in; the other after the next minute has begun (the form's due time is to the minute).
  const submit = { pid: problemId, tid, gid };
  const first = await handIn(request, root, ON_TIME, submit);
  const due = Math.floor(first / MINUTE) * MINUTE + MINUTE;
  await page.waitForTimeout(Math.max(0, due + 1000 - Date.now()));
  const second = await handIn(request, root, LATE, submit);
  expect(first).toBeLessThan(due);
  expect(second).toBeGreaterThan(due);

  // The teacher makes it homework: due at that minute, late work accepted for a day at 20 % off per day.
  await signIn(page, TEACHER, USER_PASSWORD);
  await page.goto(`/group/${gid}/training/edit/${tid}`);
  const dueField = page.getByRole('textbox', { name: '截止时间', exact: true });
  await dueField.click();
  await dueField.fill(minuteText(due));
  await dueField.press('Enter');
  const lateField = page.getByRole('textbox', { name: '迟交截止时间' });
  await expect(lateField).toBeEnabled();
  await lateField.click();
  await lateField.fill(minuteText(due + 24 * 60 * MINUTE));
  await lateField.press('Enter');
  await page.getByRole('spinbutton', { name: '迟交扣分' }).fill('20');
  await page.getByRole('button', { name: /保\s?存/ }).click();
  await expect(page.getByText(/成功/).first()).toBeVisible();
  const saved = await request.get(`/api/group/training?tid=${tid}`, as(teacher));
  expect((await saved.json()).data.training).toMatchObject({
    dueTime: new Date(due).toISOString(),
    latePenalty: 20,
    latePenaltyUnit: 'day',
  });

  // The gradebook: the first student on time with full marks, the second late with 80.
  await page.goto(`/group/${gid}/gradebook`);
  const grid = page.getByRole('table', { name: '成绩册' });
  const row = (username: string) => grid.getByRole('row').filter({ hasText: username });
  await expect(row(ON_TIME)).toContainText('100');
  await expect(row(ON_TIME)).not.toContainText('迟交');
  await expect(row(LATE)).toContainText('80');
  await expect(row(LATE)).toContainText('迟交');

  // The assignment problem by problem: each student's verdict and tries.
  await grid.getByRole('button', { name: `查看${TRAINING}的逐题情况` }).click();
  const matrix = page.getByRole('dialog');
  await expect(matrix.getByRole('row').filter({ hasText: LATE })).toContainText('答案正确');
  await page.keyboard.press('Escape');

  // The export downloads as a workbook and as CSV with the same figures.
  const download = async (name: RegExp) => {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
    const to = path.join(test.info().outputPath(), file.suggestedFilename());
    await file.saveAs(to);
    return { name: file.suggestedFilename(), bytes: fs.readFileSync(to) };
  };
  const xlsx = await download(/导出电子表格/);
  expect(xlsx.name).toBe(`group_${gid}_gradebook.xlsx`);
  expect(xlsx.bytes.subarray(0, 2).toString()).toBe('PK');
  const csv = await download(/导出 CSV/);
  const lines = csv.bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(
    lines
      .find((l) => l.startsWith(`${ON_TIME},`))
      ?.split(',')
      .at(-1),
  ).toBe('100');
  expect(
    lines
      .find((l) => l.startsWith(`${LATE},`))
      ?.split(',')
      .at(-1),
  ).toBe('80');

  // The late student sees his state and score on the training.
  const student = await (await page.context().browser()?.newContext())?.newPage();
  if (!student) throw new Error('no second browser context');
  await signIn(student, LATE, USER_PASSWORD);
  await student.goto(`/group/${gid}/training/${tid}`);
  await expect(student.getByText(/迟交/).first()).toBeVisible();
  await expect(student.getByText('80', { exact: false }).first()).toBeVisible();

  // Screenshots for review: the gradebook, the form and the student's training page, both languages, both widths.
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
        await p.screenshot({ path: path.join(SHOTS_DIR, `homework-${name}-${lang}-${width}.png`), fullPage: true });
      }
    }
    await p.evaluate(() => window.localStorage.setItem('language', 'zh-CN'));
  };
  await shots(page, 'gradebook', `/group/${gid}/gradebook`);
  await shots(page, 'matrix', `/group/${gid}/gradebook`, async () => {
    // On a phone the view goes "By assignment" (the first one, this one, is chosen), then opens it.
    const byAssignment = page.getByText(/^(按作业|By assignment)$/);
    if (await byAssignment.isVisible()) await byAssignment.click();
    const name = new RegExp(`^(查看${TRAINING}的逐题情况|Open ${TRAINING} problem by problem)$`);
    await page.getByRole('button', { name }).or(page.getByText(name)).first().click();
    await expect(page.getByRole('dialog').getByText(LATE).first()).toBeVisible();
  });
  await shots(page, 'form', `/group/${gid}/training/edit/${tid}`);
  await shots(student, 'training', `/group/${gid}/training/${tid}`);
});
