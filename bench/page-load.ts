// Page delivery (decision 0038): what a student's browser really receives and how soon the code editor is usable.
// Figures printed, never asserted.
//   node --import tsx bench/page-load.ts [--runs 5] [--problem 1000] [--without-judge] [--browser PATH]
//     [--against DIST]
// Starts the real server (apps/server/src/main.ts, embedded PGlite in a throwaway data directory, the sample
// problems) on a copy of apps/web/dist (build it first: `npm run build -w @oj/web`) with one extra file, a bare
// page holding a textarea: the anchor, served by the same server. The embedded judge runs, as on any working site:
// without a judge online every page shows the "judging is paused" banner (and the entry fetches its chunks first),
// which a student of a working site never sees (--without-judge measures that site). The runs start once the judge is
// online and the machine has gone quiet (the judge builds its precompiled headers after it comes online).
// Headless Debian chromium, the journeys' (e2e/env.ts: its headless shell; --browser /usr/bin/chromium for the full
// browser in its headless mode), a new browser context (a cold cache) for every visit, the three visits interleaved:
//   (a) /home: the JavaScript transferred (response bodies as sent, by Content-Encoding) until the home widgets
//       have shown their data and the network is idle;
//   (b) /problem/<id>: from navigation start until the code editor accepts a keystroke (a typed character is in
//       the editor's text), and the JavaScript it transferred;
//   (c) the anchor: the same keystroke test on the bare textarea.
// Prints the medians over the runs and the load average before and after.
// --against DIST compares this build with another (a web build's dist directory, e.g. one built from an earlier
// commit with `npx vite build --outDir /tmp/other` in apps/web): a second server serves it, and every run visits both
// builds' problem pages one after the other, in turn first. On a busy 2-core machine the anchor moves by a fifth from
// one run to the next and the ratio with it; two builds visited side by side are the fair comparison (decision 0048).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright';
import { CHROMIUM } from '../e2e/env.js';
import { arg, median } from './bench-kit.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
const runs = Number(arg('runs', '5'));
const problemId = arg('problem', '1000');
const withJudge = !process.argv.includes('--without-judge');
const browserPath = arg('browser', CHROMIUM);
const against = arg('against', '');
const ANCHOR = 'bench-anchor.html';
const MARK = 'zq';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

const loadavg = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/** The share of the machine's CPU time spent busy over `ms` (from /proc/stat). */
const busyShare = async (ms: number) => {
  const read = () => {
    const [, ...f] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const n = f.map(Number);
    const idle = n[3] + n[4];
    return { idle, total: n.reduce((a, b) => a + b, 0) };
  };
  const a = read();
  await new Promise((r) => setTimeout(r, ms));
  const b = read();
  return 1 - (b.idle - a.idle) / Math.max(1, b.total - a.total);
};

/** Waits until the machine is quiet (under a quarter busy for six seconds), or the deadline. */
const quietMachine = async (deadline: number) => {
  // A judge starts building its precompiled headers a moment after it comes online: a machine quiet in that moment is
  // not quiet yet, so it must stay quiet for three windows in a row.
  for (let quiet = 0; Date.now() < deadline; ) {
    quiet = (await busyShare(2000)) < 0.25 ? quiet + 1 : 0;
    if (quiet === 3) return true;
  }
  return false;
};

interface Transfer {
  bytes: number;
  scripts: number;
  byEncoding: Record<string, number>;
}

/** Sums the response bodies of the page's scripts as they came over the wire (compressed when the server
 * compressed them), by Content-Encoding. */
const watchScripts = (page: Page) => {
  const t: Transfer = { bytes: 0, scripts: 0, byEncoding: {} };
  const pending: Promise<void>[] = [];
  let open = true;
  page.on('requestfinished', (request) => {
    // Module preloads are not of resource type 'script': every .js file counts, however it was asked for.
    if (!open || !new URL(request.url()).pathname.endsWith('.js')) return;
    pending.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        const encoding = (await response?.headerValue('content-encoding')) ?? 'identity';
        t.bytes += sizes.responseBodySize;
        t.scripts += 1;
        t.byEncoding[encoding] = (t.byEncoding[encoding] ?? 0) + sizes.responseBodySize;
      })(),
    );
  });
  return async () => {
    open = false;
    await Promise.all(pending);
    return t;
  };
};

