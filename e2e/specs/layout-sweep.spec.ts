import fs from 'node:fs';
import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { A_PLUS_B, admin, apiLogin, USER_PASSWORD } from '../contest-helpers';
import { ROOT_PASSWORD } from '../env';
import { SHOTS_DIR, shoot } from '../screenshot-sweep';
import { type PageReport, pageChecks } from '../sweep-checks';
import { coverageProblems, type Lang, type Role, type SweepData, sweepRoutes } from '../sweep-routes';

/** Layout sweep (issue "Polish, part 1"): every route of the route table (sweep-routes.ts), as visitor, student and
 * root where the route allows, in zh-CN and en-US, at 390 px (and 1366 px for sideways scrolling). It collects
 * every finding and fails once at the end with the whole list:
 *   a. sideways scrolling: scrollWidth > innerWidth + 1 (with the elements that stick out);
 *   b. raw translation keys shown as text (Foo_Bar), user data excluded;
 *   c. in zh-CN, Latin words of 3+ letters in the interface chrome that are not on LATIN_ALLOWLIST nor data.
 * Run: npm run build -w @oj/web && OJ_E2E_PORT=18091 npx playwright test -c e2e/playwright.config.ts
 * e2e/specs/layout-sweep.spec.ts (OJ_SWEEP_SHOTS=/tmp/sweep also writes PNGs, see screenshot-sweep.ts). */

/** Latin words allowed in zh-CN chrome (compared case-insensitively, whole letter runs of 3+ letters): product and
 * technical names that stay Latin in Chinese interfaces. Keep this the one place for them. Data is not listed here:
 * the site's names, usernames and the titles the sweep creates or the seed holds are cut out of a text as whole
 * strings before its words are checked (createData's `words`), so "A+B Problem" passes and a lone "Problem" does not. */
const LATIN_ALLOWLIST = [
  'OJ',
  'ACM',
  'OI',
  'ID',
  'AC',
  'Java',
  'Python',
  'PyPy',
  'Golang',
  'JavaScript',
  'Node',
  'Rust',
  'HOJ',
  'HTTP',
  'HTTPS',
  'CSV',
  'JSON',
  'Markdown',
  'SPJ',
  'URL',
  'QQ',
  'GitHub',
  'Codeforces',
  // The language switch names the other language in that language.
  'English',
  // Mail, file formats and the problem-package formats the import page names.
  'SMTP',
  'SSL',
  'ZIP',
  'XML',
  'FPS',
  // QDUOJ and HydroOJ exports (the site's short name, OJ, is cut out of a text as data first, leaving QDU).
  'QDU',
  'Hydro',
  // The judges' language names: "C++ 17 With O2".
  'With',
];

const WIDE = 1366;
const NARROW = 390;
const LANGS: Lang[] = ['zh-CN', 'en-US'];
const ROLES: Role[] = ['visitor', 'student', 'root'];
/** How many (role, language) contexts sweep at once. */
const LANES = Number(process.env.OJ_SWEEP_LANES ?? 2);

const stamp = String(Date.now() % 1_000_000);
const STUDENT = `sweep${stamp}`;

test.use({ actionTimeout: 20_000, navigationTimeout: 20_000 });

test('the sweep list covers every route of the route table', () => {
  expect(coverageProblems()).toEqual([]);
  const patterns = sweepRoutes().map((r) => r.pattern);
  expect(new Set(patterns).size).toBe(patterns.length);
});

const ok = async (res: Awaited<ReturnType<APIRequestContext['get']>>) => {
  // biome-ignore lint/suspicious/noExplicitAny: the set-up reads a few fields of many API bodies.
  const body = (await res.json()) as { status: number; data: any };
  expect(body.status, JSON.stringify(body).slice(0, 300)).toBe(200);
  return body.data;
};

