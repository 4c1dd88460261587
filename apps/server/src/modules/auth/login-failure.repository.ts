import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginFailures } from '../../db/schema.js';

export type LoginFailureRow = typeof loginFailures.$inferSelect;

export const createLoginFailureRepository = (db: Db) => ({
  async find(username: string, ip: string): Promise<LoginFailureRow | undefined> {
    const [row] = await db
      .select()
      .from(loginFailures)
      .where(and(eq(loginFailures.username, username), eq(loginFailures.ip, ip)))
      .limit(1);
    return row;
  },
  async save(row: LoginFailureRow) {
    await db
      .insert(loginFailures)
      .values(row)
      .onConflictDoUpdate({
        target: [loginFailures.username, loginFailures.ip],
        set: { failures: row.failures, windowStart: row.windowStart, lockedUntil: row.lockedUntil },
      });
  },
  async clear(username: string, ip: string) {
    await db.delete(loginFailures).where(and(eq(loginFailures.username, username), eq(loginFailures.ip, ip)));
  },
});
export type LoginFailureRepository = ReturnType<typeof createLoginFailureRepository>;
