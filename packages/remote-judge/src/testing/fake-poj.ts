import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RemoteAccount } from '../adapter.js';
import { FakeSessions, type FakeSite, htmlEscape, readBody, redirect, startFakeSite } from './fake-site.js';

/**
 * A loopback POJ (poj.org) for tests: it serves the pages recorded under fixtures/poj (problems 1000 and 1005 with
 * an image and a hint, the "Error Occurred" page, the login request, the status page, the compile error page) with
 * state: the accounts it accepts, the sessions it gave out, the submissions it stored.
 *
 * A submission's verdict comes from a marker in its source, `FAKE_VERDICT=<verdict>`: ACCEPTED (also without a
 * marker), WRONG_ANSWER, PRESENTATION_ERROR, TIME_LIMIT_EXCEEDED, MEMORY_LIMIT_EXCEEDED, OUTPUT_LIMIT_EXCEEDED,
 * RUNTIME_ERROR, COMPILE_ERROR or SYSTEM_ERROR; the status page shows Waiting, Compiling, Running & Judging for its
 * first `runningReads` reads, then the verdict as POJ writes it.
 */
export interface FakePojOptions {
  accounts: RemoteAccount[];
  /** How many reads of a run show it still judging (default 2). */
  runningReads?: number;
}

export interface FakePojSubmission {
  id: number;
  problemId: string;
  username: string;
  language: string;
  /** The code as POJ decodes it (Base64 when `encoded` is 1). */
  source: string;
  verdict: string;
  /** How many times the status page has shown this run. */
  reads: number;
}

export interface FakePojMode {
  /** Every login is answered with the "Error Occurred" page. */
  refuseLogins: boolean;
  /** Every request is answered with HTTP 429. */
  rateLimited: boolean;
  /** Every request is answered with HTTP 503 (the site is down). */
  down: boolean;
  /** Requests are never answered (until the fake closes). */
  hang: boolean;
  /** Problem pages are served without this part: "title", "time-limit", "memory-limit" or a section's caption
   * ("Description", "Input", "Sample Input" ...). */
  removeFromProblemPage: string | null;
}

/** The running fake. Its `url` is the base URL to give the adapter (OJ_REMOTE_POJ_URL). */
export type FakePoj = FakeSite<FakePojSubmission, FakePojMode>;

const FIXTURES = new URL('../../fixtures/poj/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');
const RECORDED_RUN = '25012346';
const PROBLEMS: Record<string, string> = { '1000': 'problem-1000.html', '1005': 'problem-1005.html' };
const IMAGES: Record<string, string> = { '/images/1005/semicircle.GIF': 'semicircle.gif' };
const LANGUAGES = ['G++', 'GCC', 'Java', 'Pascal', 'C++', 'C', 'Fortran'];

/** Verdict key → the Result column POJ writes, with memory and time (empty unless accepted, as POJ shows them). */
const VERDICTS: Record<string, { cell: string; memory: string; time: string }> = {
  ACCEPTED: { cell: '<font color=blue>Accepted</font>', memory: '164K', time: '16MS' },
  WRONG_ANSWER: { cell: '<font color=red>Wrong Answer</font>', memory: '', time: '' },
  PRESENTATION_ERROR: { cell: '<font color=red>Presentation Error</font>', memory: '', time: '' },
  TIME_LIMIT_EXCEEDED: { cell: '<font color=red>Time Limit Exceeded</font>', memory: '', time: '' },
  MEMORY_LIMIT_EXCEEDED: { cell: '<font color=red>Memory Limit Exceeded</font>', memory: '', time: '' },
  OUTPUT_LIMIT_EXCEEDED: { cell: '<font color=red>Output Limit Exceeded</font>', memory: '', time: '' },
  RUNTIME_ERROR: { cell: '<font color=red>Runtime Error</font>', memory: '', time: '' },
  SYSTEM_ERROR: { cell: '<font color=red>System Error</font>', memory: '', time: '' },
};
const RUNNING = ['Waiting', 'Compiling', 'Running &amp; Judging'];

const token = () => randomBytes(16).toString('hex').toUpperCase();