/** Submits A+B until the judge takes it (its languages appear once its probes have run; the interval may refuse). */
const submit = async (request: APIRequestContext, token: string, data: Record<string, unknown>) => {
  let last = '';
  let id = 0;
  await expect
    .poll(
      async () => {
        const res = await request.post('/api/submit-problem-judge', {
          headers: { Authorization: token },
          data: { language: 'Python3', code: A_PLUS_B, ...data },
        });
        const body = await res.json();
        last = JSON.stringify(body).slice(0, 300);
        id = body.data?.submitId ?? 0;
        return body.status;
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toBe(200);
  expect(id, last).toBeGreaterThan(0);
  return id;
};

/** The data the parameterised routes need, created through the API; and the words of it (allowed Latin). */
const createData = async (request: APIRequestContext): Promise<{ data: SweepData; words: string[] }> => {
  const root = await apiLogin(request, 'root', ROOT_PASSWORD);
  await ok(await request.put('/api/admin/switch/update', { headers: admin(root), data: { defaultSubmitInterval: 0 } }));
  await ok(
    await request.post('/api/admin/user/insert-batch-user', {
      headers: admin(root),
      data: { users: [[STUDENT, USER_PASSWORD]] },
    }),
  );
  const student = await apiLogin(request, STUDENT, USER_PASSWORD);
  const titles: string[] = [];
  const t = (s: string) => {
    titles.push(s);
    return s;
  };

  const problem = await ok(await request.get('/api/get-problem-detail?problemId=1000'));
  const problemPid = problem.problem.id as number;

  // A public training with A+B.
  const category = await ok(
    await request.post('/api/admin/training/category', {
      headers: admin(root),
      data: { name: t(`巡检分类${stamp}`), color: '#2d8cf0' },
    }),
  );
  const trainingForm = (gid?: number) => ({
    training: {
      title: t(`巡检训练 ${stamp}`),
      description: '巡检用的训练。',
      auth: 'Public',
      rank: 0,
      status: true,
      gid,
    },
    trainingCategory: { id: category.id },
  });
  const training = await ok(await request.post('/api/admin/training', { headers: admin(root), data: trainingForm() }));
  const trainingId = training.training.id as number;
  await ok(
    await request.post('/api/admin/training/add-problem-from-public', {
      headers: admin(root),
      data: { tid: trainingId, pid: problemPid, displayId: '1000' },
    }),
  );

  // A running public ACM contest with A+B as A, and an OI one for the OI board.
  const now = Date.now();
  const contestForm = (type: number, gid?: number) => ({
    title: t(`巡检比赛 ${stamp}`),
    description: '巡检用的比赛。',
    type,
    auth: 0,
    startTime: new Date(now - 3600_000).toISOString(),
    endTime: new Date(now + 4 * 3600_000).toISOString(),
    visible: true,
    openPrint: true,
    rankShowName: 'username',
    gid,
  });
  const contestId = (await ok(await request.post('/api/admin/contest', { headers: admin(root), data: contestForm(0) })))
    .id as number;
  const oiContestId = (
    await ok(await request.post('/api/admin/contest', { headers: admin(root), data: contestForm(1) }))
  ).id as number;
  for (const cid of [contestId, oiContestId]) {
    await ok(
      await request.post('/api/admin/contest/add-problem-from-public', {
        headers: admin(root),
        data: { cid, pid: problemPid, displayId: 'A' },
      }),
    );
  }

  // A public discussion of A+B (root's: a student needs solved problems to post).
  const categoryId = (await ok(await request.get('/api/discussion-category')))[0].id as number;
  const discussionId = (
    await ok(
      await request.post('/api/discussion', {
        headers: { Authorization: root },
        data: {
          title: t(`巡检讨论 ${stamp}`),
          description: '巡检',
          content: '巡检用的讨论。',
          categoryId,
          pid: '1000',
        },
      }),
    )
  ).id as number;

  // A public group the student joins, with a problem, a training, a contest and a discussion.
  const shortName = `sw${stamp}`;
  const group = await ok(
    await request.post('/api/group', {
      headers: { Authorization: root },
      data: {
        name: t(`巡检团队 ${stamp}`),
        shortName: t(shortName),
        brief: '巡检用的团队简介',
        description: '巡检用的团队。',
        auth: 1,
      },
    }),
  );
  const groupId = group.id as number;
  await ok(await request.post(`/api/group/member?gid=${groupId}`, { headers: { Authorization: student } }));
  const groupProblem = await ok(
    await request.post('/api/group/problem', {
      headers: { Authorization: root },
      data: {
        problem: {
          title: t(`巡检题目 ${stamp}`),
          description: '输出两个整数的和。',
          input: '两个整数。',
          output: '它们的和。',
          auth: 1,
          type: 0,
          gid: groupId,
        },
        samples: [{ input: '1 2\n', output: '3\n' }],
        isUploadTestCase: false,
        languages: [{ name: 'Python3' }],
        tags: [],
        codeTemplates: [],
      },
    }),
  );
  const groupProblemId = t(groupProblem.problemId as string);
  const groupProblemPid = groupProblem.id as number;
  const groupTrainingId = (
    await ok(
      await request.post('/api/group/training', { headers: { Authorization: root }, data: trainingForm(groupId) }),
    )
  ).training.id as number;
  await ok(
    await request.post('/api/group/add-training-problem-from-group', {
      headers: { Authorization: root },
      data: { tid: groupTrainingId, problemId: groupProblemId },
    }),
  );
  const groupContestId = (
    await ok(
      await request.post('/api/group/contest', { headers: { Authorization: root }, data: contestForm(0, groupId) }),
    )
  ).id as number;
  await ok(
    await request.post('/api/group/add-contest-problem-from-group', {
      headers: { Authorization: root },
      data: { cid: groupContestId, problemId: groupProblemId, displayId: 'A' },
    }),
  );
  const groupDiscussionId = (
    await ok(
      await request.post('/api/group/discussion', {
        headers: { Authorization: root },
        data: {
          title: t(`巡检团队讨论 ${stamp}`),
          description: '巡检',
          content: '巡检用的讨论。',
          categoryId,
          gid: groupId,
        },
      }),
    )
  ).id as number;

  // The student's submissions: public, in the contest, in the group.
  const submitId = await submit(request, student, { pid: '1000' });
  const contestSubmitId = await submit(request, student, { pid: 'A', cid: contestId });
  const groupSubmitId = await submit(request, student, { pid: groupProblemId, gid: groupId });

  // Data words: the site's names and the seed's problem titles are data too.
  const site = await ok(await request.get('/api/get-website-config'));
  const problems = await ok(await request.get('/api/get-problem-list?limit=100'));
  const words = [
    'root',
    STUDENT,
    ...titles,
    site.name,
    site.shortName,
    site.footerBrand,
    site.projectName,
    site.recordName,
    ...(problems.records as { title: string; problemId: string }[]).flatMap((p) => [p.title, p.problemId]),
  ];
  return {
    data: {
      problemId: '1000',
      problemPid,
      trainingId,
      trainingDisplayId: '1000',
      contestId,
      oiContestId,
      contestDisplayId: 'A',
      contestSubmitId,
      submitId,
      discussionId,
      groupId,
      groupProblemId,
      groupProblemPid,
      groupTrainingId,
      groupContestId,
      groupSubmitId,
      groupDiscussionId,
    },
    words,
  };
};

/** Counts the page's requests in flight, to tell when a route has settled. */
const trackRequests = (page: Page) => {
  const state = { inflight: 0 };
  page.on('request', () => state.inflight++);
  const done = () => {
    state.inflight = Math.max(0, state.inflight - 1);
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return state;
};

/** Waits until no request is in flight and no spinner or skeleton shows for 300 ms (at most 6 s: some pages poll). */
const settle = async (page: Page, state: { inflight: number }) => {
  const start = Date.now();
  let quietSince = 0;
  while (Date.now() - start < 6000) {
    const busy =
      state.inflight > 0 ||
      (await page.evaluate(() => !!document.querySelector('.ant-spin-spinning, .ant-skeleton-active')));
    if (busy) quietSince = 0;
    else if (!quietSince) quietSince = Date.now();
    else if (Date.now() - quietSince >= 300) return;
    await page.waitForTimeout(50);
  }
};

const frames = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );

interface Session {
  token: string;
  user: unknown;
}

const newContext = async (browser: Browser, lang: Lang, session: Session | null): Promise<BrowserContext> => {
  const context = await browser.newContext({ viewport: { width: NARROW, height: 844 }, locale: lang });
  await context.addInitScript(
    ({ lang, session }) => {
      window.localStorage.setItem('language', lang);
      if (session) {
        window.localStorage.setItem('token', session.token);
        window.localStorage.setItem('userInfo', JSON.stringify(session.user));
      }
    },
    { lang, session },
  );
  return context;
};

test('every route: no sideways scroll, no raw translation keys, no Latin words in the zh-CN chrome', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(SHOTS_DIR ? 1_800_000 : 900_000);
  const began = Date.now();
  const { data, words } = await createData(request);
  const dataStrings = words.filter((w): w is string => typeof w === 'string' && w.trim() !== '');
  const setupMs = Date.now() - began;

  const sessions: Record<Role, Session | null> = { visitor: null, student: null, root: null };
  for (const [role, username, password] of [
    ['student', STUDENT, USER_PASSWORD],
    ['root', 'root', ROOT_PASSWORD],
  ] as const) {
    const res = await request.post('/api/login', { data: { username, password } });
    sessions[role] = { token: res.headers().authorization, user: (await res.json()).data };
  }

  const routes = sweepRoutes();
  const failures: string[] = [];
  const landed: string[] = [];
  const slow: string[] = [];
  let visits = 0;
  const sweep = async (role: Role, lang: Lang) => {
    const context = await newContext(browser, lang, sessions[role]);
    const page = await context.newPage();
    const state = trackRequests(page);
    for (const route of routes.filter((r) => r.roles.includes(role))) {
      const url = route.url(data);
      const at = `${route.pattern} [${role}, ${lang}]`;
      const t0 = Date.now();
      try {
        await page.goto(url, { waitUntil: 'load' });
        await settle(page, state);
        if (Date.now() - t0 > 3000) slow.push(`${at} ${Date.now() - t0} ms to settle`);
        visits++;
        const path = new URL(page.url()).pathname;
        if (path !== url) landed.push(`${at} ${url} -> ${path}`);
        const narrow: PageReport = await page.evaluate(pageChecks, {
          lang,
          allow: LATIN_ALLOWLIST,
          data: dataStrings,
          layoutOnly: false,
        });
        if (narrow.scrollWidth > narrow.innerWidth + 1) {
          failures.push(
            `sideways-scroll@${NARROW} ${at}: scrollWidth ${narrow.scrollWidth}; ${narrow.culprits.join('; ')}`,
          );
        }
        if (narrow.rawKeys.length) failures.push(`raw-key ${at}: ${narrow.rawKeys.join(', ')}`);
        if (narrow.latin.length) failures.push(`latin-word ${at}: ${narrow.latin.join('; ')}`);
        await shoot(page, route.pattern, role, lang, NARROW);

        await page.setViewportSize({ width: WIDE, height: 900 });
        await frames(page);
        await page.waitForTimeout(100);
        const wide: PageReport = await page.evaluate(pageChecks, {
          lang,
          allow: LATIN_ALLOWLIST,
          data: dataStrings,
          layoutOnly: true,
        });
        if (wide.scrollWidth > wide.innerWidth + 1) {
          failures.push(`sideways-scroll@${WIDE} ${at}: scrollWidth ${wide.scrollWidth}; ${wide.culprits.join('; ')}`);
        }
        await shoot(page, route.pattern, role, lang, WIDE);
        await page.setViewportSize({ width: NARROW, height: 844 });
      } catch (error) {
        failures.push(`error ${at}: ${String(error).split('\n')[0]}`);
        await page.setViewportSize({ width: NARROW, height: 844 }).catch(() => {});
      }
    }
    await context.close();
  };

  const combos = ROLES.flatMap((role) => LANGS.map((lang) => ({ role, lang })));
  const queue = [...combos];
  await Promise.all(
    Array.from({ length: LANES }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await sweep(next.role, next.lang);
    }),
  );

  failures.sort();
  const summary = [
    `layout sweep: ${visits} visits of ${routes.length} routes in ${Math.round((Date.now() - began) / 1000)} s (set-up ${Math.round(setupMs / 1000)} s), ${failures.length} findings`,
    ...failures,
    '',
    'Visits that landed elsewhere (redirects, for reference):',
    ...landed.sort(),
    '',
    'Slow visits (over 3 s to settle):',
    ...slow.sort(),
  ].join('\n');
  fs.writeFileSync(testInfo.outputPath('layout-sweep.txt'), summary);
  console.log(summary);
  expect(failures).toEqual([]);
});
