import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createDocument } from '@mixmark-io/domino';
import type { RemoteAccount } from '../adapter.js';
import { SPOJ_LANGUAGES } from '../spoj/site.js';
import { FakeSessions, type FakeSite, readBody, startFakeSite } from './fake-site.js';

/**
 * A loopback SPOJ for tests: it serves the pages recorded under fixtures/spoj (the problem pages of PRIME1 and
 * GSS1, the refused sign-in, the submit answer, the status page and its ajax answer, the compilation error page)
 * with state: the accounts it accepts, the sessions it gave out, the submissions it stored.
 *
 * A submission's result is decided by a marker in its source, `FAKE_VERDICT=<result>` (AC, WA, TLE, RE, CE, IE; AC
 * without a marker); the status answer shows it still running (final 0) for its first `runningReads` reads.
 */
export interface FakeSpojOptions {
  accounts: RemoteAccount[];
  /** How many reads of a run's status answer show it running (default 2). */
  runningReads?: number;
}

export interface FakeSpojSubmission {
  id: number;
  code: string;
  username: string;
  lang: string;
  source: string;
  /** The result the run ends with (from the source's marker). */
  verdict: string;
  /** How many times the status answer has shown this run. */
  reads: number;
}

export interface FakeSpojMode {
  /** Every sign-in is refused ("Authentication failed!"), whatever the password. */
  refuseLogins: boolean;
  /** Every request is answered with HTTP 429. */
  rateLimited: boolean;
  /** Requests are never answered (until the fake closes). */
  hang: boolean;
  /** The submit answer leaves out `newSubmissionId` (the adapter then reads /status/<user>/). */
  hideNewSubmissionId: boolean;
  /** Problem pages are served without the elements this CSS selector matches (e.g. "#problem-meta"). */
  removeFromProblemPage: string | null;
}

/** The running fake. Its `url` is the base URL to give the adapter (OJ_REMOTE_SPOJ_URL). */
export type FakeSpoj = FakeSite<FakeSpojSubmission, FakeSpojMode>;

const FIXTURES = new URL('../../fixtures/spoj/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');
const RECORDED_USER = 'oj-recorder';
const RECORDED_RUN = '33123456';

const PROBLEMS: Record<string, string> = { PRIME1: 'problem-PRIME1.html', GSS1: 'problem-GSS1.html' };
const IMAGES: Record<string, string> = { '/content/gss1-query.png': 'gss1-query.png' };
/** Each marker's result: code, words, time, memory. */
const RESULTS: Record<string, [number, string, string, string]> = {
  AC: [15, 'accepted', '0.01', '5.3M'],
  WA: [14, 'wrong answer', '0.02', '5.4M'],
  TLE: [13, 'time limit exceeded', '-', '5.3M'],
  RE: [12, 'runtime error    (SIGSEGV)', '0.00', '5.3M'],
  CE: [11, 'compilation error', '-', '-'],
  IE: [20, 'internal error', '-', '-'],
};
const LANG_SHORT: Record<string, string> = { '44': 'C++14', '11': 'C', '116': 'PYTHON3' };

const token = () => randomBytes(16).toString('hex');

