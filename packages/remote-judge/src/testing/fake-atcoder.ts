import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createDocument } from '@mixmark-io/domino';
import type { RemoteAccount } from '../adapter.js';
import { ATCODER_LANGUAGES } from '../atcoder/site.js';
import { FakeSessions, type FakeSite, htmlEscape, readBody, redirect, startFakeSite } from './fake-site.js';

/**
 * A loopback AtCoder for tests: it serves the pages recorded under fixtures/atcoder (the task pages of abc086_a and
 * abc307_c, the sign-in page, the submit form, /submissions/me, the submission page while judging, finished and
 * with a compile error, the top page of a contest one must join) with state: the accounts it accepts, the
 * sessions it gave out, the submissions it stored.
 *
 * A submission's verdict is decided by a marker in its source, `FAKE_VERDICT=<label>` (AtCoder's labels: AC, WA,
 * TLE, MLE, RE, OLE, CE, IE ...; AC without a marker); its page shows "WJ" then "n/12" (judging) for its first
 * `judgingReads` reads, then the verdict.
 */
export interface FakeAtCoderOptions {
  accounts: RemoteAccount[];
  /** How many reads of a submission page show it still judging (default 2). */
  judgingReads?: number;
}

export interface FakeAtCoderSubmission {
  id: number;
  contest: string;
  task: string;
  username: string;
  languageId: string;
  source: string;
  /** The label the run ends with (from the source's marker). */
  verdict: string;
  /** How many times its submission page has been read. */
  reads: number;
}

export interface FakeAtCoderMode {
  /** Every sign-in is refused with AtCoder's alert, whatever the password. */
  refuseLogins: boolean;
  /** The sign-in page carries Cloudflare's Turnstile widget, and sign-ins without its answer are refused. */
  turnstile: boolean;
  /** Every request is answered with HTTP 429. */
  rateLimited: boolean;
  /** Requests are never answered (until the fake closes). */
  hang: boolean;
  /** A submit is answered with the form and "Wait for 5 second to submit again." */
  submitCooldown: boolean;
  /** Task pages are served without the elements this CSS selector matches (e.g. "span.lang-en div.io-style"). */
  removeFromTaskPage: string | null;
}

/** The running fake. Its `url` is the base URL to give the adapter (OJ_REMOTE_AC_URL). */
export type FakeAtCoder = FakeSite<FakeAtCoderSubmission, FakeAtCoderMode>;

const FIXTURES = new URL('../../fixtures/atcoder/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');
const RECORDED_CSRF = 'Yz1RecordedCsrfTokenQm9UZXN0PQ==';
const RECORDED_USER = 'oj-recorder';
const RECORDED_RUN = '61234567';

const TASKS: Record<string, string> = {
  'abc086/abc086_a': 'task-abc086_a.html',
  'abc307/abc307_c': 'task-abc307_c.html',
};
const TITLES: Record<string, string> = { abc086_a: 'A - Product', abc307_c: 'C - Ideal Sheet' };
/** Contests whose submit page sends a visitor who has not joined back to the contest's top page. */
const CLOSED_CONTESTS = new Set(['abc999']);
const IMAGES: Record<string, string> = { '/img/abc307/1ef5ab7f21b1c43d3f7c4e4b4e0c3d3e.png': 'ideal-sheet.png' };
const TIMES: Record<string, [string, string]> = {
  AC: ['1 ms', '3820 KiB'],
  WA: ['2 ms', '3900 KiB'],
  TLE: ['2207 ms', '4100 KiB'],
  MLE: ['310 ms', '1048576 KiB'],
  RE: ['95 ms', '3860 KiB'],
};
const LABEL_CLASS: Record<string, string> = { AC: 'label-success', CE: 'label-warning' };

interface FakeSession {
  csrf: string;
  username: string | null;
}

const token = () => randomBytes(16).toString('base64');

