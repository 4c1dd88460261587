import { randomInt } from 'node:crypto';
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
import { decodePage } from '../charset.js';
import { type SiteRequest, siteRequest } from '../http.js';
import { findNewRun, SiteAdapter, type SiteSession } from '../site-session.js';
import {
  hduLoginError,
  hduSubmitError,
  hduSystemMessage,
  parseHduCompileError,
  parseHduProblemPage,
  parseHduStatusPage,
} from './pages.js';
import { HDU_LANGUAGES, mapHduVerdict, parseHduId } from './site.js';

export interface HduAdapterOptions extends RemoteAdapterOptions {
  /** How often, and how far apart, the status page is read after a submit to find the new run (default 5 × 2 s). */
  runIdAttempts?: number;
  runIdDelayMs?: number;
  /** How long to wait before submitting again when HDU says "Please don't re-submit in 5 seconds" (default 5 s). */
  resubmitDelayMs?: number;
}

/** HDU refuses code shorter than 50 bytes ("Code length is improper"); the harmless blank tail also makes every
 * submission differ, as HOJ's HDU judge does. */
const MIN_CODE_BYTES = 50;
const blankTail = (code: string) => {
  let tail = '\n';
  for (let i = randomInt(8, 24); i > 0; i--) tail += randomInt(2) ? ' ' : '\t';
  const missing = MIN_CODE_BYTES - Buffer.byteLength(code + tail);
  return missing > 0 ? `${tail}${' '.repeat(missing)}` : tail;
};

/** What HDU's submit form posts in `_usercode`: Base64 of the URL-encoded code with a blank tail. */
export const encodeHduCode = (code: string) =>
  Buffer.from(encodeURIComponent(`${code}${blankTail(code)}`), 'utf8').toString('base64');

class HduAdapter extends SiteAdapter implements RemoteJudgeAdapter {
  readonly oj = 'HDU' as const;
  readonly languages = HDU_LANGUAGES;
  private readonly runIdAttempts: number;
  private readonly runIdDelayMs: number;
  private readonly resubmitDelayMs: number;

  constructor(options: HduAdapterOptions) {
    super('HDU', options);
    this.runIdAttempts = options.runIdAttempts ?? 5;
    this.runIdDelayMs = options.runIdDelayMs ?? 2000;
    this.resubmitDelayMs = options.resubmitDelayMs ?? 5000;
  }

  parseProblemId(id: string) {
    return parseHduId(id);
  }

  private id(remoteId: string) {
    const id = parseHduId(remoteId);
    if (!id) throw new RemoteJudgeError('notFound', `"${remoteId}" is not an HDU problem id`);
    return id;
  }

  /** One call to HDU, its answer decoded by its charset (GBK on most pages). */
  protected override async request(path: string, request?: SiteRequest) {
    const answer = await siteRequest('HDU', `${this.base}${path}`, this.timeoutMs, request);
    return { ...answer, body: decodePage(answer.bytes, answer.headers.get('content-type')) };
  }

  async importProblem(remoteId: string, signal?: AbortSignal): Promise<RemoteProblem> {
    const id = this.id(remoteId);
    const path = `/showproblem.php?pid=${id}`;
    const page = await this.request(path, { signal });
    const message = hduSystemMessage(page.body);
    if (page.status === 404 || message) {
      throw new RemoteJudgeError('notFound', `HDU problem ${id} does not exist${message ? ` (${message})` : ''}`);
    }
    if (page.status !== 200) throw new RemoteJudgeError('unreachable', `HDU answered HTTP ${page.status} for ${path}`);
    return parseHduProblemPage(page.body, id, `${this.base}${path}`);
  }

  protected async doLogin(account: RemoteAccount, session: SiteSession, signal?: AbortSignal) {
    session.loggedIn = false;
    session.jar.clear();
    const answer = await this.request('/userloginex.php?action=login', {
      method: 'POST',
      jar: session.jar,
      signal,
      form: { username: account.username, userpass: account.password, login: 'Sign In' },
    });
    // A good login answers with a redirect; a refused one shows the login form again with its complaint.
    if (answer.location && !new URL(answer.location).pathname.startsWith('/userloginex.php')) {
      session.loggedIn = true;
      return;
    }
    const reason = hduLoginError(answer.body) ?? `unexpected answer (HTTP ${answer.status})`;
    throw new RemoteJudgeError('loginFailed', `HDU refused the login of ${account.username}: ${reason}`);
  }