const newPage = async (browser: Browser) => {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 768 } });
  return { context, page: await context.newPage() };
};

/** Navigates, clicks the editable element once it is actionable, types MARK and returns the page's own clock
 * (milliseconds since navigation start) at the first frame where MARK is in the element's text.
 *
 * The element is waited for in the page, frame by frame, before the click: Playwright's click looks for an element
 * that is not there yet again after 0, 20, 50, 100 and 100 ms, then every 500 ms, so an editor shown 600 ms after the
 * navigation was clicked at about 900 ms (a trace: the editor painted at 616 ms, the mouse went down at 975), and the
 * figure told the poll's schedule rather than the page. A student clicks when the editor shows. */
const keystrokeMs = async (page: Page, url: string, selector: string) => {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(
    (sel) =>
      !!(globalThis as unknown as { document: { querySelector(s: string): unknown } }).document.querySelector(
        sel as string,
      ),
    selector,
    { polling: 'raf', timeout: 60_000 },
  );
  const target = page.locator(selector).first();
  await target.click({ timeout: 60_000 });
  await page.keyboard.type(MARK);
  const handle = await page.waitForFunction(
    ([sel, mark]) => {
      // Runs in the page (this file is type-checked without the DOM's types).
      type Found = { value?: unknown; textContent: string | null } | null;
      const doc = (globalThis as unknown as { document: { querySelector(s: string): Found } }).document;
      const el = doc.querySelector(sel as string);
      const text = typeof el?.value === 'string' ? el.value : (el?.textContent ?? '');
      return text.includes(mark as string) ? performance.now() : false;
    },
    [selector, MARK],
    { polling: 'raf', timeout: 60_000 },
  );
  return (await handle.jsonValue()) as number;
};

interface Site {
  base: string;
  server: ChildProcess;
}

/** A copy of `dist` with the anchor page, served by the real server on a throwaway embedded database. */
const startSite = async (work: string, dist: string, name: string): Promise<Site> => {
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist} is not built: npm run build -w @oj/web`);
  const webDist = path.join(work, name, 'dist');
  fs.cpSync(dist, webDist, { recursive: true });
  fs.writeFileSync(
    path.join(webDist, ANCHOR),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>anchor</title></head>' +
      '<body><textarea aria-label="anchor" rows="20" cols="80"></textarea></body></html>',
  );
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      OJ_DATA_DIR: path.join(work, name, 'data'),
      OJ_WEB_DIST: webDist,
      OJ_ROOT_PASSWORD: 'bench-root-1',
      OJ_EMBEDDED_JUDGE: withJudge ? 'true' : 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { base: `http://127.0.0.1:${port}`, server };
};

