import fs from 'node:fs';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  type Request,
  test,
} from '@playwright/test';
import { A_PLUS_B, type ApiSession, admin, apiLogin, apiSession, createUsers, USER_PASSWORD } from '../contest-helpers';
import { ROOT_PASSWORD } from '../env';
import { SHOTS_DIR, shoot } from '../screenshot-sweep';
import { type PageReport, pageChecks } from '../sweep-checks';
import { coverageProblems, type Lang, type Role, type SweepData, sweepRoutes } from '../sweep-routes';

/** Layout sweep (issue "Polish, part 1"): every route of the route table (sweep-routes.ts), as visitor and root where
 * the route allows in zh-CN and en-US, and as student in zh-CN (CONTEXTS), at 390 px, and once a route at 1366 px
 * for sideways scrolling. One page per context moves from route to route through the app's router, each visit
 * settled by events (requests, spinners, motions), never by fixed waits. It collects every finding (each confirmed
 * by a second look) and fails once at the end with the whole list:
 *   a. sideways scrolling: scrollWidth > innerWidth + 1 (with the elements that stick out);
 *   b. raw translation keys shown as text (Foo_Bar), user data excluded;
 *   c. in zh-CN, Latin words of 3+ letters in the interface chrome that are not on LATIN_ALLOWLIST nor data;
 *   d. a broken page: no text shown, or the router's crash page (a blank page would pass a, b and c);
 *   e. a table's key column (components/responsive-table.tsx) out of sight without scrolling, at 390 px on every
 *      visit and at 768 and 1366 px once a route (with a. at those widths);
 *   f. at 1366 px, a list's table wider than its box (boards, `.oj-board`, scroll their problem columns).
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
  // The other remote judges: the bank filter, the home logos' links, the switch page's account pools.
  'HDU',
  'POJ',
  'GYM',
  'AtCoder',
  'SPOJ',
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
  'Polygon',
  // The judges' language names: "C++ 17 With O2".
  'With',
  // The judge headers page names testlib.h and the header suffixes it takes (.h, .hpp, .hh).
  'testlib',
  'hpp',
  // Keys as their keycaps name them: a reviewer's hint (shift-click picks several lines of code).
  'Shift',
];

const WIDE = 1366;
const TABLET = 768;
const NARROW = 390;
const LANGS: Lang[] = ['zh-CN', 'en-US'];
/** The screenshot mode's roles: all three, or those OJ_SWEEP_ROLES names (`root,visitor`). */
const ROLES = (process.env.OJ_SWEEP_ROLES?.split(',') ?? ['visitor', 'student', 'root']) as Role[];
/** The screenshot mode's routes: all, or those whose pattern OJ_SWEEP_ROUTES (a regular expression) matches, to
 * review the screens a change touched without the whole sweep. */
const ROUTE_FILTER = SHOTS_DIR && process.env.OJ_SWEEP_ROUTES ? new RegExp(process.env.OJ_SWEEP_ROUTES) : undefined;
/** How many (role, language) contexts sweep at once. */
const LANES = Number(process.env.OJ_SWEEP_LANES ?? 2);

/** The contexts that sweep. The student's routes are all root's too and look the same in either language, so the
 * student sweeps in zh-CN only, where the Latin check runs. The screenshot mode sweeps all six, for review. */
const CONTEXTS: { role: Role; lang: Lang }[] = SHOTS_DIR
  ? ROLES.flatMap((role) => LANGS.map((lang) => ({ role, lang })))
  : [
      { role: 'root', lang: 'zh-CN' },
      { role: 'root', lang: 'en-US' },
      { role: 'visitor', lang: 'zh-CN' },
      { role: 'visitor', lang: 'en-US' },
      { role: 'student', lang: 'zh-CN' },
    ];
/** Sideways scrolling at 1366 px is checked once a route, by the first of these contexts that visits it (English
 * texts are the longer ones); the 390 px check, which catches nearly all of it, runs on every visit. The screenshot
 * mode checks (and shoots) both widths on every visit. */
const WIDE_ORDER = ['root en-US', 'visitor en-US', 'student zh-CN', 'root zh-CN', 'visitor zh-CN'];

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
  await createUsers(request, root, [STUDENT]);
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

/** Counts the page's requests: in flight, and started so far (to tell whether one started while the page was
 * watched). The live event stream (an EventSource, open for the page's life) is not a request the page waits for. */
