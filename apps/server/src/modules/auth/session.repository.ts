import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, preparedQuery } from '../../db/client.js';
import { roles, sessions, userRoles, users } from '../../db/schema.js';

export type SessionRow = typeof sessions.$inferSelect;

/** The session behind a token hash with its user: asked by every signed-in request, so the query is built once per
 * database and prepared once per connection (a third of the driver's CPU per call). */
const sessionWithUserQuery = preparedQuery((db) =>
  db
    .select({
      session: sessions,
      username: users.username,
      status: users.status,
      roles: sql<string[]>`coalesce((select json_agg(${roles.role} order by ${roles.id}) from ${userRoles}
        join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.uid} = ${users.uid}), '[]'::json)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.uid, sessions.uid))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_with_user'),
);

export const createSessionRepository = (db: Db) => ({
  async insert(s: {
    uid: string;
    tokenHash: string;
    ip: string;
    userAgent: string;
    createdAt: Date;
    expiresAt: Date;
    /** The login a refresh carries on (null: a new login). */
    loginId: number | null;
  }) {
    const [row] = await db.insert(sessions).values(s).returning();
    return row;
  },
  /** The session behind a token with its user's name, status and role names: one round trip, since every
   * signed-in request asks. */
  async findWithUser(
    tokenHash: string,
  ): Promise<{ session: SessionRow; username: string; status: number; roles: string[] } | undefined> {
    const [row] = await sessionWithUserQuery(db).execute({ tokenHash });
    return row;
  },
  /** Marks a session replaced by a refresh, shortening its life to the grace period; false if another request
   * already replaced it (only one refresh wins). */
  async markReplaced(id: number, at: Date, expiresAt: Date): Promise<boolean> {
    const rows = await db
      .update(sessions)
      .set({ replacedAt: at, expiresAt })
      .where(and(eq(sessions.id, id), isNull(sessions.replacedAt)))
      .returning({ id: sessions.id });
    return rows.length > 0;
  },
  async revoke(id: number, at: Date) {
    await db.update(sessions).set({ revokedAt: at }).where(eq(sessions.id, id));
  },
  /** Nothing is kept here; the session cache (session-cache.ts) forgets what it keeps of the user. */
  forgetUser(_uid: string) {},
  async revokeAllOf(uid: string, at: Date) {
    await db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.uid, uid), isNull(sessions.revokedAt)));
  },
});
export type SessionRepository = ReturnType<typeof createSessionRepository>;
