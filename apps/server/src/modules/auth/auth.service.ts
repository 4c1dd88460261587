import { isAdminRole, LIMITS, type UserInfo } from '@oj/shared';
import { AppError, badRequest, forbidden } from '../../http/app-error.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import type { ExamPolicy } from '../contest/exam-policy.js';
import { toUserInfo } from '../user/user.mapper.js';
import type { UserQueries } from '../user/user-queries.js';
import type { LoginFailureRepository } from './login-failure.repository.js';
import type { LoginVerificationService } from './login-verification.service.js';
import type { ClientMeta, SessionService } from './session.service.js';

// Compared against when the username does not exist, so both failures take the same time (made on first need, at
// the configured cost).
let dummy: Promise<string> | undefined;
const dummyHash = () => {
  dummy ??= hashPassword('not-a-real-password');
  return dummy;
};

/** The `login_failures` row that counts the unverified failures of an IP as a whole: no username is empty. */
const WHOLE_IP = '';

/**
 * Logins (site and admin) under the login verification of decision 0014.
 *
 * An attempt without a proof is counted before its password is checked, in one statement per counter: the
 * (username, IP) pair's failures, of which only `loginFailuresBeforePuzzle` get a password check in a window
 * (then 400 `loginVerificationRequired`), and the IP's failed or refused attempts, past
 * `loginUnverifiedFailuresPerIp` of which every unverified login from it is 429 `loginTooFrequent`. An attempt
 * with a proof (`verificationToken`, single use, for this username or for anyone) skips both gates, as it skips
 * the per-IP login limit (`access/ip-rate-limit.ts`): a verified login with the right password always succeeds, so
 * nobody on the same address can lock another user out.
 *
 * What an answer may tell: until the password is known to be right, every account answers alike (a missing one, a
 * banned one, an external student, a non-admin at the admin login: the same gates, the same 400 `loginFailed`,
 * the same counting); only a right password earns the reason a login is still refused (403 `userBanned`, 403
 * `noLoginPermission`, 400 `notAdminAccount`).
 */
export const createAuthService = (deps: {
  users: UserQueries;
  failures: LoginFailureRepository;
  verification: LoginVerificationService;
  sessions: SessionService;
  /** A participant's login during his exam (decision 0055): his address, and the one session that takes part. */
  exams?: Pick<ExamPolicy, 'login'>;
  now?: () => Date;
}) => {
  const now = deps.now ?? (() => new Date());
  const windowMs = LIMITS.loginFailureWindowMs;

  /** Lets an unverified attempt through both gates, counting it as a failure until its password proves right. */
  const admitUnverified = async (key: string, ip: string, at: Date) => {
    if (!(await deps.failures.count(WHOLE_IP, ip, at, windowMs, LIMITS.loginUnverifiedFailuresPerIp))) {
      throw new AppError(429, 'loginTooFrequent');
    }
    // A refusal here keeps the IP's count: unverified attempts past the threshold are what the IP limit limits.
    if (!(await deps.failures.count(key, ip, at, windowMs, LIMITS.loginFailuresBeforePuzzle))) {
      throw badRequest('loginVerificationRequired');
    }
  };

  return {
    async login(
      input: { username: string; password: string; verificationToken?: string },
      meta: ClientMeta,
      opts: { adminOnly: boolean },
    ): Promise<{ token: string; user: UserInfo }> {
      const key = input.username.toLowerCase();
      const at = now();
      const verified = !!input.verificationToken;
      if (verified) {
        // A proof for another username is refused like a made-up one, and stays its username's.
        if (!(await deps.verification.useProof(input.verificationToken as string, key))) {
          throw badRequest('loginVerificationInvalid');
        }
      } else {
        await admitUnverified(key, meta.ip, at);
      }

      const user = await deps.users.findByUsername(input.username);
      const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyHash()));
      if (!user || !ok) {
        // An unverified attempt is counted already; a verified one is counted now, so the count stays exact.
        if (verified) await deps.failures.count(key, meta.ip, at, windowMs);
        throw badRequest('loginFailed');
      }

      // The password is right: the pair starts again, the IP gets its count back, and the reason may be told.
      await deps.failures.clear(key, meta.ip);
      if (!verified) await deps.failures.uncount(WHOLE_IP, meta.ip, at, windowMs);
      if (user.status !== 0) throw forbidden('userBanned');
      // A registration an admin has not approved (decision 0025).
      if (user.regState) throw forbidden(user.regState === 'refused' ? 'registrationRefused' : 'registrationPending');
      const roles = await deps.users.roleNames(user.uid);
      if (roles.length === 0 || roles.every((r) => r === 'default_user')) throw forbidden('noLoginPermission');
      if (opts.adminOnly && !isAdminRole(roles)) throw badRequest('notAdminAccount');

      const issue = () => deps.sessions.issue(user.uid, meta);
      // The exam the user is taking, if any, decides whether this login may take part (exam-policy.ts).
      const { token } = deps.exams ? await deps.exams.login({ uid: user.uid, roles }, meta, issue) : await issue();
      return { token, user: toUserInfo(user, roles) };
    },
  };
};
export type AuthService = ReturnType<typeof createAuthService>;