export const startFakeAtCoder = async (options: FakeAtCoderOptions): Promise<FakeAtCoder> => {
  const judgingReads = options.judgingReads ?? 2;
  const site = new FakeSessions<FakeSession>(options.accounts, 'REVEL_SESSION');
  const submissions: FakeAtCoderSubmission[] = [];
  const mode: FakeAtCoderMode = {
    refuseLogins: false,
    turnstile: false,
    rateLimited: false,
    hang: false,
    submitCooldown: false,
    removeFromTaskPage: null,
  };
  let nextRunId = 61300001;
  /** The alert a redirect to /login shows once (AtCoder's flash message). */
  const flash = new Map<FakeSession, string>();

  const send = (res: ServerResponse, status: number, body: string | Buffer, type = 'text/html; charset=utf-8') => {
    res.writeHead(status, { 'content-type': type });
    res.end(body);
  };

  const newSession = (res: ServerResponse, username: string | null) => {
    const id = token();
    const session: FakeSession = { csrf: token(), username };
    site.start(id, session);
    res.setHeader('set-cookie', [`REVEL_SESSION=${encodeURIComponent(id)}; Path=/; HttpOnly`]);
    return session;
  };
  const sessionOf = (req: IncomingMessage, res: ServerResponse) => {
    const known = site.of(req);
    return known ?? newSession(res, null);
  };

  const personalise = (html: string, session: FakeSession) =>
    html.replaceAll(RECORDED_CSRF, session.csrf).replaceAll(RECORDED_USER, session.username ?? '');

  const withAlert = (html: string, message: string) =>
    html
      .replace(
        '<span class="glyphicon glyphicon-exclamation-sign" aria-hidden="true"></span>\n\t\t\t</div>',
        `<span class="glyphicon glyphicon-exclamation-sign" aria-hidden="true"></span> ${message}\n\t\t\t</div>`,
      )
      .replace('role="alert" style="display:none"', 'role="alert"');

  const loginPage = (session: FakeSession) => {
    let html = personalise(fixture('login.html'), session);
    const message = flash.get(session);
    flash.delete(session);
    if (message) html = withAlert(html, message);
    if (mode.turnstile) {
      html = html.replace(
        '<input type="hidden" name="csrf_token"',
        '<div class="cf-turnstile" data-sitekey="0x4AAAAAAA-recorded"></div>\n\t\t\t\t<input type="hidden" name="csrf_token"',
      );
    }
    return html;
  };

  const taskPage = (file: string) => {
    const html = fixture(file);
    if (!mode.removeFromTaskPage) return html;
    const doc = createDocument(html);
    for (const el of Array.from(doc.querySelectorAll(mode.removeFromTaskPage))) el.remove();
    return `<!DOCTYPE html>\n${doc.documentElement.outerHTML}`;
  };

  const labelOf = (s: FakeAtCoderSubmission) => (s.reads <= 1 ? 'WJ' : s.reads <= judgingReads ? '3/12' : s.verdict);

  const submissionPage = (s: FakeAtCoderSubmission, session: FakeSession) => {
    const label = labelOf(s);
    const language = ATCODER_LANGUAGES.find((l) => l.remoteId === s.languageId)?.name ?? 'Unknown';
    let html =
      label === 'CE'
        ? fixture('submission-ce.html')
        : label === 'WJ' || label.includes('/')
          ? fixture('submission-judging.html')
          : fixture('submission-ac.html');
    html = personalise(html, session)
      .replaceAll(RECORDED_RUN, String(s.id))
      .replaceAll('/contests/abc086/tasks/abc086_a', `/contests/${s.contest}/tasks/${s.task}`)
      .replaceAll('A - Product', TITLES[s.task] ?? s.task)
      .replaceAll('C&#43;&#43;23 (GCC 15.2.0)', htmlEscape(language))
      .replace(
        /<pre id="submission-code"([^>]*)>[\s\S]*?<\/pre>/,
        `<pre id="submission-code"$1>${htmlEscape(s.source)}</pre>`,
      )
      .replace(/>(AC|3\/12|CE)<\/span><\/td><\/tr>/, `>${label}</span></td></tr>`);
    if (label !== 'AC' && !label.includes('/') && label !== 'CE') {
      const [time, memory] = TIMES[label] ?? ['0 ms', '0 KiB'];
      html = html
        .replace('label-success', LABEL_CLASS[label] ?? 'label-warning')
        .replace('<td class="text-center">1 ms</td>', `<td class="text-center">${time}</td>`)
        .replace('<td class="text-center">3820 KiB</td>', `<td class="text-center">${memory}</td>`);
    }
    return html;
  };

  const mySubmissionsPage = (contest: string, session: FakeSession) => {
    const doc = createDocument(personalise(fixture('submissions-me.html'), session));
    const tbody = doc.querySelector('tbody')!;
    const recorded = tbody.querySelector('tr')!;
    const mine = submissions
      .filter((s) => s.username === session.username && s.contest === contest)
      .sort((a, b) => b.id - a.id);
    const rows = mine.map((s) =>
      recorded.outerHTML
        .replaceAll(RECORDED_RUN, String(s.id))
        .replaceAll('/contests/abc086/tasks/abc086_a', `/contests/${s.contest}/tasks/${s.task}`)
        .replaceAll('/contests/abc086/', `/contests/${s.contest}/`)
        .replace('A - Product', TITLES[s.task] ?? s.task)
        .replace(/>AC<\/span>/, `>${labelOf(s)}</span>`),
    );
    tbody.innerHTML = rows.length
      ? rows.join('\n')
      : '<tr><td colspan="10" class="text-center">No Submissions</td></tr>';
    return `<!DOCTYPE html>\n${doc.documentElement.outerHTML}`;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (mode.rateLimited) return send(res, 429, '<html><body>429 Too Many Requests</body></html>');
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    let m: RegExpExecArray | null;

    if (req.method === 'GET' && IMAGES[path]) {
      return send(res, 200, readFileSync(new URL(IMAGES[path], FIXTURES)), 'image/png');
    }
    m = /^\/contests\/([a-z0-9_-]+)\/tasks\/([a-z0-9_]+)$/.exec(path);
    if (req.method === 'GET' && m) {
      const file = TASKS[`${m[1]}/${m[2]}`];
      return file ? send(res, 200, taskPage(file)) : send(res, 404, '<html><body>404 Not Found</body></html>');
    }

    if (path === '/login') {
      const session = sessionOf(req, res);
      if (req.method === 'GET') return send(res, 200, loginPage(session));
      const form = await readBody(req);
      const account = site.account(form.get('username'), form.get('password'));
      if (form.get('csrf_token') !== session.csrf) {
        flash.set(session, 'Invalid request. Please try again.');
        return redirect(res, '/login');
      }
      if (mode.refuseLogins || mode.turnstile || !account) {
        flash.set(session, 'Username or Password is incorrect.');
        return redirect(res, '/login');
      }
      newSession(res, account.username);
      site.countLogin(account.username);
      return redirect(res, '/home');
    }

    m = /^\/contests\/([a-z0-9_-]+)(\/.*)?$/.exec(path);
    if (!m) return send(res, 404, '<html><body>404 Not Found</body></html>');
    const contest = m[1];
    const rest = m[2] ?? '';
    const session = sessionOf(req, res);
    const needsLogin = rest === '/submit' || rest.startsWith('/submissions/');
    if (needsLogin && !session.username) {
      return redirect(res, `/login?continue=${encodeURIComponent(`https://atcoder.jp${path}`)}`);
    }
    if (rest === '' && req.method === 'GET') {
      return send(
        res,
        200,
        personalise(fixture('contest-not-participant.html'), session).replaceAll('abc999', contest),
      );
    }
    if (rest === '/submit') {
      if (CLOSED_CONTESTS.has(contest)) return redirect(res, `/contests/${contest}`);
      // The form lists the contest's tasks (the recorded a and b, and the tasks recorded for that contest).
      const prefix = contest.replace(/-/g, '_');
      const known = Object.keys(TASKS)
        .filter((k) => k.startsWith(`${contest}/`))
        .map((k) => k.split('/')[1]);
      const options = [...new Set([`${prefix}_a`, `${prefix}_b`, ...known])]
        .map((t) => `<option value="${t}">${TITLES[t] ?? t}</option>`)
        .join('');
      const page = () =>
        personalise(fixture('submit.html'), session)
          .replaceAll('/contests/abc086/', `/contests/${contest}/`)
          .replace(/(name="data.TaskScreenName">)[\s\S]*?(<\/select>)/, `$1${options}$2`)
          .replaceAll('abc086_', `${prefix}_`);
      if (req.method === 'GET') return send(res, 200, page());
      const form = await readBody(req);
      if (form.get('csrf_token') !== session.csrf) return send(res, 400, '<html><body>Bad Request</body></html>');
      if (mode.submitCooldown) {
        return send(res, 200, withAlert(loginPage(session), 'Wait for 5 second to submit again.'));
      }
      const task = form.get('data.TaskScreenName') ?? '';
      if (!ATCODER_LANGUAGES.some((l) => l.remoteId === form.get('data.LanguageId')) || !task) {
        return redirect(res, `/contests/${contest}/submit`);
      }
      const source = form.get('sourceCode') ?? '';
      submissions.push({
        id: nextRunId++,
        contest,
        task,
        username: session.username!,
        languageId: form.get('data.LanguageId') ?? '',
        source,
        verdict: /FAKE_VERDICT[=:]\s*([A-Z]+)/.exec(source)?.[1] ?? 'AC',
        reads: 0,
      });
      return redirect(res, `/contests/${contest}/submissions/me`);
    }
    if (rest === '/submissions/me') return send(res, 200, mySubmissionsPage(contest, session));
    m = /^\/submissions\/(\d+)$/.exec(rest);
    if (m) {
      const s = submissions.find((x) => String(x.id) === m![1] && x.contest === contest);
      if (!s) return send(res, 404, '<html><body>404 Not Found</body></html>');
      s.reads++;
      return send(res, 200, submissionPage(s, session));
    }
    return send(res, 404, '<html><body>404 Not Found</body></html>');
  };

  const server = await startFakeSite(mode, handle, (res, error) => send(res, 500, String(error)));

  return {
    url: server.url,
    submissions,
    logins: site.logins,
    mode,
    expireSessions: () => site.expire(),
    close: server.close,
  };
};
