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
import { SiteAdapter, type SiteSession } from '../site-session.js';
import {
  alertOf,
  csrfTokenOf,
  hasTurnstile,
  parseMySubmissions,
  parseSubmissionPage,
  parseSubmitForm,
  parseTaskPage,
} from './pages.js';
import { ATCODER_LANGUAGES, type AtCoderTaskRef, atCoderIdOf, mapAtCoderVerdict, parseAtCoderId } from './site.js';

export interface AtCoderAdapterOptions extends RemoteAdapterOptions {
  /** How often, and how far apart, /submissions/me is read after a submit to find the new run (default 5 × 2 s). */
  runIdAttempts?: number;
  runIdDelayMs?: number;
}

const pathOf = (url: string | null) => (url ? new URL(url).pathname : '');

class AtCoderAdapter extends SiteAdapter implements RemoteJudgeAdapter {
  readonly oj = 'AC' as const;
  readonly languages = ATCODER_LANGUAGES;
  private readonly runIdAttempts: number;
  private readonly runIdDelayMs: number;

  constructor(options: AtCoderAdapterOptions) {
    super('AtCoder', options);
    this.runIdAttempts = options.runIdAttempts ?? 5;
    this.runIdDelayMs = options.runIdDelayMs ?? 2000;
  }

  parseProblemId(id: string) {
    const ref = parseAtCoderId(id);
    return ref ? atCoderIdOf(ref) : null;
  }

  private ref(remoteId: string): AtCoderTaskRef {
    const ref = parseAtCoderId(remoteId);
    if (!ref) throw new RemoteJudgeError('notFound', `"${remoteId}" is not an AtCoder task id`);
    return ref;
  }

  async importProblem(remoteId: string, signal?: AbortSignal): Promise<RemoteProblem> {
    const ref = this.ref(remoteId);
    const path = `/contests/${ref.contest}/tasks/${ref.task}`;
    const page = await this.request(path, { follow: false, signal });
    // An unknown task or contest is a 404; a task not yet public redirects (to the contest or the login).
    if (page.status === 404 || page.location) {
      throw new RemoteJudgeError('notFound', `AtCoder task ${ref.task} of contest ${ref.contest} does not exist`);
    }
    if (page.status !== 200)
      throw new RemoteJudgeError('unreachable', `AtCoder answered HTTP ${page.status} for ${path}`);
    return parseTaskPage(page.body, atCoderIdOf(ref), `${this.base}${path}`);
  }

  /** GET /login for the csrf token, POST /login; a redirect away from /login is a success. */
  protected async doLogin(account: RemoteAccount, session: SiteSession, signal?: AbortSignal) {
    session.loggedIn = false;
    session.jar.clear();
    const page = await this.request('/login', { jar: session.jar, signal });
    const csrf = csrfTokenOf(page.body);
    if (!csrf) throw new RemoteJudgeError('pageChanged', 'AtCoder login page: no csrf_token', 'csrf_token');
    const answer = await this.request('/login', {
      method: 'POST',
      jar: session.jar,
      signal,
      form: { username: account.username, password: account.password, csrf_token: csrf },
    });
    if (answer.location && pathOf(answer.location) !== '/login') {
      session.loggedIn = true;
      return;
    }
    // The refusal is shown on the login page the answer redirects back to (or in the answer itself).
    const shown = answer.location ? await this.request('/login', { jar: session.jar, signal }) : answer;
    const reason = alertOf(shown.body) ?? alertOf(answer.body);
    if (hasTurnstile(page.body)) {
      throw new RemoteJudgeError(
        'challenge',
        `AtCoder asked for a Cloudflare Turnstile check at the login of ${account.username}${reason ? `: ${reason}` : ''}`,
      );
    }
    throw new RemoteJudgeError(
      'loginFailed',
      `AtCoder refused the login of ${account.username}: ${reason ?? `unexpected answer (HTTP ${answer.status})`}`,
    );
  }

