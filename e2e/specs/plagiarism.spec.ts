import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
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
import { SHOTS_DIR } from '../screenshot-sweep';

test.use({ actionTimeout: 20_000, navigationTimeout: 20_000 });

const stamp = Date.now().toString(36).slice(-5);
const STUDENTS = ['pla', 'plb', 'plc', 'pld', 'ple'].map((s) => `${s}${stamp}`);

/** A+B solved one way, two disguised copies of it (renamed and commented; reordered with a dead statement), and a
 * different solution. */
const ORIGINAL = `import sys


def read_numbers():
    data = sys.stdin.read().split()
    return [int(x) for x in data]


def solve(values):
    results = []
    for i in range(0, len(values) - 1, 2):
        total = values[i] + values[i + 1]
        results.append(str(total))
    return results


def main():
    numbers = read_numbers()
    answers = solve(numbers)
    print("\\n".join(answers))


main()
`;
const RENAMED = `import sys

# read every number of the input
def grab():
    raw = sys.stdin.read().split()
    return [int(t) for t in raw]


def work(arr):
    out = []  # the sums
    for k in range(0, len(arr) - 1, 2):
        s = arr[k] + arr[k + 1]
        out.append(str(s))
    return out


def run():
    nums = grab()
    res = work(nums)
    print("\\n".join(res))


run()
`;
const REORDERED = `import sys


def main():
    unused = 0
    numbers = read_numbers()
    answers = solve(numbers)
    print("\\n".join(answers))


def solve(values):
    results = []
    for i in range(0, len(values) - 1, 2):
        total = values[i] + values[i + 1]
        results.append(str(total))
    return results


def read_numbers():
    data = sys.stdin.read().split()
    return [int(x) for x in data]


main()
`;
const DIFFERENT = `import sys
tokens = sys.stdin.read().split()
pos = 0
while pos + 1 < len(tokens):
    a = int(tokens[pos]); b = int(tokens[pos + 1])
    sys.stdout.write(f"{a + b}\\n")
    pos += 2
`;