export const startFakePoj = async (options: FakePojOptions): Promise<FakePoj> => {
  const runningReads = options.runningReads ?? 2;
  /** JSESSIONID → the logged-in user id. */
  const site = new FakeSessions<string>(options.accounts, 'JSESSIONID');
  const submissions: FakePojSubmission[] = [];
  const mode: FakePojMode = {
    refuseLogins: false,
    rateLimited: false,
    down: false,
    hang: false,
    removeFromProblemPage: null,
  };
  let nextRunId = 25012348;

  const send = (res: ServerResponse, status: number, body: string | Buffer, type = 'text/html; charset=UTF-8') => {
    res.writeHead(status, { 'content-type': type });
    res.end(body);
  };
  const userOf = (req: IncomingMessage) => {
    return site.of(req) ?? null;
  };
  const errorPage = (message: string) => fixture('error.html').replace(/<li>[\s\S]*?<\/li>/, `<li>${message}</li>`);

  const problemPage = (file: string) => {
    let html = fixture(file);
    const part = mode.removeFromProblemPage;
    if (part === 'title') html = html.replace(/<div class="ptt"[^>]*>[\s\S]*?<\/div>/, '');
    else if (part === 'time-limit') html = html.replace(/<b>Time Limit:<\/b> \d+MS/, '');
    else if (part === 'memory-limit') html = html.replace(/<b>Memory Limit:<\/b> \d+K/, '');
    else if (part) {
      html = html.replace(
        new RegExp(
          `<p class="pst">${part}</p>(<div class="ptx"[^>]*>[\\s\\S]*?</div>|<pre class="sio">[\\s\\S]*?</pre>)`,
        ),
        '',
      );
    }
    return html;
  };

  const row = (s: FakePojSubmission) => {
    s.reads++;
    let shown = VERDICTS[s.verdict] ?? VERDICTS.WRONG_ANSWER;
    if (s.reads <= runningReads) shown = { cell: RUNNING[Math.min(s.reads - 1, 2)], memory: '', time: '' };
    else if (s.verdict === 'COMPILE_ERROR') {
      shown = {
        cell: `<a href=showcompileinfo?solution_id=${s.id} target=_blank><font color=green>Compile Error</font></a>`,
        memory: '',
        time: '',
      };
    }
    const user = htmlEscape(s.username);
    return `<tr align=center><td>${s.id}</td><td><a href=userstatus?user_id=${user}>${user}</a></td><td><a href=problem?id=${s.problemId}>${s.problemId}</a></td><td>${shown.cell}</td><td>${shown.memory}</td><td>${shown.time}</td><td><a href=showsource?solution_id=${s.id} target=_blank>${LANGUAGES[Number(s.language)]}</a></td><td>${Buffer.byteLength(s.source)}B</td><td>2023-05-06 12:00:00</td></tr>\n`;
  };

  const statusPage = (url: URL) => {
    const page = fixture('status.html');
    const start = page.indexOf('<tr align=center>');
    const end = page.indexOf('</table>', start);
    const user = url.searchParams.get('user_id') ?? '';
    const pid = url.searchParams.get('problem_id') ?? '';
    const top = Number(url.searchParams.get('top') || Number.POSITIVE_INFINITY);
    const rows = submissions
      .filter((s) => (!user || s.username === user) && (!pid || s.problemId === pid) && s.id < top)
      .sort((a, b) => b.id - a.id)
      .slice(0, 20)
      .map(row)
      .join('');
    return page.slice(0, start) + rows + page.slice(end);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (mode.down) return send(res, 503, '<html><body><h1>503 Service Unavailable</h1></body></html>');
    if (mode.rateLimited) return send(res, 429, '<html><body>Too Many Requests</body></html>');

    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;

    if (req.method === 'GET' && IMAGES[path]) {
      return send(res, 200, readFileSync(new URL(IMAGES[path], FIXTURES)), 'image/gif');
    }
    if (req.method === 'GET' && path === '/problem') {
      const id = url.searchParams.get('id') ?? '';
      const file = PROBLEMS[id];
      return send(res, 200, file ? problemPage(file) : errorPage(`Can not find problem (ID:${htmlEscape(id)})`));
    }

    if (path === '/login' && req.method === 'POST') {
      const form = await readBody(req);
      const account = site.account(form.get('user_id1'), form.get('password1'));
      if (mode.refuseLogins || !account || form.get('B1') !== 'login') {
        return send(res, 200, errorPage('Invalid user id or password'));
      }
      const id = token();
      site.start(id, account.username);
      site.countLogin(account.username);
      return redirect(res, form.get('url') || '/', [`JSESSIONID=${id}; Path=/`]);
    }

    if (path === '/submit' && req.method === 'POST') {
      const user = userOf(req);
      if (!user) return send(res, 200, fixture('login-required.html'));
      const form = await readBody(req);
      const raw = form.get('source') ?? '';
      const source = form.get('encoded') === '1' ? Buffer.from(raw, 'base64').toString('utf8') : raw;
      if (source.trim().length === 0 || Buffer.byteLength(source) > 65536) {
        return send(
          res,
          200,
          errorPage(
            'Source code too long or too short,submit FAILED;if you really need submit this source please contact administrator',
          ),
        );
      }
      const language = form.get('language') ?? '';
      if (!/^[0-6]$/.test(language)) return send(res, 200, errorPage('Please select a language'));
      const problemId = form.get('problem_id') ?? '';
      if (!PROBLEMS[problemId]) return send(res, 200, errorPage(`Can not find problem (ID:${htmlEscape(problemId)})`));
      submissions.push({
        id: nextRunId++,
        problemId,
        username: user,
        language,
        source,
        verdict: /FAKE_VERDICT[=:]\s*([A-Z_]+)/.exec(source)?.[1] ?? 'ACCEPTED',
        reads: 0,
      });
      return redirect(res, '/status');
    }

    if (req.method === 'GET' && path === '/status') return send(res, 200, statusPage(url));

    if (req.method === 'GET' && path === '/showcompileinfo') {
      const user = userOf(req);
      const run = submissions.find((s) => String(s.id) === url.searchParams.get('solution_id'));
      if (!user || !run || run.username !== user || run.verdict !== 'COMPILE_ERROR' || run.reads <= runningReads) {
        return send(res, 200, errorPage('No such compile information'));
      }
      return send(res, 200, fixture('showcompileinfo.html').replaceAll(RECORDED_RUN, String(run.id)));
    }

    return send(res, 404, '<html><body><h1>404 Not Found</h1></body></html>');
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