  /** A page that needs the account's session: logs in (again, once, when the site sends us to /login). */
  private async authed(account: RemoteAccount, session: SiteSession, path: string, signal?: AbortSignal) {
    for (let attempt = 0; ; attempt++) {
      if (!session.loggedIn) await this.login(account, session, signal);
      const page = await this.request(path, { jar: session.jar, follow: false, signal });
      if (page.location && pathOf(page.location) === '/login') {
        session.loggedIn = false;
        if (attempt === 0) continue;
        throw new RemoteJudgeError('loginFailed', `AtCoder keeps asking ${account.username} to sign in`);
      }
      return page;
    }
  }

  /** The submit form of the contest; a contest one must join first answers with its top page and an alert. */
  private async submitForm(account: RemoteAccount, session: SiteSession, ref: AtCoderTaskRef, signal?: AbortSignal) {
    const path = `/contests/${ref.contest}/submit?taskScreenName=${ref.task}`;
    let page = await this.authed(account, session, path, signal);
    if (page.status === 404) throw new RemoteJudgeError('notFound', `AtCoder contest ${ref.contest} does not exist`);
    if (page.location) page = await this.request(pathOf(page.location), { jar: session.jar, signal });
    const form = parseSubmitForm(page.body);
    if (!form) {
      const message = alertOf(page.body) ?? `contest ${ref.contest} takes no submissions`;
      throw new RemoteJudgeError('submitRejected', `AtCoder refused the submission: ${message}`);
    }
    if (!form.csrf) throw new RemoteJudgeError('pageChanged', 'AtCoder submit page: no csrf_token', 'csrf_token');
    if (form.tasks.length && !form.tasks.includes(ref.task)) {
      throw new RemoteJudgeError('notFound', `AtCoder contest ${ref.contest} has no task ${ref.task}`);
    }
    return form as typeof form & { csrf: string };
  }

  /** The id to post: ours when the form offers it, else the form's newest language of the same family. */
  private languageId(requested: string, offered: Map<string, string>) {
    if (!offered.size || offered.has(requested)) return requested;
    const family = this.languages.find((l) => l.remoteId === requested)?.family;
    const same = [...offered].filter(([, name]) => family?.test(name)).sort((a, b) => Number(b[0]) - Number(a[0]));
    if (!same.length) throw new RemoteJudgeError('submitRejected', `AtCoder no longer offers language ${requested}`);
    return same[0][0];
  }

  async submit(
    account: RemoteAccount,
    submission: { remoteId: string; languageRemoteId: string; code: string },
    signal?: AbortSignal,
  ) {
    const ref = this.ref(submission.remoteId);
    if (!this.languages.some((l) => l.remoteId === submission.languageRemoteId)) {
      throw new RemoteJudgeError('submitRejected', `AtCoder has no language ${submission.languageRemoteId}`);
    }
    const session = this.session(account);
    for (let attempt = 0; ; attempt++) {
      const form = await this.submitForm(account, session, ref, signal);
      const before = await this.latestRunId(account, session, ref, signal);
      const answer = await this.request(`/contests/${ref.contest}/submit`, {
        method: 'POST',
        jar: session.jar,
        signal,
        form: {
          'data.TaskScreenName': ref.task,
          'data.LanguageId': this.languageId(submission.languageRemoteId, form.languages),
          sourceCode: submission.code,
          csrf_token: form.csrf,
        },
      });
      if (answer.location && pathOf(answer.location) === '/login') {
        session.loggedIn = false;
        if (attempt === 0) continue;
        throw new RemoteJudgeError('loginFailed', `AtCoder keeps asking ${account.username} to sign in`);
      }
      const wait = /Wait for (\d+) seconds? to submit again/i.exec(answer.body);
      if (wait) throw new RemoteJudgeError('rateLimited', `AtCoder asked to wait ${wait[1]} s before submitting again`);
      if (!answer.location || !pathOf(answer.location).endsWith('/submissions/me')) {
        const shown = answer.location
          ? await this.request(pathOf(answer.location), { jar: session.jar, signal })
          : answer;
        const message = alertOf(shown.body) ?? `unexpected answer (HTTP ${answer.status})`;
        throw new RemoteJudgeError('submitRejected', `AtCoder refused the submission: ${message}`);
      }
      return { runId: await this.findNewRun(account, session, ref, before, signal) };
    }
  }

