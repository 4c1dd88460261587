import { account, type Endpoint, registration, submission } from '@oj/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { createAddressRateLimitRepository } from './rate-limit.repository.js';

export type IpLimitScope = 'login' | 'captcha' | 'register' | 'submit' | 'testRun' | 'search';
export type IpLimits = Record<IpLimitScope, { maxHits: number; windowMs: number }>;

const MINUTE = 60_000;

/** Requests per IP address and window (decision 0033): a brake on floods and scripted guessing, loose enough for
 * a classroom behind one NAT address (a class logging in and submitting at the start of a contest). Finer rules
 * stay where they were: login failures per (username, IP) and per IP (decision 0014), the per-user submit and
 * test-run intervals (decision 0015), the code senders' per-IP daily caps (decision 0025). */
export const IP_LIMITS: IpLimits = {
  login: { maxHits: 200, windowMs: MINUTE },
  captcha: { maxHits: 200, windowMs: MINUTE },
  register: { maxHits: 100, windowMs: 10 * MINUTE },
  submit: { maxHits: 600, windowMs: MINUTE },
  testRun: { maxHits: 600, windowMs: MINUTE },
  search: { maxHits: 600, windowMs: MINUTE },
};

const SCOPES: [IpLimitScope, Endpoint[]][] = [
  ['login', [account.login, account.adminLogin]],
  ['captcha', [account.captcha, account.getSlidePuzzle, account.checkSlidePuzzle, account.checkCaptcha]],
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
  ['submit', [submission.submitProblemJudge, submission.resubmit]],
  ['testRun', [submission.submitProblemTestJudge]],
];
const SCOPE_OF = new Map<string, IpLimitScope>(
  SCOPES.flatMap(([scope, es]) => es.map((e) => [`${e.method} ${e.path}`, scope] as const)),
);

/** A list read with a search term (`keyword`, or a rank's `searchUser`) costs a scan: those count as searches. */
const isSearch = (req: FastifyRequest) => {
  if (req.method !== 'GET') return false;
  const q = req.query as Record<string, unknown> | undefined;
  return (
    !!q &&
    ((typeof q.keyword === 'string' && q.keyword !== '') || (typeof q.searchUser === 'string' && q.searchUser !== ''))
  );
};

/**
 * Per-IP limits on the anonymous and expensive endpoints, counted in the database's address_rate_limits rows (the
 * limiter of decisions 0015 and 0025, one statement per hit), so every server instance shares one count. Taken
 * before the caller is authenticated or the body read: a refused flood costs one statement. Over the limit: 429
 * `tooManyRequests` with Retry-After.
 */
export const registerIpRateLimits = (
  app: FastifyInstance,
  opts: { db: Db; limits?: Partial<IpLimits>; now?: () => Date },
) => {
  const repo = createAddressRateLimitRepository(opts.db);
  const limits = { ...IP_LIMITS, ...opts.limits };
  const now = opts.now ?? (() => new Date());
  app.addHook('onRequest', async (req) => {
    const route = req.routeOptions.url;
    if (!route) return;
    const scope = SCOPE_OF.get(`${req.method} ${route}`) ?? (isSearch(req) ? 'search' : undefined);
    if (!scope) return;
    const taken = await repo.take({ uid: `ip:${req.ip}`, scope: `http:${scope}`, at: now(), ...limits[scope] });
    if (!taken.ok) {
      throw new AppError(429, 'tooManyRequests', { seconds: String(Math.ceil(taken.retryAfterMs / 1000)) });
    }
  });
};