test('a contest admin runs copy detection, sees the cluster of copies, opens a pair side by side and dismisses it for the next check', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const root = await apiLogin(request, 'root', ROOT_PASSWORD);
  await createUsers(request, root, STUDENTS);
  const now = Date.now();
  const contest = (
    await (
      await request.post('/api/admin/contest', {
        headers: admin(root),
        data: {
          title: `Copy detection ${stamp}`,
          description: 'Homework.',
          type: 0,
          auth: 0,
          startTime: new Date(now - 5 * 60_000).toISOString(),
          endTime: new Date(now + 2 * 3600_000).toISOString(),
          visible: true,
        },
      })
    ).json()
  ).data;
  const cid = contest.id as number;
  await addSampleProblems(request, root, cid, [{ problemId: '1000', displayId: 'A' }]);
  const codes = [ORIGINAL, RENAMED, REORDERED, DIFFERENT];
  for (const [i, name] of STUDENTS.slice(0, 4).entries()) {
    const token = await apiLogin(request, name, USER_PASSWORD);
    await submitAndJudge(request, root, token, cid, 'A', codes[i], ACCEPTED);
  }

  // The contest's admin opens copy detection from the contest list's row and starts a check.
  await signIn(page, 'root', ROOT_PASSWORD);
  await page.goto(`/admin/contest/${cid}/plagiarism`);
  await expect(page.getByText('该范围还没有查重记录。')).toBeVisible();
  await page.getByRole('button', { name: '开始查重' }).click();
  // Progress while it runs, then the cluster of the three copies; the different solution stays out.
  await expect(page.getByText('已完成', { exact: true })).toBeVisible({ timeout: 60_000 });
  const clusters = page.getByRole('list', { name: '相似群组' });
  await expect(clusters.getByText('3 名用户的代码高度相似')).toBeVisible();
  for (const name of STUDENTS.slice(0, 3)) await expect(clusters.getByRole('button', { name })).toBeVisible();
  await expect(clusters.getByRole('button', { name: STUDENTS[3] })).toHaveCount(0);

  // The most similar pair side by side, its fragments linked.
  await page
    .getByRole('button', { name: /^对比 / })
    .first()
    .click();
  await expect(page).toHaveURL(/pair=\d+-\d+/);
  const pairAt = page.url();
  await expect(page.getByRole('heading', { name: /的代码对比/ })).toBeVisible();
  const sides = page.getByRole('region', { name: /的代码（提交 \d+）/ });
  await expect(sides).toHaveCount(2);
  await expect(sides.first().locator('.cm-content')).toContainText('import sys');
  const fragment = page.getByRole('button', { name: /^第 \d+ 行 ↔ 第 \d+ 行/ }).first();
  await fragment.click();
  await expect(sides.first().locator('.oj-fragment-selected').first()).toBeVisible();
  await expect(sides.last().locator('.oj-fragment-selected').first()).toBeVisible();
  await page.getByRole('button', { name: '返回列表' }).click();
  await expect(page.getByRole('list', { name: '相似群组' })).toBeVisible();
  const checkUrl = page.url();
  const pairUrl = `${checkUrl}&pair=${/pair=(\d+-\d+)/.exec(pairAt)?.[1]}`;

  // The admin dismisses the pair with a note. The decision belongs to the contest, so the next check shows it too.
  await page.goto(pairAt);
  const decision = page.getByRole('region', { name: /的判定$/ });
  await decision.getByRole('combobox', { name: '判定' }).click();
  await page.getByTitle('已排除', { exact: true }).click();
  await decision.getByRole('textbox', { name: '备注' }).fill('课上发的模板');
  await decision.getByRole('button', { name: '保存判定' }).click();
  await expect(page.getByText('判定已保存')).toBeVisible();
  await expect(decision.getByRole('heading', { name: /已排除/ })).toBeVisible();
  await page.goto(checkUrl);
  await page.getByRole('button', { name: '开始查重' }).click();
  await expect(page).not.toHaveURL(checkUrl);
  await expect(page.getByText('已完成', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('row', { name: /已排除/ })).toHaveCount(1);

  // Watching the contest: a later accepted copy joins the watching check's pairs once it is judged, without a new
  // check; the dismissed pair stays dismissed there too.
  await page.getByRole('switch', { name: '持续监测新提交' }).click();
  await expect(page.getByText('已开启持续监测：新的通过提交评测后立即比对')).toBeVisible();
  await expect(page.getByText('监测中', { exact: true })).toBeVisible();
  await expect(page.getByText('已完成', { exact: true })).toBeVisible({ timeout: 60_000 });
  const watchUrl = page.url();
  await expect(page.getByRole('row', { name: /已排除/ })).toHaveCount(1);
  await expect(page.getByRole('row', { name: new RegExp(STUDENTS[4]) })).toHaveCount(0);
  const late = await apiLogin(request, STUDENTS[4], USER_PASSWORD);
  await submitAndJudge(request, root, late, cid, 'A', DIFFERENT, ACCEPTED);
  await expect(page.getByRole('row', { name: new RegExp(STUDENTS[4]) }).first()).toBeVisible({ timeout: 45_000 });
  await expect(page.getByText(/^更新于 /)).toBeVisible();

  // The finished check and the pair view in both languages, on a laptop and a phone: no sideways scrolling, no raw
  // text keys, the fragments marked on both sides (OJ_SWEEP_SHOTS=<dir> also writes each as a PNG).
  for (const lang of ['zh-CN', 'en-US'] as const) {
    await page.evaluate((l) => window.localStorage.setItem('language', l), lang);
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      const views = [
        { name: 'check', url: watchUrl, ready: page.locator('.oj-plag-cluster').first() },
        { name: 'pair', url: pairUrl, ready: page.locator('.oj-plag-side .oj-fragment').first() },
      ];
      for (const view of views) {
        await page.goto(view.url);
        await expect(view.ready).toBeVisible();
        if (view.name === 'check') {
          await expect(page.locator('.ant-table-row').first()).toBeVisible();
          // The base files' panel open, its form laid out too.
          await page.getByRole('button', { name: /^(基础代码|Base files)/ }).click();
          await expect(page.getByRole('textbox', { name: /^(基础代码|Base file code)$/ })).toBeVisible();
        } else {
          // Each side scrolled to as a reader does: the code view lays out what comes into sight.
          for (const side of await page.locator('.oj-plag-side').all()) {
            await side.scrollIntoViewIfNeeded();
            await expect(side.locator('.oj-fragment').first()).toBeVisible();
          }
          await page.evaluate(() => window.scrollTo(0, 0));
        }
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${view.name} ${lang} ${width}: sideways scrolling`).toBeLessThanOrEqual(1);
        expect(await page.locator('body').textContent(), `${view.name} ${lang}: a raw text key`).not.toMatch(
          /\bPlag_[A-Za-z_]+/,
        );
        if (SHOTS_DIR) {
          // The whole page as the viewport (not a full-page capture): a code view lays itself out only once in sight,
          // so one below the fold would be captured before it measured its lines.
          fs.mkdirSync(SHOTS_DIR, { recursive: true });
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          await page.setViewportSize({ width, height });
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
          await page.screenshot({
            path: path.join(SHOTS_DIR, `plagiarism-${view.name}-${lang}-${width}.png`),
            animations: 'disabled',
          });
          await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
        }
      }
    }
  }
});