  private async myRuns(account: RemoteAccount, session: SiteSession, ref: AtCoderTaskRef, signal?: AbortSignal) {
    const page = await this.authed(account, session, `/contests/${ref.contest}/submissions/me`, signal);
    if (page.status !== 200) {
      throw new RemoteJudgeError('pageChanged', `AtCoder /submissions/me answered HTTP ${page.status}`, 'submissions');
    }
    return parseMySubmissions(page.body).filter((run) => run.task === ref.task);
  }

  private async latestRunId(account: RemoteAccount, session: SiteSession, ref: AtCoderTaskRef, signal?: AbortSignal) {
    return (await this.myRuns(account, session, ref, signal)).reduce((max, r) => Math.max(max, Number(r.id)), 0);
  }

  /** The account's newest run of the task, newer than the newest before the submit. */
  private async findNewRun(
    account: RemoteAccount,
    session: SiteSession,
    ref: AtCoderTaskRef,
    before: number,
    signal?: AbortSignal,
  ) {
    for (let attempt = 1; ; attempt++) {
      let runs: { id: string }[] = [];
      try {
        runs = await this.myRuns(account, session, ref, signal);
      } catch (error) {
        const passing = error instanceof RemoteJudgeError && ['rateLimited', 'unreachable'].includes(error.failure);
        if (!passing || attempt >= this.runIdAttempts) throw error;
      }
      const run = runs.filter((r) => Number(r.id) > before).sort((a, b) => Number(a.id) - Number(b.id))[0];
      if (run) return run.id;
      if (attempt >= this.runIdAttempts) {
        throw new RemoteJudgeError(
          'notFound',
          `AtCoder accepted the submission but ${account.username}'s new run of ${ref.task} did not appear`,
        );
      }
      await sleep(this.runIdDelayMs, undefined, { signal });
    }
  }

  /** One look at /contests/<contest>/submissions/<id>: its status label, time, memory and compile error. */
  async poll(account: RemoteAccount, run: { remoteId: string; runId: string }, signal?: AbortSignal) {
    const ref = this.ref(run.remoteId);
    if (!/^\d+$/.test(run.runId)) throw new RemoteJudgeError('notFound', `"${run.runId}" is not an AtCoder run id`);
    const session = this.session(account);
    const page = await this.authed(account, session, `/contests/${ref.contest}/submissions/${run.runId}`, signal);
    if (page.status === 404 || page.location) {
      throw new RemoteJudgeError('notFound', `AtCoder run ${run.runId} of contest ${ref.contest} not found`);
    }
    const seen = parseSubmissionPage(page.body);
    const status = mapAtCoderVerdict(seen.label);
    if (status === null) return { status: 'running' } satisfies RemoteVerdict;
    let errorMessage = '';
    if (status === JUDGE_STATUS.COMPILE_ERROR) {
      errorMessage = seen.compileError || 'AtCoder did not provide the compilation details.';
    } else if (status === JUDGE_STATUS.SYSTEM_ERROR) {
      errorMessage = `AtCoder verdict: ${seen.label}`;
    }
    return { status, timeMs: seen.timeMs, memoryKb: seen.memoryKb, errorMessage } satisfies RemoteVerdict;
  }
}

/** The AtCoder adapter (key AC). */
export const createAtCoderAdapter = (options: AtCoderAdapterOptions): RemoteJudgeAdapter => new AtCoderAdapter(options);
