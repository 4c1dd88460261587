import { setTimeout as sleep } from 'node:timers/promises';
import { JUDGE_STATUS } from '@oj/shared';
import {
  type RemoteAccount,
  type RemoteAdapterOptions,
  type RemoteJudgeAdapter,
  RemoteJudgeError,
  type RemoteProblem,
  type RemoteVerdict,
} from '../adapter.js';
import type { SiteRequest } from '../http.js';
import { SiteAdapter, type SiteSession } from '../site-session.js';
import {
  asksToSignIn,
  compileErrorOf,
  isWrongProblemCode,
  loginError,
  newSubmissionIdOf,
  parseProblemPage,
  parseStatusAnswer,
  parseStatusPage,
  submitError,
} from './pages.js';
import { mapSpojVerdict, parseSpojId, SPOJ_LANGUAGES } from './site.js';

export interface SpojAdapterOptions extends RemoteAdapterOptions {
  /** How often, and how far apart, /status/<user>/ is read when the submit answer does not name the run (default
   * 5 × 2 s). */
  runIdAttempts?: number;
  runIdDelayMs?: number;
}

class SpojAdapter extends SiteAdapter implements RemoteJudgeAdapter {
  readonly oj = 'SPOJ' as const;
  readonly languages = SPOJ_LANGUAGES;
  private readonly runIdAttempts: number;
  private readonly runIdDelayMs: number;

  constructor(options: SpojAdapterOptions) {
    super('SPOJ', options);
    this.runIdAttempts = options.runIdAttempts ?? 5;
    this.runIdDelayMs = options.runIdDelayMs ?? 2000;
  }

  parseProblemId(id: string) {
    return parseSpojId(id);
  }

  private code(remoteId: string) {
    const code = parseSpojId(remoteId);
    if (!code) throw new RemoteJudgeError('notFound', `"${remoteId}" is not a SPOJ problem code`);
    return code;
  }

  async importProblem(remoteId: string, signal?: AbortSignal): Promise<RemoteProblem> {
    const code = this.code(remoteId);
    const path = `/problems/${code}/`;
    const page = await this.request(path, { follow: false, signal });
    if (page.status === 404 || page.location || (page.status === 200 && isWrongProblemCode(page.body))) {
      throw new RemoteJudgeError('notFound', `SPOJ problem ${code} does not exist`);
    }
    if (page.status !== 200) throw new RemoteJudgeError('unreachable', `SPOJ answered HTTP ${page.status} for ${path}`);
    return parseProblemPage(page.body, code, `${this.base}${path}`);
  }

  /** POST /login/ (login_user, password, autologin); SPOJ answers a signed-in visitor with a redirect, a refused
   * one with the sign-in form and "Authentication failed!". */
  protected async doLogin(account: RemoteAccount, session: SiteSession, signal?: AbortSignal) {
    session.loggedIn = false;
    session.jar.clear();
    const answer = await this.request('/login/', {
      method: 'POST',
      jar: session.jar,
      signal,
      form: { next_raw: '/', autologin: '1', login_user: account.username, password: account.password },
    });
    if (answer.location && !/^\/login/.test(new URL(answer.location).pathname) && session.jar.size) {
      session.loggedIn = true;
      return;
    }
    const reason = loginError(answer.body) ?? `unexpected answer (HTTP ${answer.status})`;
    throw new RemoteJudgeError('loginFailed', `SPOJ refused the login of ${account.username}: ${reason}`);
  }

  /** A request that needs the session; signs in (again, once) when SPOJ shows its sign-in form instead. */
  private async authed(account: RemoteAccount, session: SiteSession, path: string, request: SiteRequest = {}) {
    for (let attempt = 0; ; attempt++) {
      if (!session.loggedIn) await this.login(account, session, request.signal);
      const page = await this.request(path, { ...request, jar: session.jar, follow: false });
      const toLogin = page.location && /^\/login/.test(new URL(page.location).pathname);
      if (toLogin || (page.status === 200 && asksToSignIn(page.body))) {
        session.loggedIn = false;
        if (attempt === 0) continue;
        throw new RemoteJudgeError('loginFailed', `SPOJ keeps asking ${account.username} to sign in`);
      }
      return page;
    }
  }

