/// <reference path="../types/vendor.d.ts" />
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createDocument } from '@mixmark-io/domino';
import type { RemoteAccount } from '../adapter.js';
import { CODEFORCES_LANGUAGES } from '../codeforces/site.js';
import { FakeSessions, type FakeSite, readBody, redirect, startFakeSite } from './fake-site.js';

/**
 * A loopback Codeforces for tests: it serves the pages recorded under fixtures/codeforces (problem pages of CF
 * 1000A and 1B and GYM 100001A, the login page, the submit page, the API's user.status/contest.status answers, the
 * compile error texts) with state: the accounts it accepts, the sessions it gave out, the submissions it stored.
 *
 * A submission's verdict is decided by a marker in its source, `FAKE_VERDICT=<verdict>` (any Codeforces verdict:
 * OK, WRONG_ANSWER, COMPILATION_ERROR, TIME_LIMIT_EXCEEDED ...; OK without a marker); the API answers TESTING for
 * its first `testingReads` reads, then the verdict.
 *
 * Switches in `mode` turn on the failure modes: refused logins, HTTP 429, the Cloudflare challenge page, no answer
 * at all, the API's call limit, and a problem page without one of its parts.
 */
export interface FakeCodeforcesOptions {
  accounts: RemoteAccount[];
  /** How many reads of a run answer TESTING before its verdict (default 2). */
  testingReads?: number;
}

export interface FakeSubmission {
  id: number;
  contestId: string;
  index: string;
  gym: boolean;
  handle: string;
  programTypeId: string;
  source: string;
  /** The verdict the run ends with (from the source's marker). */
  verdict: string;
  /** How many times the API has shown this run. */
  reads: number;
  creationTimeSeconds: number;
}

export interface FakeCodeforcesMode {
  /** Every login is answered with the login form and its error, whatever the password. */
  refuseLogins: boolean;
  /** Every request is answered with HTTP 429. */
  rateLimited: boolean;
  /** Every request is answered with Cloudflare's challenge page (HTTP 403, cf-mitigated: challenge). */
  challenge: boolean;
  /** Requests are never answered (until the fake closes). */
  hang: boolean;
  /** The next this many API calls are answered with the API's call limit (HTTP 503, "Call limit exceeded"). */
  apiCallLimit: number;
  /** Problem pages are served without the element of this class (e.g. "time-limit", "sample-tests"). */
  removeFromProblemPage: string | null;
}

/** The running fake. Its `url` is the base URL to give the adapter (OJ_REMOTE_CF_URL). */
export type FakeCodeforces = FakeSite<FakeSubmission, FakeCodeforcesMode>;

const FIXTURES = new URL('../../fixtures/codeforces/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');
/** The csrf token and handle that the recorded pages carry; each session gets its own in their place. */
const RECORDED_CSRF = '3f2a9c8e7d6b5a4f3e2d1c0b9a8f7e6d';
const RECORDED_HANDLE = 'oj-recorder';

const PROBLEMS: Record<string, string> = { '1000A': 'problem-1000A.html', '1B': 'problem-1B.html' };
const GYM_PROBLEMS: Record<string, string> = { '100001A': 'gym-100001-A.html' };
const IMAGES: Record<string, string> = { '/predownloaded/1b/spreadsheet.png': 'spreadsheet.png' };
const STATUS_TEMPLATES: Record<string, string> = {
  TESTING: 'api-user-status-testing.json',
  OK: 'api-user-status-ok.json',
  WRONG_ANSWER: 'api-user-status-wrong-answer.json',
  COMPILATION_ERROR: 'api-user-status-compilation-error.json',
};

interface FakeSession {
  csrf: string;
  handle: string | null;
}

const token = () => randomBytes(16).toString('hex');

