/// <reference path="../types/vendor.d.ts" />
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createDocument } from '@mixmark-io/domino';
import { JUDGE_STATUS } from '@oj/shared';
import {
  type RemoteAccount,
  type RemoteAdapterOptions,
  type RemoteJudgeAdapter,
  RemoteJudgeError,
  type RemoteProblem,
  type RemoteVerdict,
} from '../adapter.js';
import { CookieJar } from '../http.js';
import { SiteAdapter, type SiteSession, SiteSessions } from '../site-session.js';
import { csrfTokenOf, loginFormError, parseProblemPage, submitFormError } from './pages.js';
import {
  CODEFORCES_LANGUAGES,
  type CodeforcesProblemRef,
  codeforcesIdOf,
  mapCodeforcesVerdict,
  parseCodeforcesId,
} from './site.js';

/** One logged-in visitor per account, shared by the CF and GYM adapters (they share Codeforces' accounts). */
interface Session extends SiteSession {
  /** The handle the site shows once logged in (the account may be an e-mail address). */
  handle: string;
}

export class CodeforcesSessions extends SiteSessions<Session> {
  constructor() {
    super((account) => ({ jar: new CookieJar(), loggedIn: false, handle: account.username }));
  }
}

export interface CodeforcesAdapterOptions extends RemoteAdapterOptions {
  /** GYM: the same site and accounts, problems under /gym/<contestId>. */
  gym?: boolean;
  /** Sessions to share with the other Codeforces adapter (CF and GYM), so an account logs in once. */
  sessions?: CodeforcesSessions;
  /** How often, and how far apart, api/user.status is read after a submit to find the new run (default 5 × 2 s). */
  runIdAttempts?: number;
  runIdDelayMs?: number;
  /** How many of the account's latest runs api/user.status returns when looking for a run (default 50). */
  statusCount?: number;
}

interface ApiSubmission {
  id: number;
  contestId?: number;
  problem?: { contestId?: number; index?: string };
  verdict?: string;
  timeConsumedMillis?: number;
  memoryConsumedBytes?: number;
}

/** Harmless trailing whitespace, so that Codeforces never rejects a resubmitted source as "exactly the same". */
const varySource = (code: string) => {
  let tail = '\n';
  for (let i = randomInt(8, 24); i > 0; i--) tail += randomInt(2) ? ' ' : '\t';
  return `${code}${tail}\n`;
};

class CodeforcesAdapter extends SiteAdapter<Session> implements RemoteJudgeAdapter {
  readonly oj: 'CF' | 'GYM';
  readonly languages = CODEFORCES_LANGUAGES;
  private readonly gym: boolean;
  private readonly runIdAttempts: number;
  private readonly runIdDelayMs: number;
  private readonly statusCount: number;

  constructor(options: CodeforcesAdapterOptions) {
    super('Codeforces', options, options.sessions ?? new CodeforcesSessions());
    this.gym = options.gym ?? false;
    this.oj = this.gym ? 'GYM' : 'CF';
    this.runIdAttempts = options.runIdAttempts ?? 5;
    this.runIdDelayMs = options.runIdDelayMs ?? 2000;
    this.statusCount = options.statusCount ?? 50;
  }

  parseProblemId(id: string) {
    const ref = parseCodeforcesId(id);
    return ref ? codeforcesIdOf(ref) : null;
  }

  private ref(remoteId: string): CodeforcesProblemRef {
    const ref = parseCodeforcesId(remoteId);
    if (!ref) throw new RemoteJudgeError('notFound', `"${remoteId}" is not a ${this.oj} problem id`);
    return ref;
  }

  private contestPath(contestId: string) {
    return `/${this.gym ? 'gym' : 'contest'}/${contestId}`;
  }

  async importProblem(remoteId: string, signal?: AbortSignal): Promise<RemoteProblem> {
    const ref = this.ref(remoteId);
    const paths = this.gym
      ? [`/gym/${ref.contestId}/problem/${ref.index}`]
      : [`/problemset/problem/${ref.contestId}/${ref.index}`, `/contest/${ref.contestId}/problem/${ref.index}`];
    for (const path of paths) {
      const page = await this.request(path, { follow: false, signal });
      // Codeforces answers an unknown problem with a redirect (to the problem set, or to the login for a private
      // gym); a 404 is read the same way.
      if (page.location || page.status === 404) continue;
      if (page.status !== 200) {
        throw new RemoteJudgeError('unreachable', `Codeforces answered HTTP ${page.status} for ${path}`);
      }
      return parseProblemPage(page.body, codeforcesIdOf(ref), `${this.base}${path}`);
    }
    throw new RemoteJudgeError('notFound', `${this.oj} problem ${codeforcesIdOf(ref)} does not exist`);
  }

