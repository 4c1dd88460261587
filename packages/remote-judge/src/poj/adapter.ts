import { JUDGE_STATUS } from '@oj/shared';
import {
  type RemoteAccount,
  type RemoteAdapterOptions,
  type RemoteJudgeAdapter,
  RemoteJudgeError,
  type RemoteProblem,
  type RemoteVerdict,
} from '../adapter.js';
import { decodePage } from '../charset.js';
import { type SiteRequest, siteRequest } from '../http.js';
import { findNewRun, SiteAdapter, type SiteSession } from '../site-session.js';
import {
  isPojLoginPage,
  parsePojCompileError,
  parsePojProblemPage,
  parsePojStatusPage,
  pojErrorMessage,
} from './pages.js';
import { mapPojVerdict, POJ_LANGUAGES, parsePojId } from './site.js';

export interface PojAdapterOptions extends RemoteAdapterOptions {
  /** How often, and how far apart, the status page is read after a submit to find the new run (default 5 × 2 s). */
  runIdAttempts?: number;
  runIdDelayMs?: number;
}

class PojAdapter extends SiteAdapter implements RemoteJudgeAdapter {
  readonly oj = 'POJ' as const;
  readonly languages = POJ_LANGUAGES;
  private readonly runIdAttempts: number;
  private readonly runIdDelayMs: number;

  constructor(options: PojAdapterOptions) {
    super('POJ', options);
    this.runIdAttempts = options.runIdAttempts ?? 5;
    this.runIdDelayMs = options.runIdDelayMs ?? 2000;
  }

  parseProblemId(id: string) {
    return parsePojId(id);
  }

  private id(remoteId: string) {
    const id = parsePojId(remoteId);
    if (!id) throw new RemoteJudgeError('notFound', `"${remoteId}" is not a POJ problem id`);
    return id;
  }

  /** One call to POJ, its answer decoded by its charset (UTF-8 or GBK, from the header or the page's meta). */
  protected override async request(path: string, request?: SiteRequest) {
    const answer = await siteRequest('POJ', `${this.base}${path}`, this.timeoutMs, request);
    return { ...answer, body: decodePage(answer.bytes, answer.headers.get('content-type')) };
  }

  async importProblem(remoteId: string, signal?: AbortSignal): Promise<RemoteProblem> {
    const id = this.id(remoteId);
    const path = `/problem?id=${id}`;
    const page = await this.request(path, { signal });
    const error = pojErrorMessage(page.body);
    if (page.status === 404 || error) {
      throw new RemoteJudgeError('notFound', `POJ problem ${id} does not exist${error ? ` (${error})` : ''}`);
    }
    if (page.status !== 200) throw new RemoteJudgeError('unreachable', `POJ answered HTTP ${page.status} for ${path}`);
    return parsePojProblemPage(page.body, id, `${this.base}${path}`);
  }

  protected async doLogin(account: RemoteAccount, session: SiteSession, signal?: AbortSignal) {
    session.loggedIn = false;
    session.jar.clear();
    const answer = await this.request('/login', {
      method: 'POST',
      jar: session.jar,
      signal,
      form: { user_id1: account.username, password1: account.password, B1: 'login', url: '/' },
    });
    // A good login redirects to `url` (or shows a page with the logged-in header and its "loginlog" link); a
    // refused one answers with the "Error Occurred" page.
    const error = pojErrorMessage(answer.body);
    if (!error && (answer.location || (answer.status === 200 && answer.body.includes('loginlog')))) {
      session.loggedIn = true;
      return;
    }
    const reason = error ?? `unexpected answer (HTTP ${answer.status})`;
    throw new RemoteJudgeError('loginFailed', `POJ refused the login of ${account.username}: ${reason}`);
  }

  private async runsOf(username: string, id: string, signal?: AbortSignal) {
    const path = `/status?problem_id=${id}&user_id=${encodeURIComponent(username)}&result=&language=`;
    return parsePojStatusPage((await this.request(path, { signal })).body);
  }

