import type { JudgeStatus, LanguageName } from '@oj/shared';

/** The remote judge keys HOJ uses (HDU, CF, POJ, GYM, AC for AtCoder, SPOJ); CF and GYM share one account pool. */
export type RemoteOj = 'HDU' | 'CF' | 'POJ' | 'GYM' | 'AC' | 'SPOJ';

/** One account of a site's pool, leased by the server and handed to the worker in the claim. */
export interface RemoteAccount {
  username: string;
  password: string;
}

/** A language the site accepts, and the local language a submission in it maps from (what the language selector
 * offers on a remote problem, and what a test run on a remote problem runs locally). */
export interface RemoteLanguage {
  /** The site's id of the language (CF's programTypeId, HDU's language index ...). */
  remoteId: string;
  /** The site's own name, shown in the selector. */
  name: string;
  /** The local language a test run uses. */
  local: LanguageName;
}

/** A problem read from the site, its statement fields already in the site's markdown. */
export interface RemoteProblem {
  /** The id in the site's own form, normalised ("1000A", "abc123_a"): problemId becomes "<OJ>-<remoteId>". */
  remoteId: string;
  title: string;
  description: string;
  input: string;
  output: string;
  hint: string;
  examples: { input: string; output: string }[];
  timeLimitMs: number;
  memoryLimitMb: number;
  /** The problem's page on the site. */
  sourceUrl: string;
  /** Absolute URLs of the images the markdown references; the importer stores each in the image store and
   * rewrites the markdown to the stored copy (fetched with `fetchImage`). */
  images: string[];
}

/** A verdict read from the site; `status` is one of our final status codes, or `running` while the site judges. */
export type RemoteVerdict =
  | { status: 'running' }
  | {
      status: JudgeStatus;
      timeMs: number;
      memoryKb: number;
      /** Compile error text (fetched from the site) or the site's message for SE; empty otherwise. */
      errorMessage: string;
    };

/** Why a site call failed; the server turns `unreachable`, `rateLimited` and `challenge` on import into 502. */
export type RemoteFailure =
  | 'unreachable' // connection refused, DNS, timeout, 5xx
  | 'loginFailed' // the account was refused
  | 'rateLimited' // the site asked us to slow down
  | 'challenge' // an anti-bot challenge page (Cloudflare) instead of the page asked for
  | 'notFound' // no such problem or run
  | 'pageChanged' // a page did not have the shape the adapter reads; `field` names what could not be read
  | 'submitRejected'; // the site refused the submission (duplicate code, language not allowed ...)

export class RemoteJudgeError extends Error {
  constructor(
    readonly failure: RemoteFailure,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'RemoteJudgeError';
  }
}

/** One site. An adapter is created per process with its base URL (configuration, so the same code talks to the
 * real site and to the loopback fake in tests) and keeps logged-in sessions per account in memory. */
export interface RemoteJudgeAdapter {
  readonly oj: RemoteOj;
  readonly languages: readonly RemoteLanguage[];
  /** The normalised remote id, or null when the id is malformed (400 at the API). */
  parseProblemId(id: string): string | null;
  importProblem(remoteId: string, signal?: AbortSignal): Promise<RemoteProblem>;
  fetchImage(url: string, signal?: AbortSignal): Promise<{ bytes: Buffer; contentType: string }>;
  /** Logs in when needed and submits; returns the site's run id. */
  submit(
    account: RemoteAccount,
    submission: { remoteId: string; languageRemoteId: string; code: string },
    signal?: AbortSignal,
  ): Promise<{ runId: string }>;
  /** One look at a run's verdict (the caller polls, every 2.5 s at most 60 times). */
  poll(account: RemoteAccount, run: { remoteId: string; runId: string }, signal?: AbortSignal): Promise<RemoteVerdict>;
}

export interface RemoteAdapterOptions {
  baseUrl: string;
  /** Per-request timeout; a site that does not answer within it is `unreachable`. */
  timeoutMs?: number;
}
