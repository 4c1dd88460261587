import type { NotifyBus } from '../../db/notify-bus.js';
import type { SessionRepository } from './session.repository.js';

/** The channel the database tells a change of a user's sign-in on (its payload: the uid), from triggers on the
 * sessions, the users' status and name, and their roles (migration 0036): whatever code makes the change. */
const CHANNEL = 'auth_changed';
/** How long a session read is kept at most: the bound on a change whose notification was lost. */
const MAX_AGE_MS = 10_000;
/** Sessions kept at most; the oldest go first. */
const MAX_ENTRIES = 20_000;

type Found = NonNullable<Awaited<ReturnType<SessionRepository['findWithUser']>>>;

/**
 * The session behind a token with its user, read from memory: every signed-in request asks, and on the embedded
 * database that one query was most of a trivial call's time. A change of a session (revoked, replaced by a refresh,
 * ended by an exam's second login), of a user's status or name, or of his roles drops his sessions here on every
 * instance, told by the database's own triggers, so no code path can forget to tell. PGlite hands the notification
 * over before the writing statement answers, so the instance that wrote never reads its old row; on a PostgreSQL
 * server it arrives on the listening connection as the write commits, so the changes this repository makes itself
 * are dropped here at once as well, as are a user's sessions his other code says it changed (`forgetUser`). A read
 * is kept at most 10 s (a lost notification costs no more), a lost bus connection drops everything, and a read under
 * way when a drop happens is answered but not kept. Tokens that find nothing are never kept. Values are shared:
 * callers read them, never change them.
 */
export const withSessionCache = (repo: SessionRepository, bus: NotifyBus, clock: () => number = Date.now) => {
  const cache = new Map<string, { found: Found; at: number }>();
  let generation = 0;
  const dropWhere = (match: (found: Found) => boolean) => {
    generation++;
    for (const [hash, entry] of cache) if (match(entry.found)) cache.delete(hash);
  };
  const dropUser = (uid: unknown) => (typeof uid === 'string' ? dropWhere((f) => f.session.uid === uid) : dropAll());
  const dropAll = () => {
    generation++;
    cache.clear();
  };
  void bus.subscribe(CHANNEL, dropUser);
  bus.onReconnect(dropAll);

  return {
    ...repo,
    async findWithUser(tokenHash: string) {
      const hit = cache.get(tokenHash);
      if (hit && clock() - hit.at < MAX_AGE_MS) return hit.found;
      if (hit) cache.delete(tokenHash);
      const at = generation;
      const found = await repo.findWithUser(tokenHash);
      if (found && at === generation) {
        if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
        cache.set(tokenHash, { found, at: clock() });
      }
      return found;
    },
    async markReplaced(id: number, at: Date, expiresAt: Date) {
      const replaced = await repo.markReplaced(id, at, expiresAt);
      dropWhere((f) => f.session.id === id);
      return replaced;
    },
    async revoke(id: number, at: Date) {
      await repo.revoke(id, at);
      dropWhere((f) => f.session.id === id);
    },
    forgetUser: dropUser,
    async revokeAllOf(uid: string, at: Date) {
      await repo.revokeAllOf(uid, at);
      dropUser(uid);
    },
  } satisfies SessionRepository;
};