const trackRequests = (page: Page) => {
  const state = { inflight: 0, started: 0, onIdle: [] as (() => void)[] };
  const counted = (r: Request) => r.resourceType() !== 'eventsource';
  page.on('request', (r) => {
    if (!counted(r)) return;
    state.inflight++;
    state.started++;
  });
  const done = (r: Request) => {
    if (!counted(r)) return;
    state.inflight = Math.max(0, state.inflight - 1);
    if (state.inflight === 0) for (const wake of state.onIdle.splice(0)) wake();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return state;
};
type Requests = ReturnType<typeof trackRequests>;

/** In the page: waits for `frames` animation frames in a row without a spinner or skeleton, then for the finite
 * animations running at that moment (antd's opening and sliding motions) to end. Resolves '' when done, or what
 * kept the page busy when `limitMs` passed first. */
const calmInPage = ({ frames, limitMs }: { frames: number; limitMs: number }) =>
  new Promise<string>((resolve) => {
    const start = performance.now();
    let calm = 0;
    let busy = '';
    const tick = () => {
      const spinner = document.querySelector('.ant-spin-spinning, .ant-skeleton-active');
      busy = spinner ? `${spinner.className.split(' ')[0]} shown` : '';
      calm = busy ? 0 : calm + 1;
      if (performance.now() - start > limitMs) resolve(busy || 'frames');
      else if (calm < frames) requestAnimationFrame(tick);
      else {
        const finite = document
          .getAnimations()
          .filter((a) => a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
        const bound = new Promise((done) => setTimeout(done, Math.max(0, limitMs - (performance.now() - start))));
        Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => {}))), bound]).then(() => resolve(''));
      }
    };
    requestAnimationFrame(tick);
  });

/** Waits until the page has settled: no request in flight, then six frames (about 100 ms) without a spinner, the
 * running motions ended, and no request started meanwhile; again from the start when one did. Event-driven, no fixed
 * waits. Pages that poll or show a spinning icon for good are given up on after 6 s. Answers what kept the page busy
 * at the end ('' when it settled). */
const settle = async (page: Page, requests: Requests) => {
  const deadline = Date.now() + 6000;
  let busy = '';
  while (Date.now() < deadline) {
    if (requests.inflight > 0) {
      busy = 'requests';
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        requests.onIdle.push(resolve);
        timer = setTimeout(resolve, deadline - Date.now());
      });
      clearTimeout(timer);
      continue;
    }
    const started = requests.started;
    busy = await page.evaluate(calmInPage, { frames: 6, limitMs: Math.max(0, deadline - Date.now()) });
    if (requests.started !== started || requests.inflight > 0) busy = 'requests';
    else if (!busy) return '';
  }
  return busy;
};

/** Opens a route: a full page load for the context's first visit and after a page that left a dialog open (its
 * scroll lock and focus trap would stay), else through the app's router, as a click on a link does (a history entry
 * and popstate, which the router follows), which spares loading and starting the app again on every visit. */
const open = async (page: Page, url: string) => {
  const reload =
    page.url() === 'about:blank' ||
    (await page.evaluate(
      () =>
        Array.from(document.querySelectorAll('.ant-modal-wrap, .ant-drawer-open, [role=dialog]')).some((el) =>
          el.checkVisibility(),
        ) || getComputedStyle(document.body).overflow === 'hidden',
    ));
  if (reload) {
    await page.goto(url, { waitUntil: 'load' });
    return true;
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, url);
  return false;
};