export const startFakeCodeforces = async (options: FakeCodeforcesOptions): Promise<FakeCodeforces> => {
  const testingReads = options.testingReads ?? 2;
  const site = new FakeSessions<FakeSession>(options.accounts, 'JSESSIONID');
  const submissions: FakeSubmission[] = [];
  const mode: FakeCodeforcesMode = {
    refuseLogins: false,
    rateLimited: false,
    challenge: false,
    hang: false,
    apiCallLimit: 0,
    removeFromProblemPage: null,
  };
  let nextRunId = 229012345;

  const send = (res: ServerResponse, status: number, body: string | Buffer, type = 'text/html;charset=UTF-8') => {
    res.writeHead(status, { 'content-type': type });
    res.end(body);
  };
  const json = (res: ServerResponse, status: number, value: unknown) =>
    send(res, status, JSON.stringify(value), 'application/json;charset=UTF-8');

  /** The visitor's session, a new anonymous one when the cookie is unknown (as after expiry). */
  const sessionOf = (req: IncomingMessage, res: ServerResponse) => {
    const known = site.of(req);
    if (known) return known;
    const fresh: FakeSession = { csrf: token(), handle: null };
    const newId = token().toUpperCase();
    site.start(newId, fresh);
    res.setHeader('set-cookie', [`JSESSIONID=${newId}; Path=/; HttpOnly`, `39ce7=CF${token().slice(0, 8)}; Path=/`]);
    return fresh;
  };

  const personalise = (html: string, session: FakeSession) =>
    html.replaceAll(RECORDED_CSRF, session.csrf).replaceAll(RECORDED_HANDLE, session.handle ?? RECORDED_HANDLE);

  const problemPage = (file: string) => {
    const html = fixture(file);
    if (!mode.removeFromProblemPage) return html;
    const doc = createDocument(html);
    doc.querySelector(`div.${mode.removeFromProblemPage}`)?.remove();
    return `<!DOCTYPE html>\n${doc.documentElement.outerHTML}`;
  };

  const apiRun = (s: FakeSubmission) => {
    s.reads++;
    const verdict = s.reads <= testingReads ? 'TESTING' : s.verdict;
    const template = JSON.parse(fixture(STATUS_TEMPLATES[verdict] ?? STATUS_TEMPLATES.WRONG_ANSWER));
    const run = template.result[0];
    const contestId = Number(s.contestId);
    Object.assign(run, {
      id: s.id,
      contestId,
      creationTimeSeconds: s.creationTimeSeconds,
      verdict,
      programmingLanguage: CODEFORCES_LANGUAGES.find((l) => l.remoteId === s.programTypeId)?.name ?? 'Unknown',
    });
    Object.assign(run.problem, { contestId, index: s.index });
    Object.assign(run.author, { contestId, participantType: s.gym ? 'VIRTUAL' : 'PRACTICE' });
    run.author.members = [{ handle: s.handle }];
    return run;
  };

  const runsOf = (handle: string | null, url: URL, contestId?: string) => {
    const from = Math.max(1, Number(url.searchParams.get('from') ?? 1));
    const count = Math.max(1, Number(url.searchParams.get('count') ?? 10));
    return submissions
      .filter((s) => (handle === null || s.handle === handle) && (!contestId || s.contestId === contestId))
      .sort((a, b) => b.id - a.id)
      .slice(from - 1, from - 1 + count)
      .map(apiRun);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (mode.challenge) {
      res.writeHead(403, { 'content-type': 'text/html; charset=UTF-8', 'cf-mitigated': 'challenge' });
      res.end(fixture('challenge.html'));
      return;
    }
    if (mode.rateLimited) return send(res, 429, '<html><body>Too Many Requests</body></html>');

    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    let m: RegExpExecArray | null;

    if (req.method === 'GET' && IMAGES[path]) {
      return send(res, 200, readFileSync(new URL(IMAGES[path], FIXTURES)), 'image/png');
    }
    m = /^\/(?:problemset\/problem|contest)\/(\d+)\/(?:problem\/)?([A-Z0-9]+)$/.exec(path);
    if (req.method === 'GET' && m && !path.endsWith('/submit')) {
      const file = PROBLEMS[`${m[1]}${m[2]}`];
      return file ? send(res, 200, problemPage(file)) : redirect(res, '/problemset');
    }
    m = /^\/gym\/(\d+)\/problem\/([A-Z0-9]+)$/.exec(path);
    if (req.method === 'GET' && m) {
      const file = GYM_PROBLEMS[`${m[1]}${m[2]}`];
      return file ? send(res, 200, problemPage(file)) : redirect(res, '/gym');
    }

    if (path === '/enter') {
      const session = sessionOf(req, res);
      if (req.method === 'GET') return send(res, 200, personalise(fixture('enter.html'), session));
      const form = await readBody(req);
      const account = site.account(form.get('handleOrEmail'), form.get('password'));
      if (mode.refuseLogins || !account || form.get('csrf_token') !== session.csrf || form.get('action') !== 'enter') {
        return send(res, 200, personalise(fixture('enter-failed.html'), session));
      }
      const id = token().toUpperCase();
      site.start(id, { csrf: token(), handle: account.username });
      site.countLogin(account.username);
      return redirect(res, '/', [`JSESSIONID=${id}; Path=/; HttpOnly`, `X-User-Sha1=${token()}; Path=/`]);
    }

    m = /^\/(contest|gym)\/(\d+)\/submit$/.exec(path);
    if (m) {
      const session = sessionOf(req, res);
      const contestPath = `/${m[1]}/${m[2]}`;
      if (!session.handle) return redirect(res, `/enter?back=${encodeURIComponent(path)}`);
      const page = () =>
        personalise(fixture('submit.html'), session)
          .replaceAll('/contest/1000/', `${contestPath}/`)
          .replace('name="contestId" value="1000"', `name="contestId" value="${m![2]}"`);
      if (req.method === 'GET') return send(res, 200, page());
      const form = await readBody(req);
      if (form.get('csrf_token') !== session.csrf || url.searchParams.get('csrf_token') !== session.csrf) {
        return send(res, 403, '<html><body>Forbidden</body></html>');
      }
      const source = form.get('source') ?? '';
      const refuse = (cls: string, message: string) =>
        send(
          res,
          200,
          page().replace(`<span class="error ${cls}"></span>`, `<span class="error ${cls}">${message}</span>`),
        );
      if (!CODEFORCES_LANGUAGES.some((l) => l.remoteId === form.get('programTypeId'))) {
        return refuse('for__programTypeId', 'Choose valid language');
      }
      if (submissions.some((s) => s.handle === session.handle && s.source === source)) {
        return refuse('for__source', 'You have submitted exactly the same code before');
      }
      submissions.push({
        id: nextRunId++,
        contestId: m[2],
        index: (form.get('submittedProblemIndex') ?? '').toUpperCase(),
        gym: m[1] === 'gym',
        handle: session.handle,
        programTypeId: form.get('programTypeId') ?? '',
        source,
        verdict: /FAKE_VERDICT[=:]\s*([A-Z_]+)/.exec(source)?.[1] ?? 'OK',
        reads: 0,
        creationTimeSeconds: Math.floor(Date.now() / 1000),
      });
      return redirect(res, `${contestPath}/my`);
    }

    if (path === '/api/user.status' || path === '/api/contest.status') {
      if (mode.apiCallLimit > 0) {
        mode.apiCallLimit--;
        return send(res, 503, fixture('api-failed-call-limit.json'), 'application/json;charset=UTF-8');
      }
      const handleParam = url.searchParams.get('handle');
      if (path === '/api/user.status' && !options.accounts.some((a) => a.username === handleParam)) {
        return json(res, 400, { status: 'FAILED', comment: `handle: User with handle ${handleParam} not found` });
      }
      const contestId = path === '/api/contest.status' ? (url.searchParams.get('contestId') ?? '') : undefined;
      return json(res, 200, { status: 'OK', result: runsOf(handleParam, url, contestId) });
    }

    if (req.method === 'POST' && (path === '/data/submitSource' || path === '/data/judgeProtocol')) {
      const session = sessionOf(req, res);
      const form = await readBody(req);
      if (!session.handle || form.get('csrf_token') !== session.csrf) {
        return send(res, 403, '<html><body>Forbidden</body></html>');
      }
      const run = submissions.find((s) => String(s.id) === form.get('submissionId') && s.handle === session.handle);
      if (!run) return json(res, 200, {});
      const ce = run.verdict === 'COMPILATION_ERROR' && run.reads > testingReads;
      if (path === '/data/judgeProtocol') {
        return send(res, 200, ce ? fixture('data-judge-protocol-ce.json') : '""', 'application/json;charset=UTF-8');
      }
      const answer = JSON.parse(fixture('data-submit-source-ce.json'));
      Object.assign(answer, { source: run.source, partyName: session.handle });
      if (!ce) {
        answer.compilationError = 'false';
        delete answer['checkerStdoutAndStderr#1'];
      }
      return json(res, 200, answer);
    }

    return send(res, 404, '<html><body>Page not found</body></html>');
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
