import { account, type Endpoint, registration, submission } from '@oj/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import type { RequestContext } from '../../http/bind.js';
import { challengeSubject } from '../../lib/challenge-key.js';
import { createAddressRateLimitRepository } from './rate-limit.repository.js';

export type IpLimitScope =
  | 'login'
  | 'challenge'
  | 'challengeNamed'
  | 'challengeUnnamed'
  | 'register'
  | 'submit'
  | 'testRun'
  | 'search';
export type IpLimits = Record<IpLimitScope, { maxHits: number; windowMs: number }>;

const MINUTE = 60_000;

/** Requests per IP address and window (decision 0033): a brake on floods and scripted guessing, loose enough for
 * a classroom behind one NAT address (a class logging in and submitting at the start of a contest). Finer rules
 * stay where they were: login failures per (username, IP) and per IP (decision 0014), the per-user submit and
 * test-run intervals (decision 0015), the code senders' per-IP daily caps (decision 0025).
 *
 * The login verification's challenges (an image captcha, a slide puzzle) are counted per (IP, username asked for)
 * and, only to protect the server, per IP (decision 0014): `challengeNamed` is an account's allowance from one
 * address, the brake on guessing its password (each proof buys one try); `challengeUnnamed` is what an address shares
 * for challenges asked for nobody (HOJ's client, the registration forms), whose proofs log in anyone; `challenge`
 * counts every challenge and check an address is served, a ceiling no classroom reaches (a puzzle costs the server
 * about 4.5 ms of CPU, a captcha 2.5 ms: 1200 a minute from one address is under a tenth of a core). */
export const IP_LIMITS: IpLimits = {
  login: { maxHits: 200, windowMs: MINUTE },
  challenge: { maxHits: 1200, windowMs: MINUTE },
  challengeNamed: { maxHits: 20, windowMs: 10 * MINUTE },
  challengeUnnamed: { maxHits: 100, windowMs: 10 * MINUTE },
  register: { maxHits: 100, windowMs: 10 * MINUTE },
  submit: { maxHits: 600, windowMs: MINUTE },
  testRun: { maxHits: 600, windowMs: MINUTE },
  search: { maxHits: 600, windowMs: MINUTE },
};

/** The challenges handed out, counted per (IP, username) before the ceiling. */
const CHALLENGES = new Set<Endpoint>([account.captcha, account.getSlidePuzzle]);
/** Scope of the per-(IP, username) challenge rows; the username follows ('' for none). */
const NAMED_CHALLENGE = 'http:challenge:';
/** How often one server process drops the passed per-(IP, username) windows: a client may name any username, so
 * their rows would otherwise pile up. */
const PURGE_EVERY_MS = MINUTE;

const SCOPES: [IpLimitScope, Endpoint[]][] = [
  ['login', [account.login, account.adminLogin]],
  // A check uses up its challenge, so checks add no guesses: they count towards the ceiling only.
  ['challenge', [account.checkSlidePuzzle, account.checkCaptcha]],
  [
    'register',
    [
      registration.register,
      registration.sendRegisterSms,
      registration.sendSmsCode,
      registration.sendResetSms,
      registration.getRegisterCode,
      registration.checkUsernameOrEmail,
    ],
  ],
  ['submit', [submission.submitProblemJudge]],
  ['testRun', [submission.submitProblemTestJudge]],
];
const SCOPE_OF = new Map<Endpoint, IpLimitScope>(SCOPES.flatMap(([scope, es]) => es.map((e) => [e, scope] as const)));

/** A list read with a search term (`keyword`, or a rank's `searchUser`) costs a scan: those count as searches. */
const isSearch = (e: Endpoint, input: Record<string, unknown>) =>
  e.method === 'GET' &&
  ((typeof input.keyword === 'string' && input.keyword !== '') ||
    (typeof input.searchUser === 'string' && input.searchUser !== ''));

/**
 * Per-IP limits on the anonymous and expensive endpoints, counted in the database's address_rate_limits rows (the
 * limiter of decisions 0015 and 0025, one statement per hit), so every server instance shares one count. `bind()`
 * asks once a call's input is valid, before its handler: a call refused for its input writes nothing, a flood of
 * valid ones costs one statement each once refused. Over the limit: 429 `tooManyRequests` with Retry-After.
 *
 * A login that carries a verification proof is never refused by the login limit: a verified login with the right
 * password succeeds (decision 0014), so an attacker flooding from the same address (a shared NAT) cannot lock anyone
 * out. Whether the proof is valid is one indexed DELETE in the login, as cheap as the count that would refuse it,
 * and a bogus one is refused there (400) before any password is looked at.
 *
 * A challenge takes its (IP, username) window first and the IP's ceiling after, so requests its own window refuses
 * do not use up what the address shares; when the ceiling refuses, the own window gets its hit back.
 */
export const createIpRateLimiter = (opts: { db: Db; limits?: Partial<IpLimits>; now?: () => Date }) => {
  const repo = createAddressRateLimitRepository(opts.db);
  const limits = { ...IP_LIMITS, ...opts.limits };
  const now = opts.now ?? (() => new Date());
  const refuse = (retryAfterMs: number) =>
    new AppError(429, 'tooManyRequests', { seconds: String(Math.ceil(retryAfterMs / 1000)) });
  const namedWindowMs = Math.max(limits.challengeNamed.windowMs, limits.challengeUnnamed.windowMs);
  let purgedAt = 0;

  /** One challenge for `name` ('' for nobody) from `uid`. */
  const takeChallenge = async (uid: string, name: string, at: Date) => {
    const scope = `${NAMED_CHALLENGE}${name}`;
    const own = await repo.take({ uid, scope, at, ...limits[name === '' ? 'challengeUnnamed' : 'challengeNamed'] });
    if (!own.ok) throw refuse(own.retryAfterMs);
    const all = await repo.take({ uid, scope: 'http:challenge', at, ...limits.challenge });
    if (!all.ok) {
      await repo.giveBack(uid, scope);
      throw refuse(all.retryAfterMs);
    }
    // A challenge the server serves pays for the tidying, a refused request never does.
    if (at.getTime() - purgedAt >= PURGE_EVERY_MS) {
      purgedAt = at.getTime();
      await repo.dropPassed(NAMED_CHALLENGE, new Date(at.getTime() - namedWindowMs));
    }
  };

  return async (e: Endpoint, parsed: unknown, ctx: RequestContext) => {
    const input = (parsed ?? {}) as Record<string, unknown>;
    const uid = `ip:${ctx.meta.ip}`;
    if (CHALLENGES.has(e)) {
      return takeChallenge(uid, challengeSubject(input.username as string | undefined), now());
    }
    const scope = SCOPE_OF.get(e) ?? (isSearch(e, input) ? 'search' : undefined);
    if (!scope) return;
    if (scope === 'login' && typeof input.verificationToken === 'string' && input.verificationToken !== '') return;
    const taken = await repo.take({ uid, scope: `http:${scope}`, at: now(), ...limits[scope] });
    if (!taken.ok) throw refuse(taken.retryAfterMs);
  };
};