  protected async doLogin(account: RemoteAccount, session: Session, signal?: AbortSignal) {
    session.loggedIn = false;
    session.jar.clear();
    const enter = await this.request('/enter', { jar: session.jar, signal });
    const csrf = csrfTokenOf(enter.body);
    if (!csrf) throw new RemoteJudgeError('pageChanged', 'Codeforces login page: no csrf_token', 'csrf_token');
    const answer = await this.request('/enter', {
      method: 'POST',
      jar: session.jar,
      signal,
      form: {
        csrf_token: csrf,
        action: 'enter',
        ftaa: '',
        bfaa: '',
        handleOrEmail: account.username,
        password: account.password,
        remember: 'on',
      },
    });
    if (answer.location && !new URL(answer.location).pathname.startsWith('/enter')) {
      session.loggedIn = true;
      return;
    }
    const reason = loginFormError(answer.body) ?? `unexpected answer (HTTP ${answer.status})`;
    throw new RemoteJudgeError('loginFailed', `Codeforces refused the login of ${account.username}: ${reason}`);
  }

  /** The submit page of a contest, logged in (again, once, when the session has expired). */
  private async submitPage(account: RemoteAccount, session: Session, contestId: string, signal?: AbortSignal) {
    const path = `${this.contestPath(contestId)}/submit`;
    for (let attempt = 0; ; attempt++) {
      if (!session.loggedIn) await this.login(account, session, signal);
      const page = await this.request(path, { jar: session.jar, follow: false, signal });
      if (page.location && new URL(page.location).pathname.startsWith('/enter') && attempt === 0) {
        session.loggedIn = false;
        continue;
      }
      if (page.location || page.status !== 200) {
        throw new RemoteJudgeError('notFound', `${this.oj} contest ${contestId} has no submit page`);
      }
      const csrf = csrfTokenOf(page.body);
      if (!csrf) throw new RemoteJudgeError('pageChanged', 'Codeforces submit page: no csrf_token', 'csrf_token');
      const profile = createDocument(page.body).querySelector('a[href^="/profile/"]')?.getAttribute('href');
      if (profile) session.handle = decodeURIComponent(profile.slice('/profile/'.length));
      return { path, csrf };
    }
  }

  async submit(
    account: RemoteAccount,
    submission: { remoteId: string; languageRemoteId: string; code: string },
    signal?: AbortSignal,
  ) {
    const ref = this.ref(submission.remoteId);
    if (!this.languages.some((l) => l.remoteId === submission.languageRemoteId)) {
      throw new RemoteJudgeError('submitRejected', `Codeforces has no language ${submission.languageRemoteId}`);
    }
    const session = this.sessions.get(account);
    for (let attempt = 0; ; attempt++) {
      const { path, csrf } = await this.submitPage(account, session, ref.contestId, signal);
      const before = await this.latestRunId(session.handle, signal);
      const answer = await this.request(`${path}?csrf_token=${encodeURIComponent(csrf)}`, {
        method: 'POST',
        jar: session.jar,
        signal,
        form: {
          csrf_token: csrf,
          ftaa: '',
          bfaa: '',
          action: 'submitSolutionFormSubmitted',
          contestId: ref.contestId,
          submittedProblemIndex: ref.index,
          programTypeId: submission.languageRemoteId,
          source: varySource(submission.code),
          tabSize: '4',
          sourceFile: '',
        },
      });
      if (answer.location && new URL(answer.location).pathname.startsWith('/enter')) {
        session.loggedIn = false;
        if (attempt === 0) continue;
        throw new RemoteJudgeError('loginFailed', `Codeforces keeps asking ${account.username} to log in`);
      }
      if (!answer.location) {
        const complaint = submitFormError(answer.body);
        throw new RemoteJudgeError(
          'submitRejected',
          `Codeforces refused the submission: ${complaint ?? `unexpected answer (HTTP ${answer.status})`}`,
        );
      }
      return { runId: await this.findNewRun(session.handle, ref, before, signal) };
    }
  }

  private async api(path: string, signal?: AbortSignal): Promise<ApiSubmission[]> {
    const answer = await this.request(path, { signal, accept: 'application/json' });
    let json: { status?: string; comment?: string; result?: ApiSubmission[] };
    try {
      json = JSON.parse(answer.body);
    } catch {
      throw new RemoteJudgeError('pageChanged', `Codeforces API ${path.split('?')[0]}: not JSON`, 'result');
    }
    if (json.status !== 'OK') {
      const comment = json.comment ?? `HTTP ${answer.status}`;
      if (/limit/i.test(comment)) throw new RemoteJudgeError('rateLimited', `Codeforces API: ${comment}`);
      if (/not found/i.test(comment)) throw new RemoteJudgeError('notFound', `Codeforces API: ${comment}`);
      throw new RemoteJudgeError('pageChanged', `Codeforces API: ${comment}`, 'status');
    }
    if (!Array.isArray(json.result)) {
      throw new RemoteJudgeError('pageChanged', 'Codeforces API answer without "result"', 'result');
    }
    return json.result;
  }