  async submit(
    account: RemoteAccount,
    submission: { remoteId: string; languageRemoteId: string; code: string },
    signal?: AbortSignal,
  ) {
    const code = this.code(submission.remoteId);
    if (!this.languages.some((l) => l.remoteId === submission.languageRemoteId)) {
      throw new RemoteJudgeError('submitRejected', `SPOJ has no language ${submission.languageRemoteId}`);
    }
    const session = this.session(account);
    const before = await this.latestRunId(account, session, signal);
    const answer = await this.authed(account, session, '/submit/complete/', {
      method: 'POST',
      signal,
      form: { submit: 'Submit!', problemcode: code, lang: submission.languageRemoteId, file: submission.code },
    });
    const complaint = submitError(answer.body);
    if (complaint) throw new RemoteJudgeError('submitRejected', `SPOJ refused the submission: ${complaint}`);
    if (answer.status !== 200) {
      throw new RemoteJudgeError(
        'submitRejected',
        `SPOJ refused the submission: unexpected answer (HTTP ${answer.status})`,
      );
    }
    const runId = newSubmissionIdOf(answer.body);
    return { runId: runId ?? (await this.findNewRun(account, session, code, before, signal)) };
  }

  private async statusRuns(account: RemoteAccount, session: SiteSession, signal?: AbortSignal) {
    const page = await this.authed(account, session, `/status/${encodeURIComponent(account.username)}/`, { signal });
    return parseStatusPage(page.body);
  }

  private async latestRunId(account: RemoteAccount, session: SiteSession, signal?: AbortSignal) {
    return (await this.statusRuns(account, session, signal)).reduce((max, r) => Math.max(max, Number(r.id)), 0);
  }

  /** The account's oldest run of the problem newer than the newest before the submit, from /status/<user>/. */
  private async findNewRun(
    account: RemoteAccount,
    session: SiteSession,
    code: string,
    before: number,
    signal?: AbortSignal,
  ) {
    for (let attempt = 1; ; attempt++) {
      const runs = (await this.statusRuns(account, session, signal))
        .filter((r) => r.code === code && Number(r.id) > before)
        .sort((a, b) => Number(a.id) - Number(b.id));
      if (runs.length) return runs[0].id;
      if (attempt >= this.runIdAttempts) {
        throw new RemoteJudgeError(
          'notFound',
          `SPOJ accepted the submission but ${account.username}'s new run of ${code} did not appear`,
        );
      }
      await sleep(this.runIdDelayMs, undefined, { signal });
    }
  }

  /** One look at the run through SPOJ's status answer (POST /status/ajax=1,ajaxdiff=1 with ids=<run>). */
  async poll(account: RemoteAccount, run: { remoteId: string; runId: string }, signal?: AbortSignal) {
    this.code(run.remoteId);
    if (!/^\d+$/.test(run.runId)) throw new RemoteJudgeError('notFound', `"${run.runId}" is not a SPOJ run id`);
    const session = this.session(account);
    const answer = await this.authed(account, session, '/status/ajax=1,ajaxdiff=1', {
      method: 'POST',
      signal,
      accept: 'application/json, text/javascript, */*',
      form: { ids: run.runId },
    });
    const result = parseStatusAnswer(answer.body, run.runId);
    if (!result) throw new RemoteJudgeError('notFound', `SPOJ run ${run.runId} of ${account.username} not found`);
    const status = mapSpojVerdict(result);
    if (status === null) return { status: 'running' } satisfies RemoteVerdict;
    let errorMessage = '';
    if (status === JUDGE_STATUS.COMPILE_ERROR) {
      const page = await this.authed(account, session, `/error/${run.runId}/`, { signal });
      errorMessage = compileErrorOf(page.body) || 'SPOJ did not provide the compilation details.';
    } else if (status === JUDGE_STATUS.SYSTEM_ERROR) {
      errorMessage = `SPOJ result: ${result.description || result.status}`;
    }
    return { status, timeMs: result.timeMs, memoryKb: result.memoryKb, errorMessage } satisfies RemoteVerdict;
  }
}

/** The SPOJ adapter. */
export const createSpojAdapter = (options: SpojAdapterOptions): RemoteJudgeAdapter => new SpojAdapter(options);
