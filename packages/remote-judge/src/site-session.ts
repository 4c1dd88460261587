import { setTimeout as sleep } from 'node:timers/promises';
import { type RemoteAccount, type RemoteAdapterOptions, RemoteJudgeError } from './adapter.js';
import { CookieJar, type SiteRequest, type SiteResponse, siteRequest } from './http.js';

/** One visitor of a site per account: its cookies, whether it is logged in, and the login under way. */
export interface SiteSession {
  jar: CookieJar;
  loggedIn: boolean;
  login?: Promise<void>;
}

/** The sessions of a site's accounts, one per account, each logging in once however many callers wait for it. */
export class SiteSessions<S extends SiteSession = SiteSession> {
  private readonly sessions = new Map<string, S>();

  constructor(
    private readonly create: (account: RemoteAccount) => S = () => ({ jar: new CookieJar(), loggedIn: false }) as S,
  ) {}

  get(account: RemoteAccount): S {
    let session = this.sessions.get(account.username);
    if (!session) {
      session = this.create(account);
      this.sessions.set(account.username, session);
    }
    return session;
  }

  /** Runs `doLogin` for the session, or waits for the login already under way (one login at a time per account). */
  async login(session: S, doLogin: () => Promise<void>) {
    if (!session.login) {
      session.login = doLogin().finally(() => {
        session.login = undefined;
      });
    }
    await session.login;
  }
}

/** An image of a problem statement, read from its (absolute) address; anything else is `notFound`. */
export async function fetchRemoteImage(site: string, url: string, timeoutMs: number, signal?: AbortSignal) {
  if (!/^https?:\/\//i.test(url)) throw new RemoteJudgeError('notFound', `not an image address: ${url}`);
  const answer = await siteRequest(site, url, timeoutMs, { signal, accept: 'image/*' });
  const contentType = answer.headers.get('content-type')?.split(';')[0].trim() ?? '';
  if (answer.status !== 200 || !contentType.startsWith('image/')) {
    throw new RemoteJudgeError('notFound', `no image at ${url} (HTTP ${answer.status})`);
  }
  return { bytes: answer.bytes, contentType };
}

/** What every site adapter shares: the base address and timeout, requests to the site, the accounts' sessions and
 * their single-flight login, and statement images. Each site supplies its own `doLogin`. */
export abstract class SiteAdapter<S extends SiteSession = SiteSession> {
  protected readonly base: string;
  protected readonly timeoutMs: number;

  protected constructor(
    /** The site's name in error messages ("Codeforces", "HDU", …). */
    protected readonly site: string,
    options: RemoteAdapterOptions,
    protected readonly sessions: SiteSessions<S> = new SiteSessions<S>(),
  ) {
    this.base = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  /** Logs the account in: clears the session, signs in, sets `loggedIn`, or throws `loginFailed`. */
  protected abstract doLogin(account: RemoteAccount, session: S, signal?: AbortSignal): Promise<void>;

  protected session(account: RemoteAccount): S {
    return this.sessions.get(account);
  }

  /** Logs the account in (one login at a time per account). */
  protected login(account: RemoteAccount, session: S, signal?: AbortSignal) {
    return this.sessions.login(session, () => this.doLogin(account, session, signal));
  }

  /** One call to the site, `path` under its base address. */
  protected request(path: string, request?: SiteRequest): Promise<SiteResponse> {
    return siteRequest(this.site, `${this.base}${path}`, this.timeoutMs, request);
  }

  fetchImage(url: string, signal?: AbortSignal) {
    return fetchRemoteImage(this.site, url, this.timeoutMs, signal);
  }
}

/** The account's first run of a problem newer than `before` on a site whose status page lists runs with growing
 * numeric ids (HDU, POJ): read `attempts` times, `delayMs` apart; a slow or rate-limited status page is waited out,
 * since the code is already in. */
export const findNewRun = async (
  site: string,
  options: { username: string; id: string; before: number; attempts: number; delayMs: number },
  runsOf: () => Promise<{ runId: string }[]>,
  signal?: AbortSignal,
): Promise<string> => {
  for (let attempt = 1; ; attempt++) {
    let runs: { runId: string }[] = [];
    try {
      runs = await runsOf();
    } catch (error) {
      const passing = error instanceof RemoteJudgeError && ['rateLimited', 'unreachable'].includes(error.failure);
      if (!passing || attempt >= options.attempts) throw error;
    }
    const run = runs
      .filter((r) => Number(r.runId) > options.before)
      .sort((a, b) => Number(a.runId) - Number(b.runId))[0];
    if (run) return run.runId;
    if (attempt >= options.attempts) {
      throw new RemoteJudgeError(
        'notFound',
        `${site} accepted the submission but ${options.username}'s new run of ${options.id} did not appear`,
      );
    }
    await sleep(options.delayMs, undefined, { signal });
  }
};
