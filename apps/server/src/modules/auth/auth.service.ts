import { isAdminRole, LIMITS, type UserInfo } from '@oj/shared';
import { AppError, badRequest, forbidden } from '../../http/app-error.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { toUserInfo } from '../user/user.mapper.js';
import type { UserRepository } from '../user/user.repository.js';
import type { LoginFailureRepository } from './login-failure.repository.js';
import type { ClientMeta, SessionService } from './session.service.js';

// Compared against when the username does not exist, so both failures take the same time.
const dummyHash = hashPassword('not-a-real-password');

export const createAuthService = (deps: {
  users: UserRepository;
  failures: LoginFailureRepository;
  sessions: SessionService;
  now?: () => Date;
}) => {
  const now = deps.now ?? (() => new Date());

  const recordFailure = async (username: string, ip: string) => {
    const at = now();
    const row = await deps.failures.find(username, ip);
    const fresh = !row || at.getTime() - row.windowStart.getTime() > LIMITS.lockoutWindowMs;
    const failures = fresh ? 1 : row.failures + 1;
    await deps.failures.save({
      username,
      ip,
      failures,
      windowStart: fresh ? at : row.windowStart,
      lockedUntil: failures >= LIMITS.lockoutFailures ? new Date(at.getTime() + LIMITS.lockoutWindowMs) : null,
    });
  };

  return {
    async login(
      input: { username: string; password: string },
      meta: ClientMeta,
      opts: { adminOnly: boolean },
    ): Promise<{ token: string; user: UserInfo }> {
      const key = input.username.toLowerCase();
      const lock = await deps.failures.find(key, meta.ip);
      if (lock?.lockedUntil && lock.lockedUntil > now()) throw new AppError(429, 'loginLocked');

      const user = await deps.users.findByUsername(input.username);
      const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyHash));
      if (!user || !ok) {
        await recordFailure(key, meta.ip);
        throw badRequest('loginFailed');
      }
      if (user.status !== 0) throw forbidden('userBanned');
      const roles = await deps.users.roleNames(user.uid);
      if (roles.length === 0 || roles.every((r) => r === 'default_user')) throw forbidden('noLoginPermission');
      if (opts.adminOnly && !isAdminRole(roles)) throw badRequest('notAdminAccount');

      await deps.failures.clear(key, meta.ip);
      const { token } = await deps.sessions.issue(user.uid, meta);
      return { token, user: toUserInfo(user, roles) };
    },
  };
};
export type AuthService = ReturnType<typeof createAuthService>;
