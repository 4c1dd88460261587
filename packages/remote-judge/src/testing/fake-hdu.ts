import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RemoteAccount } from '../adapter.js';
import { FakeSessions, type FakeSite, htmlEscape, readBody, redirect, startFakeSite } from './fake-site.js';

/**
 * A loopback HDU (acm.hdu.edu.cn) for tests: it serves the pages recorded under fixtures/hdu (problems 1000, 1033
 * with an image and a hint, 2000 in GBK with Chinese text, the "System Message" page of a missing problem, the
 * login form with its complaint, the submit form's complaints, the status page, the compile error page) with state:
 * the accounts it accepts, the sessions it gave out, the submissions it stored.
 *
 * A submission's verdict comes from a marker in its source, `FAKE_VERDICT=<verdict>`: ACCEPTED (also without a
 * marker), WRONG_ANSWER, PRESENTATION_ERROR, TIME_LIMIT_EXCEEDED, MEMORY_LIMIT_EXCEEDED, OUTPUT_LIMIT_EXCEEDED,
 * RUNTIME_ERROR, COMPILATION_ERROR or SYSTEM_ERROR; the status page shows Queuing, Compiling, Running for its first
 * `runningReads` reads, then the verdict as HDU writes it.
 */
export interface FakeHduOptions {
  accounts: RemoteAccount[];
  /** How many reads of a run show it still judging (default 2). */
  runningReads?: number;
}

export interface FakeHduSubmission {
  id: number;
  problemId: string;
  username: string;
  language: string;
  /** The code as HDU decodes it (Base64, then URL decoding), blank tail included. */
  source: string;
  /** The key of the verdict the run ends with (from the source's marker). */
  verdict: string;
  /** How many times the status page has shown this run. */
  reads: number;
}

export interface FakeHduMode {
  /** Every login is answered with the login form and "No such user or wrong password.". */
  refuseLogins: boolean;
  /** Every request is answered with HTTP 429. */
  rateLimited: boolean;
  /** Every request is answered with HTTP 503 (the site is down). */
  down: boolean;
  /** Requests are never answered (until the fake closes). */
  hang: boolean;
  /** The next this many submits are answered with "Please don't re-submit in 5 seconds, thank you.". */
  submitTooFast: number;
  /** Problem pages are served without this part: "title", "time-limit", "memory-limit" or a panel's title
   * ("Problem Description", "Input", "Sample Input" ...). */
  removeFromProblemPage: string | null;
}

/** The running fake. Its `url` is the base URL to give the adapter (OJ_REMOTE_HDU_URL). */
export type FakeHdu = FakeSite<FakeHduSubmission, FakeHduMode>;

const FIXTURES = new URL('../../fixtures/hdu/', import.meta.url);
/** The recorded pages as bytes kept in a latin1 string, so that GBK pages are served byte for byte. */
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES)).toString('latin1');
const RECORDED_RUN = '38012346';
const PROBLEMS: Record<string, string> = {
  '1000': 'problem-1000.html',
  '1033': 'problem-1033.html',
  '2000': 'problem-2000.html',
};
const IMAGES: Record<string, string> = { '/data/images/1033-1.gif': '1033-1.gif' };
const LANGUAGES = ['G++', 'GCC', 'C++', 'C', 'Pascal', 'Java', 'C#'];

