import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema.js';

export type SessionRow = typeof sessions.$inferSelect;

export const createSessionRepository = (db: Db) => ({
  async insert(s: { uid: string; tokenHash: string; ip: string; userAgent: string; createdAt: Date; expiresAt: Date }) {
    const [row] = await db.insert(sessions).values(s).returning();
    return row;
  },
  async findByTokenHash(tokenHash: string): Promise<SessionRow | undefined> {
    const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
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
  async revokeAllOf(uid: string, at: Date) {
    await db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.uid, uid), isNull(sessions.revokedAt)));
  },
});
export type SessionRepository = ReturnType<typeof createSessionRepository>;