const newContext = async (browser: Browser, lang: Lang, session: ApiSession | null): Promise<BrowserContext> => {
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

  const sessions: Record<Role, ApiSession | null> = { visitor: null, student: null, root: null };
  for (const [role, username, password] of [
    ['student', STUDENT, USER_PASSWORD],
    ['root', 'root', ROOT_PASSWORD],
  ] as const) {
    sessions[role] = await apiSession(request, username, password);
  }

  const routes = sweepRoutes();
  const key = (role: Role, lang: Lang) => `${role} ${lang}`;
  const sweeping = new Set(CONTEXTS.map((c) => key(c.role, c.lang)));
  /** Per route, the context that checks it at 1366 px. */
  const wideBy = new Map(
    routes.map((r) => [
      r.pattern,
      WIDE_ORDER.find((k) => sweeping.has(k) && r.roles.includes(k.split(' ')[0] as Role)) ?? '',
    ]),
  );
  const failures: string[] = [];
  const landed: string[] = [];
  const slow: string[] = [];
  let visits = 0;
  let wideChecks = 0;
  let fullLoads = 0;
  /** Milliseconds spent opening and settling, checking at 390 px, and resizing and checking at 1366 px. */
  const spent = { open: 0, narrow: 0, wide: 0 };
  const check = (page: Page, lang: Lang, layoutOnly: boolean, tablesFit = false): Promise<PageReport> =>
    page.evaluate(pageChecks, { lang, allow: LATIN_ALLOWLIST, data: dataStrings, layoutOnly, tablesFit });
  const findings = (r: PageReport) =>
    r.scrollWidth > r.innerWidth + 1 ||
    r.rawKeys.length > 0 ||
    r.latin.length > 0 ||
    !!r.broken ||
    r.hiddenKeyColumns.length > 0 ||
    r.scrollingTables.length > 0;
  const sweep = async (role: Role, lang: Lang) => {
    const context = await newContext(browser, lang, sessions[role]);
    const page = await context.newPage();
    const requests = trackRequests(page);
    for (const route of routes.filter((r) => r.roles.includes(role) && (ROUTE_FILTER?.test(r.pattern) ?? true))) {
      const url = route.url(data);
      const at = `${route.pattern} [${role}, ${lang}]`;
      const t0 = Date.now();
      try {
        if (await open(page, url)) fullLoads++;
        const busy = await settle(page, requests);
        const t1 = Date.now();
        spent.open += t1 - t0;
        if (t1 - t0 > 3000) slow.push(`${at} ${t1 - t0} ms to settle${busy ? ` (${busy})` : ''}`);
        visits++;
        const path = new URL(page.url()).pathname;
        if (path !== url) landed.push(`${at} ${url} -> ${path}`);
        let narrow = await check(page, lang, false);
        if (findings(narrow)) {
          // A finding is confirmed by a second look once the page has settled again (a late render, a motion).
          await settle(page, requests);
          narrow = await check(page, lang, false);
        }
        if (narrow.scrollWidth > narrow.innerWidth + 1) {
          failures.push(
            `sideways-scroll@${NARROW} ${at}: scrollWidth ${narrow.scrollWidth}; ${narrow.culprits.join('; ')}`,
          );
        }
        if (narrow.broken) failures.push(`broken-page ${at}: ${narrow.broken}`);
        if (narrow.hiddenKeyColumns.length)
          failures.push(`key-column-hidden@${NARROW} ${at}: ${narrow.hiddenKeyColumns.join('; ')}`);
        if (narrow.rawKeys.length) failures.push(`raw-key ${at}: ${narrow.rawKeys.join(', ')}`);
        if (narrow.latin.length) failures.push(`latin-word ${at}: ${narrow.latin.join('; ')}`);
        await shoot(page, route.pattern, role, lang, NARROW);
        const t2 = Date.now();
        spent.narrow += t2 - t1;

        if (SHOTS_DIR || wideBy.get(route.pattern) === key(role, lang)) {
          wideChecks++;
          // A tablet: the page and the tables' key columns (no screenshot).
          await page.setViewportSize({ width: TABLET, height: 1024 });
          await settle(page, requests);
          let tablet = await check(page, lang, true);
          if (findings(tablet)) {
            await settle(page, requests);
            tablet = await check(page, lang, true);
          }
          if (tablet.scrollWidth > tablet.innerWidth + 1) {
            failures.push(
              `sideways-scroll@${TABLET} ${at}: scrollWidth ${tablet.scrollWidth}; ${tablet.culprits.join('; ')}`,
            );
          }
          if (tablet.hiddenKeyColumns.length)
            failures.push(`key-column-hidden@${TABLET} ${at}: ${tablet.hiddenKeyColumns.join('; ')}`);
          await page.setViewportSize({ width: WIDE, height: 900 });
          await settle(page, requests);
          let wide = await check(page, lang, true, true);
          if (findings(wide)) {
            await settle(page, requests);
            wide = await check(page, lang, true, true);
          }
          if (wide.scrollWidth > wide.innerWidth + 1) {
            failures.push(
              `sideways-scroll@${WIDE} ${at}: scrollWidth ${wide.scrollWidth}; ${wide.culprits.join('; ')}`,
            );
          }
          if (wide.hiddenKeyColumns.length)
            failures.push(`key-column-hidden@${WIDE} ${at}: ${wide.hiddenKeyColumns.join('; ')}`);
          if (wide.scrollingTables.length)
            failures.push(`table-scrolls@${WIDE} ${at}: ${wide.scrollingTables.join('; ')}`);
          await shoot(page, route.pattern, role, lang, WIDE);
          await page.setViewportSize({ width: NARROW, height: 844 });
          spent.wide += Date.now() - t2;
        }
      } catch (error) {
        failures.push(`error ${at}: ${String(error).split('\n')[0]}`);
        await page.setViewportSize({ width: NARROW, height: 844 }).catch(() => {});
        // The next visit starts from a fresh load.
        await page.goto('about:blank').catch(() => {});
      }
    }
    await context.close();
  };

  const queue = [...CONTEXTS];
  await Promise.all(
    Array.from({ length: LANES }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await sweep(next.role, next.lang);
    }),
  );

  failures.sort();
  const summary = [
    `layout sweep: ${visits} visits (${fullLoads} full page loads) and ${wideChecks} checks at ${TABLET} and ${WIDE} px of ${routes.length} routes in ${Math.round((Date.now() - began) / 1000)} s (set-up ${Math.round(setupMs / 1000)} s; opening and settling ${Math.round(spent.open / 1000)} s, checks at ${NARROW} px ${Math.round(spent.narrow / 1000)} s, at ${WIDE} px ${Math.round(spent.wide / 1000)} s, over the lanes), ${failures.length} findings`,
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