  async submit(
    account: RemoteAccount,
    submission: { remoteId: string; languageRemoteId: string; code: string },
    signal?: AbortSignal,
  ) {
    const id = this.id(submission.remoteId);
    if (!this.languages.some((l) => l.remoteId === submission.languageRemoteId)) {
      throw new RemoteJudgeError('submitRejected', `POJ has no language ${submission.languageRemoteId}`);
    }
    const session = this.session(account);
    const before = Math.max(0, ...(await this.runsOf(account.username, id, signal)).map((r) => Number(r.runId)));
    for (let attempt = 0; ; attempt++) {
      if (!session.loggedIn) await this.login(account, session, signal);
      const answer = await this.request('/submit', {
        method: 'POST',
        jar: session.jar,
        signal,
        form: {
          problem_id: id,
          language: submission.languageRemoteId,
          source: Buffer.from(submission.code, 'utf8').toString('base64'),
          encoded: '1',
          submit: 'Submit',
        },
      });
      if (answer.location && new URL(answer.location).pathname.startsWith('/status')) break;
      if (isPojLoginPage(answer.body) || (answer.location && new URL(answer.location).pathname.startsWith('/login'))) {
        session.loggedIn = false;
        if (attempt === 0) continue;
        throw new RemoteJudgeError('loginFailed', `POJ keeps asking ${account.username} to log in`);
      }
      const complaint = pojErrorMessage(answer.body) ?? `unexpected answer (HTTP ${answer.status})`;
      throw new RemoteJudgeError('submitRejected', `POJ refused the submission: ${complaint}`);
    }
    const options = {
      username: account.username,
      id,
      before,
      attempts: this.runIdAttempts,
      delayMs: this.runIdDelayMs,
    };
    return { runId: await findNewRun('POJ', options, () => this.runsOf(account.username, id, signal), signal) };
  }

  async poll(account: RemoteAccount, run: { remoteId: string; runId: string }, signal?: AbortSignal) {
    this.id(run.remoteId);
    if (!/^\d+$/.test(run.runId)) throw new RemoteJudgeError('notFound', `POJ run ${run.runId} not found`);
    // The status page below `top` starts with the run.
    const rows = parsePojStatusPage((await this.request(`/status?top=${Number(run.runId) + 1}`, { signal })).body);
    const row = rows.find((r) => r.runId === run.runId);
    if (!row) throw new RemoteJudgeError('notFound', `POJ run ${run.runId} not found`);
    const status = mapPojVerdict(row.verdict);
    if (status === null) return { status: 'running' } satisfies RemoteVerdict;
    let errorMessage = '';
    if (status === JUDGE_STATUS.COMPILE_ERROR) {
      errorMessage = await this.compileError(account, run.runId, signal);
    } else if (status === JUDGE_STATUS.SYSTEM_ERROR) {
      errorMessage = `POJ verdict: ${row.verdict}`;
    }
    return { status, timeMs: row.timeMs, memoryKb: row.memoryKb, errorMessage } satisfies RemoteVerdict;
  }

  /** /showcompileinfo shows the compiler's text to the run's author: logged in (again, once) when it shows none. */
  private async compileError(account: RemoteAccount, runId: string, signal?: AbortSignal) {
    const session = this.session(account);
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        if (attempt > 0 || !session.loggedIn) await this.login(account, session, signal);
      } catch (error) {
        // The verdict stands without the text when the account cannot log in any more.
        if (error instanceof RemoteJudgeError && error.failure === 'loginFailed') break;
        throw error;
      }
      const page = await this.request(`/showcompileinfo?solution_id=${runId}`, { jar: session.jar, signal });
      const text = parsePojCompileError(page.body);
      if (text) return text;
    }
    return 'POJ did not provide the compilation details.';
  }
}

export const createPojAdapter = (options: PojAdapterOptions): RemoteJudgeAdapter => new PojAdapter(options);