/** Waits until the site answers and, with the judge, until its judge is online. */
const siteReady = async ({ base, server }: Site, deadline: number) => {
  for (;;) {
    const ok = await fetch(`${base}/api/get-problem-detail?problemId=${problemId}`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline || server.exitCode !== null) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  if (!withJudge) return;
  for (;;) {
    const status = await fetch(`${base}/api/get-judge-status`)
      .then((r) => r.json() as Promise<{ data?: { available?: boolean; waiting?: string[] } }>)
      .catch(() => undefined);
    if (status?.data?.available && status.data.waiting?.length === 0) break;
    if (Date.now() > deadline || server.exitCode !== null) throw new Error('no judge came online');
    await new Promise((r) => setTimeout(r, 500));
  }
};

const main = async () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-bench-page-'));
  const sites: Site[] = [];
  let browser: Browser | undefined;
  try {
    const started = Date.now();
    sites.push(await startSite(work, path.join(repoRoot, 'apps/web/dist'), 'this'));
    if (against) sites.push(await startSite(work, path.resolve(against), 'other'));
    const [site, other] = sites;
    for (const s of sites) await siteReady(s, started + 300_000);
    console.error(`ready after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (withJudge) {
      const quiet = await quietMachine(Date.now() + 180_000);
      console.error(
        `judge online; ${quiet ? 'machine quiet' : 'machine still busy after 180 s'} at ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    browser = await chromium.launch({
      executablePath: browserPath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
    });
    console.log(
      `${browserPath}; load average before: ${loadavg()} (${os.cpus().length} cores); ${runs} runs, cold cache each`,
    );

    const visitHome = async () => {
      const { context, page } = await newPage(browser as Browser);
      const done = watchScripts(page);
      await page.goto(`${site.base}/home`, { waitUntil: 'commit' });
      // The home widgets (a lazy part of /home) have shown their data, and nothing else is on its way.
      await page.locator('.oj-widget__row, .oj-widget__empty').first().waitFor({ timeout: 60_000 });
      await page.waitForLoadState('networkidle');
      const t = await done();
      await context.close();
      return t;
    };
    const visitEditor = async (url: string, selector: string) => {
      const { context, page } = await newPage(browser as Browser);
      const done = watchScripts(page);
      const ms = await keystrokeMs(page, url, selector);
      const t = await done();
      await context.close();
      return { ms, t };
    };
    const problemUrl = (s: Site) => `${s.base}/problem/${problemId}`;
    // One unmeasured visit of each warms the servers (and the operating system's file cache), not the browser.
    await visitHome();
    for (const s of sites) await visitEditor(problemUrl(s), '.cm-content');
    await visitEditor(`${site.base}/${ANCHOR}`, 'textarea');

    const home: Transfer[] = [];
    const problem: { ms: number; t: Transfer }[] = [];
    const otherMs: number[] = [];
    const anchor: number[] = [];
    for (let i = 0; i < runs; i++) {
      home.push(await visitHome());
      // With --against, the two builds' problem pages one after the other, in turn first.
      const visitThis = async () => problem.push(await visitEditor(problemUrl(site), '.cm-content'));
      const visitOther = async () => otherMs.push((await visitEditor(problemUrl(other), '.cm-content')).ms);
      if (!other) await visitThis();
      else if (i % 2 === 0) await visitThis().then(visitOther);
      else await visitOther().then(visitThis);
      anchor.push((await visitEditor(`${site.base}/${ANCHOR}`, 'textarea')).ms);
      const p = problem[i];
      console.error(
        `run ${i + 1}: /home ${home[i].bytes} B, editor ${p.ms.toFixed(0)} ms${other ? ` (the other build ${otherMs[i].toFixed(0)} ms)` : ''}, anchor ${anchor[i].toFixed(0)} ms (load ${loadavg()})`,
      );
    }
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    const encodings = (ts: Transfer[]) =>
      [...new Set(ts.flatMap((t) => Object.keys(t.byEncoding)))]
        .map((e) => `${e} ${kb(median(ts.map((t) => t.byEncoding[e] ?? 0)))}`)
        .join(', ');
    const pt = problem.map((p) => p.t);
    console.log('| measure | median | runs |');
    console.log('|---|---|---|');
    console.log(
      `| /home first visit: JavaScript transferred | ${kb(median(home.map((t) => t.bytes)))} in ${median(home.map((t) => t.scripts))} scripts (${encodings(home)}) | ${home.map((t) => kb(t.bytes)).join(', ')} |`,
    );
    console.log(
      `| /problem/${problemId}: JavaScript transferred | ${kb(median(pt.map((t) => t.bytes)))} in ${median(pt.map((t) => t.scripts))} scripts (${encodings(pt)}) | |`,
    );
    const pm = problem.map((p) => p.ms);
    console.log(
      `| /problem/${problemId}: editor accepts a keystroke | ${median(pm).toFixed(0)} ms | ${pm.map((x) => x.toFixed(0)).join(', ')} |`,
    );
    if (other) {
      console.log(
        `| the same, the other build (${against}) | ${median(otherMs).toFixed(0)} ms | ${otherMs.map((x) => x.toFixed(0)).join(', ')} |`,
      );
    }
    console.log(
      `| anchor (bare textarea page): accepts a keystroke | ${median(anchor).toFixed(0)} ms | ${anchor.map((x) => x.toFixed(0)).join(', ')} |`,
    );
    console.log(`editor vs anchor: ${(median(pm) / median(anchor)).toFixed(2)}x`);
    if (other) {
      const diff = median(pm) - median(otherMs);
      console.log(
        `this build vs the other: ${diff >= 0 ? '+' : ''}${diff.toFixed(0)} ms (${((diff / median(otherMs)) * 100).toFixed(1)}%)`,
      );
    }
    console.log(`load average after: ${loadavg()}`);
  } finally {
    await browser?.close();
    for (const { server } of sites) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    fs.rmSync(work, { recursive: true, force: true });
  }
};

await main();