  /** The account's runs of the problem on the status page, newest first. */
  private async runsOf(username: string, id: string, signal?: AbortSignal) {
    const path = `/status.php?first=&pid=${id}&user=${encodeURIComponent(username)}&lang=0&status=0`;
    return parseHduStatusPage((await this.request(path, { signal })).body);
  }

  async submit(
    account: RemoteAccount,
    submission: { remoteId: string; languageRemoteId: string; code: string },
    signal?: AbortSignal,
  ) {
    const id = this.id(submission.remoteId);
    if (!this.languages.some((l) => l.remoteId === submission.languageRemoteId)) {
      throw new RemoteJudgeError('submitRejected', `HDU has no language ${submission.languageRemoteId}`);
    }
    const session = this.session(account);
    const before = Math.max(0, ...(await this.runsOf(account.username, id, signal)).map((r) => Number(r.runId)));
    let relogged = false;
    let waited = false;
    for (;;) {
      if (!session.loggedIn) await this.login(account, session, signal);
      const answer = await this.request('/submit.php?action=submit', {
        method: 'POST',
        jar: session.jar,
        signal,
        form: {
          check: '0',
          problemid: id,
          language: submission.languageRemoteId,
          _usercode: encodeHduCode(submission.code),
        },
      });
      const target = answer.location ? new URL(answer.location).pathname : null;
      if (target?.startsWith('/userloginex.php') && !relogged) {
        session.loggedIn = false;
        relogged = true;
        continue;
      }
      if (target?.startsWith('/status.php')) break;
      const complaint = hduSubmitError(answer.body);
      if (complaint && /re-submit/i.test(complaint)) {
        if (waited) throw new RemoteJudgeError('rateLimited', `HDU asked to slow down: ${complaint}`);
        waited = true;
        await sleep(this.resubmitDelayMs, undefined, { signal });
        continue;
      }
      if (target?.startsWith('/userloginex.php')) {
        throw new RemoteJudgeError('loginFailed', `HDU keeps asking ${account.username} to log in`);
      }
      throw new RemoteJudgeError(
        'submitRejected',
        `HDU refused the submission: ${complaint ?? `unexpected answer (HTTP ${answer.status})`}`,
      );
    }
    const options = {
      username: account.username,
      id,
      before,
      attempts: this.runIdAttempts,
      delayMs: this.runIdDelayMs,
    };
    return { runId: await findNewRun('HDU', options, () => this.runsOf(account.username, id, signal), signal) };
  }

  async poll(account: RemoteAccount, run: { remoteId: string; runId: string }, signal?: AbortSignal) {
    this.id(run.remoteId);
    if (!/^\d+$/.test(run.runId)) throw new RemoteJudgeError('notFound', `HDU run ${run.runId} not found`);
    // The status page starting at the run lists it first.
    const rows = parseHduStatusPage((await this.request(`/status.php?first=${run.runId}`, { signal })).body);
    const row = rows.find((r) => r.runId === run.runId);
    if (!row) throw new RemoteJudgeError('notFound', `HDU run ${run.runId} not found`);
    const status = mapHduVerdict(row.verdict);
    if (status === null) return { status: 'running' } satisfies RemoteVerdict;
    let errorMessage = '';
    if (status === JUDGE_STATUS.COMPILE_ERROR) {
      errorMessage = await this.compileError(account, run.runId, signal);
    } else if (status === JUDGE_STATUS.SYSTEM_ERROR) {
      errorMessage = `HDU verdict: ${row.verdict}`;
    }
    return { status, timeMs: row.timeMs, memoryKb: row.memoryKb, errorMessage } satisfies RemoteVerdict;
  }

  /** /viewerror.php shows the compiler's text to the run's author: logged in (again, once) when it shows none. */
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
      const page = await this.request(`/viewerror.php?rid=${runId}`, { jar: session.jar, signal });
      const text = parseHduCompileError(page.body);
      if (text) return text;
    }
    return 'HDU did not provide the compilation details.';
  }
}

export const createHduAdapter = (options: HduAdapterOptions): RemoteJudgeAdapter => new HduAdapter(options);