/** Verdict key → the status column HDU writes, its colour, time and memory. */
const VERDICTS: Record<string, { cell: string; timeMs: number; memoryKb: number }> = {
  ACCEPTED: { cell: '<font color=red>Accepted</font>', timeMs: 15, memoryKb: 1736 },
  WRONG_ANSWER: { cell: '<font color=green>Wrong Answer</font>', timeMs: 0, memoryKb: 1704 },
  PRESENTATION_ERROR: { cell: '<font color=green>Presentation Error</font>', timeMs: 0, memoryKb: 1704 },
  TIME_LIMIT_EXCEEDED: { cell: '<font color=green>Time Limit Exceeded</font>', timeMs: 1000, memoryKb: 1708 },
  MEMORY_LIMIT_EXCEEDED: { cell: '<font color=green>Memory Limit Exceeded</font>', timeMs: 15, memoryKb: 32768 },
  OUTPUT_LIMIT_EXCEEDED: { cell: '<font color=green>Output Limit Exceeded</font>', timeMs: 46, memoryKb: 1712 },
  RUNTIME_ERROR: { cell: '<font color=red>Runtime Error<br>(ACCESS_VIOLATION)</font>', timeMs: 0, memoryKb: 1704 },
  SYSTEM_ERROR: { cell: '<font color=green>System Error</font>', timeMs: 0, memoryKb: 0 },
};
const RUNNING = ['Queuing', 'Compiling', 'Running'];

const token = () => randomBytes(12).toString('hex');