  private userStatus(handle: string, signal?: AbortSignal) {
    return this.api(`/api/user.status?handle=${encodeURIComponent(handle)}&from=1&count=${this.statusCount}`, signal);
  }

  private async latestRunId(handle: string, signal?: AbortSignal) {
    const runs = await this.userStatus(handle, signal);
    return runs.reduce((max, run) => Math.max(max, Number(run.id) || 0), 0);
  }

  /** The account's first run of the problem newer than `before` (the latest run before the submit). */
  private async findNewRun(handle: string, ref: CodeforcesProblemRef, before: number, signal?: AbortSignal) {
    for (let attempt = 1; ; attempt++) {
      let runs: ApiSubmission[] = [];
      try {
        runs = await this.userStatus(handle, signal);
      } catch (error) {
        // The code is in: a busy API (call limit, a slow answer) is waited out rather than failing the submission.
        const passing = error instanceof RemoteJudgeError && ['rateLimited', 'unreachable'].includes(error.failure);
        if (!passing || attempt >= this.runIdAttempts) throw error;
      }
      const run = runs
        .filter((r) => Number(r.id) > before && sameProblem(r, ref))
        .sort((a, b) => Number(a.id) - Number(b.id))[0];
      if (run) return String(run.id);
      if (attempt >= this.runIdAttempts) {
        throw new RemoteJudgeError(
          'notFound',
          `Codeforces accepted the submission but ${handle}'s new run of ${codeforcesIdOf(ref)} did not appear`,
        );
      }
      await sleep(this.runIdDelayMs, undefined, { signal });
    }
  }

  async poll(account: RemoteAccount, run: { remoteId: string; runId: string }, signal?: AbortSignal) {
    const ref = this.ref(run.remoteId);
    const session = this.sessions.get(account);
    // Logged in with an e-mail address in this process for the first time: the submit page tells the handle.
    if (session.handle.includes('@')) await this.submitPage(account, session, ref.contestId, signal);
    const id = Number(run.runId);
    let found = (await this.userStatus(session.handle, signal)).find((r) => Number(r.id) === id);
    if (!found) {
      // An older run (a resubmit long after): look in the contest's list of the account's runs.
      const path = `/api/contest.status?contestId=${ref.contestId}&handle=${encodeURIComponent(session.handle)}&from=1&count=1000`;
      found = (await this.api(path, signal)).find((r) => Number(r.id) === id);
    }
    if (!found) throw new RemoteJudgeError('notFound', `Codeforces run ${run.runId} of ${session.handle} not found`);
    const status = mapCodeforcesVerdict(found.verdict);
    if (status === null) return { status: 'running' } satisfies RemoteVerdict;
    let errorMessage = '';
    if (status === JUDGE_STATUS.COMPILE_ERROR) {
      errorMessage = await this.compileError(account, session, ref, run.runId, signal);
    } else if (status === JUDGE_STATUS.SYSTEM_ERROR) {
      errorMessage = `Codeforces verdict: ${found.verdict}`;
    }
    return {
      status,
      timeMs: Number(found.timeConsumedMillis) || 0,
      memoryKb: Math.floor((Number(found.memoryConsumedBytes) || 0) / 1024),
      errorMessage,
    } satisfies RemoteVerdict;
  }

  /** The compiler's text, as Codeforces shows it to the run's author (/data/submitSource, else
   * /data/judgeProtocol). Network trouble propagates (the caller polls again); a missing text does not. */
  private async compileError(
    account: RemoteAccount,
    session: Session,
    ref: CodeforcesProblemRef,
    runId: string,
    signal?: AbortSignal,
  ) {
    const { csrf } = await this.submitPage(account, session, ref.contestId, signal);
    const form = { submissionId: runId, csrf_token: csrf };
    const source = await this.request('/data/submitSource', { method: 'POST', jar: session.jar, form, signal });
    try {
      const json = JSON.parse(source.body) as Record<string, unknown>;
      const text = json['checkerStdoutAndStderr#1'];
      if (typeof text === 'string' && text.trim()) return normaliseText(text);
    } catch {
      // read the judge protocol instead
    }
    const protocol = await this.request('/data/judgeProtocol', { method: 'POST', jar: session.jar, form, signal });
    try {
      const text = JSON.parse(protocol.body);
      if (typeof text === 'string' && text.trim()) return normaliseText(text);
    } catch {
      // no text
    }
    return 'Codeforces did not provide the compilation details.';
  }
}

const normaliseText = (s: string) => s.replace(/\r\n?/g, '\n').trimEnd();

const sameProblem = (run: ApiSubmission, ref: CodeforcesProblemRef) =>
  String(run.problem?.contestId ?? run.contestId) === ref.contestId &&
  String(run.problem?.index ?? '').toUpperCase() === ref.index;

/** The Codeforces adapter, or with `gym: true` the GYM one. */
export const createCodeforcesAdapter = (options: CodeforcesAdapterOptions): RemoteJudgeAdapter =>
  new CodeforcesAdapter(options);