export const startFakeSpoj = async (options: FakeSpojOptions): Promise<FakeSpoj> => {
  const runningReads = options.runningReads ?? 2;
  const site = new FakeSessions<string>(options.accounts, 'SPOJ');
  const submissions: FakeSpojSubmission[] = [];
  const mode: FakeSpojMode = {
    refuseLogins: false,
    rateLimited: false,
    hang: false,
    hideNewSubmissionId: false,
    removeFromProblemPage: null,
  };
  let nextRunId = 33200001;

  const send = (res: ServerResponse, status: number, body: string | Buffer, type = 'text/html; charset=utf-8') => {
    res.writeHead(status, { 'content-type': type });
    res.end(body);
  };
  const userOf = (req: IncomingMessage) => {
    return site.of(req) ?? null;
  };
  const signInPage = () =>
    fixture('login-failed.html').replace(/<p class="text-center text-danger">[\s\S]*?<\/p>\n/, '');

  const problemPage = (file: string) => {
    const html = fixture(file);
    if (!mode.removeFromProblemPage) return html;
    const doc = createDocument(html);
    for (const el of Array.from(doc.querySelectorAll(mode.removeFromProblemPage))) el.remove();
    return `<!DOCTYPE html>\n${doc.documentElement.outerHTML}`;
  };

  const resultOf = (s: FakeSpojSubmission) => RESULTS[s.verdict] ?? RESULTS.WA;

  const ajaxRow = (s: FakeSpojSubmission) => {
    s.reads++;
    const [recorded] = JSON.parse(fixture('status-ajax.json')) as Record<string, unknown>[];
    if (s.reads <= runningReads) {
      return {
        ...recorded,
        id: s.id,
        status: s.reads === 1 ? 0 : 5,
        status_description: 'running',
        time: '-',
        mem: '-',
        final: '0',
      };
    }
    const [status, words, time, mem] = resultOf(s);
    return {
      ...recorded,
      id: s.id,
      status,
      status_description: String(recorded.status_description).replace('accepted', words),
      time: time === '-' ? '-' : String(recorded.time).replace('0.01', time).replace('PRIME1', s.code),
      mem: mem === '-' ? '-' : String(recorded.mem).replace('5.3M', mem),
      final: '1',
    };
  };

  const statusPage = (username: string) => {
    const doc = createDocument(fixture('status-user.html').replaceAll(RECORDED_USER, username));
    const tbody = doc.querySelector('tbody')!;
    const recorded = tbody.querySelector('tr')!.outerHTML;
    tbody.innerHTML = submissions
      .filter((s) => s.username === username)
      .sort((a, b) => b.id - a.id)
      .map((s) => {
        const [status, words, time, mem] = resultOf(s);
        return recorded
          .replaceAll(RECORDED_RUN, String(s.id))
          .replaceAll('PRIME1', s.code)
          .replace('status="15"', `status="${status}"`)
          .replace('<strong>accepted</strong>', `<strong>${words}</strong>`)
          .replace('>0.01</a>', `>${time}</a>`)
          .replace('>5.3M<', `>${mem}<`)
          .replace('<span>C++14</span>', `<span>${LANG_SHORT[s.lang] ?? s.lang}</span>`);
      })
      .join('\n');
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
    m = /^\/problems\/([A-Z0-9_]+)\/?$/.exec(path);
    if (req.method === 'GET' && m) {
      const file = PROBLEMS[m[1]];
      // SPOJ shows an unknown code as a page saying so.
      return send(res, 200, file ? problemPage(file) : fixture('submit-wrong-code.html'));
    }

    if (path === '/login/' || path === '/login') {
      if (req.method === 'GET') return send(res, 200, signInPage());
      const form = await readBody(req);
      const account = site.account(form.get('login_user'), form.get('password'));
      if (mode.refuseLogins || !account) {
        return send(res, 200, fixture('login-failed.html').replaceAll(RECORDED_USER, form.get('login_user') ?? ''));
      }
      const id = token();
      site.start(id, account.username);
      site.countLogin(account.username);
      res.writeHead(302, {
        location: form.get('next_raw') || '/',
        'set-cookie': [`SPOJ=${id}; path=/; HttpOnly`, `autologin_login=${account.username}; path=/`],
      });
      res.end();
      return;
    }

    const username = userOf(req);
    if (!username) return send(res, 200, signInPage());

    if (req.method === 'POST' && path === '/submit/complete/') {
      const form = await readBody(req);
      const code = (form.get('problemcode') ?? '').toUpperCase();
      if (!PROBLEMS[code]) return send(res, 200, fixture('submit-wrong-code.html'));
      if (!SPOJ_LANGUAGES.some((l) => l.remoteId === form.get('lang'))) {
        return send(
          res,
          200,
          fixture('submit-wrong-code.html').replace(
            'Wrong problem code!',
            "You can't submit in this language for this problem. Try a different language.",
          ),
        );
      }
      const source = form.get('file') ?? '';
      const run: FakeSpojSubmission = {
        id: nextRunId++,
        code,
        username,
        lang: form.get('lang') ?? '',
        source,
        verdict: /FAKE_VERDICT[=:]\s*([A-Z]+)/.exec(source)?.[1] ?? 'AC',
        reads: 0,
      };
      submissions.push(run);
      let page = fixture('submit-complete.html')
        .replaceAll(RECORDED_USER, username)
        .replaceAll(RECORDED_RUN, String(run.id))
        .replace('value="PRIME1"', `value="${code}"`);
      if (mode.hideNewSubmissionId) page = page.replace(/<input type="hidden" name="newSubmissionId"[^>]*>\n/, '');
      return send(res, 200, page);
    }
    if (req.method === 'POST' && path === '/status/ajax=1,ajaxdiff=1') {
      const form = await readBody(req);
      const ids = (form.get('ids') ?? '').split(',');
      const rows = submissions.filter((s) => ids.includes(String(s.id)) && s.username === username).map(ajaxRow);
      return send(res, 200, JSON.stringify(rows), 'application/json; charset=utf-8');
    }
    m = /^\/status\/([^/]+)\/?$/.exec(path);
    if (req.method === 'GET' && m) return send(res, 200, statusPage(decodeURIComponent(m[1])));
    m = /^\/error\/(\d+)\/?$/.exec(path);
    if (req.method === 'GET' && m) {
      const run = submissions.find((s) => String(s.id) === m![1] && s.username === username);
      if (!run || run.verdict !== 'CE') return send(res, 404, '<html><body>Not found</body></html>');
      return send(res, 200, fixture('error-ce.html').replaceAll(RECORDED_RUN, String(run.id)));
    }
    return send(res, 404, '<html><body>Not found</body></html>');
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