export const startFakeHdu = async (options: FakeHduOptions): Promise<FakeHdu> => {
  const runningReads = options.runningReads ?? 2;
  /** PHPSESSID → the logged-in username. */
  const site = new FakeSessions<string>(options.accounts, 'PHPSESSID');
  const submissions: FakeHduSubmission[] = [];
  const mode: FakeHduMode = {
    refuseLogins: false,
    rateLimited: false,
    down: false,
    hang: false,
    submitTooFast: 0,
    removeFromProblemPage: null,
  };
  let nextRunId = 38012348;

  // HDU announces no charset in the header: the pages' <meta> says gb2312.
  const send = (res: ServerResponse, status: number, latin1: string, type = 'text/html') => {
    res.writeHead(status, { 'content-type': type });
    res.end(Buffer.from(latin1, 'latin1'));
  };
  const userOf = (req: IncomingMessage) => {
    return site.of(req) ?? null;
  };
  const systemMessage = (message: string) =>
    fixture('no-such-problem.html').replace(/<DIV>[\s\S]*?<\/DIV>/, `<DIV>${message}</DIV>`);

  const problemPage = (file: string) => {
    let html = fixture(file);
    const part = mode.removeFromProblemPage;
    if (part === 'title') html = html.replace(/<h1 style='color:#1A5CC8'>[\s\S]*?<\/h1>/, '');
    else if (part === 'time-limit') html = html.replace(/Time Limit: [^&]*/, '');
    else if (part === 'memory-limit') html = html.replace(/Memory Limit: [^<]*/, '');
    else if (part) {
      html = html.replace(
        new RegExp(
          `<div class=panel_title align=left>${part}</div>\\s*<div class=panel_content>[\\s\\S]*?<div class=panel_bottom>`,
        ),
        '<div class=panel_bottom>',
      );
    }
    return html;
  };

  const statusCell = (s: FakeHduSubmission) => {
    s.reads++;
    if (s.reads <= runningReads) return { cell: RUNNING[Math.min(s.reads - 1, 2)], timeMs: 0, memoryKb: 0 };
    if (s.verdict === 'COMPILATION_ERROR') {
      return {
        cell: `<a href="/viewerror.php?rid=${s.id}" target=_blank><font color=green>Compilation Error</font></a>`,
        timeMs: 0,
        memoryKb: 0,
      };
    }
    return VERDICTS[s.verdict] ?? VERDICTS.WRONG_ANSWER;
  };

  const row = (s: FakeHduSubmission) => {
    const { cell, timeMs, memoryKb } = statusCell(s);
    const user = htmlEscape(s.username);
    return `<tr align=center ><td height=22px>${s.id}</td><td>2023-05-06 12:00:00</td><td>${cell}</td><td><a href="/showproblem.php?pid=${s.problemId}">${s.problemId}</a></td><td>${timeMs}MS</td><td>${memoryKb}K</td><td><a href="/viewcode.php?rid=${s.id}"  target=_blank>${Buffer.byteLength(s.source)}B</a></td><td>${LANGUAGES[Number(s.language)]}</td><td class=fixedsize><a href="/userstatus.php?user=${user}">${user}</a></td></tr>\n`;
  };

  const statusPage = (url: URL) => {
    const page = fixture('status.html');
    const start = page.indexOf('<tr align=center ><td height=22px>');
    const end = page.indexOf('</table></div>');
    const user = url.searchParams.get('user') ?? '';
    const pid = url.searchParams.get('pid') ?? '';
    const first = Number(url.searchParams.get('first') || Number.POSITIVE_INFINITY);
    const rows = submissions
      .filter((s) => (!user || s.username === user) && (!pid || s.problemId === pid) && s.id <= first)
      .sort((a, b) => b.id - a.id)
      .slice(0, 15)
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
      res.writeHead(200, { 'content-type': 'image/gif' });
      return res.end(readFileSync(new URL(IMAGES[path], FIXTURES)));
    }
    if (req.method === 'GET' && path === '/showproblem.php') {
      const pid = url.searchParams.get('pid') ?? '';
      const file = PROBLEMS[pid];
      if (file) return send(res, 200, problemPage(file));
      return send(res, 200, systemMessage(`No such problem - <strong>Problem Id:${htmlEscape(pid)}</strong>.`));
    }

    if (path === '/userloginex.php' && req.method === 'POST') {
      const form = await readBody(req);
      const account = site.account(form.get('username'), form.get('userpass'));
      if (mode.refuseLogins || !account || url.searchParams.get('action') !== 'login') {
        return send(res, 200, fixture('login.html'));
      }
      const id = token();
      site.start(id, account.username);
      site.countLogin(account.username);
      return redirect(res, '/', [`PHPSESSID=${id}; path=/`]);
    }

    if (path === '/submit.php' && req.method === 'POST') {
      const user = userOf(req);
      if (!user) return redirect(res, '/userloginex.php?action=login&cid=0&notice=0');
      const form = await readBody(req);
      if (mode.submitTooFast > 0) {
        mode.submitTooFast--;
        return send(res, 200, fixture('submit-too-fast.html'));
      }
      let source: string;
      try {
        source = decodeURIComponent(Buffer.from(form.get('_usercode') ?? '', 'base64').toString('utf8'));
      } catch {
        source = '';
      }
      const refuse = (message: string) =>
        send(res, 200, fixture('submit-error.html').replace(/<li>[\s\S]*?<\/li>/, `<li>${message}</li>`));
      const bytes = Buffer.byteLength(source);
      if (bytes < 50 || bytes > 65536) return send(res, 200, fixture('submit-error.html'));
      const language = form.get('language') ?? '';
      if (!/^[0-6]$/.test(language)) return refuse('Please select a language.');
      const problemId = form.get('problemid') ?? '';
      if (!PROBLEMS[problemId] || form.get('check') !== '0') return refuse('No such problem.');
      submissions.push({
        id: nextRunId++,
        problemId,
        username: user,
        language,
        source,
        verdict: /FAKE_VERDICT[=:]\s*([A-Z_]+)/.exec(source)?.[1] ?? 'ACCEPTED',
        reads: 0,
      });
      return redirect(res, `/status.php?user=${encodeURIComponent(user)}&first=`);
    }

    if (req.method === 'GET' && path === '/status.php') return send(res, 200, statusPage(url));

    if (req.method === 'GET' && path === '/viewerror.php') {
      const user = userOf(req);
      const run = submissions.find((s) => String(s.id) === url.searchParams.get('rid'));
      if (!user || !run || run.username !== user || run.verdict !== 'COMPILATION_ERROR' || run.reads <= runningReads) {
        return send(res, 200, systemMessage('No such error message.'));
      }
      return send(res, 200, fixture('viewerror.html').replaceAll(RECORDED_RUN, String(run.id)));
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
