import { LIMITS, type Permission, permissionsOf } from '@oj/shared';
import { randomToken, sha256 } from '../../lib/password.js';
import type { SessionRepository } from './session.repository.js';

export interface AuthUser {
  uid: string;
  username: string;
  roles: string[];
  permissions: Permission[];
  sessionId: number;
  /** The login this session belongs to: the id of its first session, which every refresh keeps (decision 0055: an
   * exam binds a login, never one token). Absent where no session stands behind the user (tests' own users). */
  loginId?: number;
}

export interface Authenticated {
  user: AuthUser;
  /** A fresh token when the session was old enough to be refreshed (12 of its 24 hours). */
  refreshedToken?: string;
}

export interface ClientMeta {
  ip: string;
  userAgent: string;
}

export const createSessionService = (deps: { sessions: SessionRepository; now?: () => Date }) => {
  const now = deps.now ?? (() => new Date());

  /** A new session: a new login, or (`loginId`) the next session of a login a refresh carries on. */
  const issue = async (uid: string, meta: ClientMeta, loginId?: number) => {
    const token = randomToken();
    const at = now();
    const created = await deps.sessions.insert({
      uid,
      tokenHash: sha256(token),
      ip: meta.ip,
      userAgent: meta.userAgent.slice(0, 500),
      createdAt: at,
      expiresAt: new Date(at.getTime() + LIMITS.sessionTtlMs),
      loginId: loginId ?? null,
    });
    return { token, sessionId: created.id, loginId: loginId ?? created.id };
  };

  /** The user of a live session (not unknown, expired, revoked, or of a banned user), else null. */
  const liveUserOf = (found: Awaited<ReturnType<SessionRepository['findWithUser']>>, at: Date): AuthUser | null => {
    if (!found) return null;
    const { session } = found;
    if (session.revokedAt || session.expiresAt <= at || found.status !== 0) return null;
    return {
      uid: session.uid,
      username: found.username,
      roles: found.roles,
      permissions: permissionsOf(found.roles),
      sessionId: session.id,
      loginId: session.loginId ?? session.id,
    };
  };

  return {
    issue,

    /** The same check as `authenticate` by the token's sha256, never refreshing the session: the event stream
     * opened with a ticket, and its checks of the session while it stays open (modules/live). */
    userOfTokenHash: async (tokenHash: string) => liveUserOf(await deps.sessions.findWithUser(tokenHash), now()),

    /** The session behind a token, or null when it is unknown, expired, revoked or its user is banned. */
    async authenticate(token: string, meta: ClientMeta): Promise<Authenticated | null> {
      const found = await deps.sessions.findWithUser(sha256(token));
      const at = now();
      const authUser = liveUserOf(found, at);
      if (!found || !authUser) return null;
      const { session } = found;
      const due = at.getTime() - session.createdAt.getTime() >= LIMITS.sessionRefreshAfterMs;
      if (!due || session.replacedAt) return { user: authUser };
      // The old token stays valid a little longer for requests already in flight.
      const graceEnd = new Date(Math.min(session.expiresAt.getTime(), at.getTime() + LIMITS.sessionGraceMs));
      if (!(await deps.sessions.markReplaced(session.id, at, graceEnd))) return { user: authUser };
      const fresh = await issue(session.uid, meta, session.loginId ?? session.id);
      return { user: { ...authUser, sessionId: fresh.sessionId }, refreshedToken: fresh.token };
    },

    /** The user whose session behind a token was revoked before it expired (a logout, a password change, another
     * login holding his exam), else undefined: asked only of a token that did not authenticate. */
    async revokedUidOf(token: string) {
      const found = await deps.sessions.findWithUser(sha256(token));
      return found?.session.revokedAt && found.session.expiresAt > now() ? found.session.uid : undefined;
    },

    async revoke(sessionId: number) {
      await deps.sessions.revoke(sessionId, now());
    },

    /** What this instance remembers of the user's sessions goes now (the database tells every instance anyway, a
     * moment later on a PostgreSQL server): called after a write elsewhere that ended some of them. */
    forgetUser(uid: string) {
      deps.sessions.forgetUser(uid);
    },

    /** A password change or a ban ends every session of the user. */
    async revokeAll(uid: string) {
      await deps.sessions.revokeAllOf(uid, now());
    },
  };
};
export type SessionService = ReturnType<typeof createSessionService>;
