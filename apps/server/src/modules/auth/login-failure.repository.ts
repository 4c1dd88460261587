import { and, eq, gt, sql } from 'drizzle-orm';
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

  /** Counts one more failure of (username, ip) in one statement; a window older than `windowMs` starts again at
   * 1. With `below`, only while the count is below it: false when it has been reached (nothing is counted then).
   * The upsert locks the row and sees the latest count, so of any number of parallel calls at most `below` get
   * through (decision 0014): a read followed by a write would let them all read the same count. */
  async count(username: string, ip: string, at: Date, windowMs: number, below?: number): Promise<boolean> {
    const expired = sql`${loginFailures.windowStart} <= ${new Date(at.getTime() - windowMs).toISOString()}::timestamptz`;
    const rows = await db
      .insert(loginFailures)
      .values({ username, ip, failures: 1, windowStart: at, lockedUntil: null })
      .onConflictDoUpdate({
        target: [loginFailures.username, loginFailures.ip],
        set: {
          failures: sql`case when ${expired} then 1 else ${loginFailures.failures} + 1 end`,
          windowStart: sql`case when ${expired} then excluded.window_start else ${loginFailures.windowStart} end`,
          lockedUntil: null,
        },
        setWhere: below === undefined ? undefined : sql`${expired} or ${loginFailures.failures} < ${below}`,
      })
      .returning({ failures: loginFailures.failures });
    return rows.length > 0;
  },

  /** Takes back one count of the current window (a login counted before its password was checked that turned
   * out right). */
  async uncount(username: string, ip: string, at: Date, windowMs: number) {
    await db
      .update(loginFailures)
      .set({ failures: sql`greatest(${loginFailures.failures} - 1, 0)` })
      .where(
        and(
          eq(loginFailures.username, username),
          eq(loginFailures.ip, ip),
          gt(loginFailures.windowStart, new Date(at.getTime() - windowMs)),
        ),
      );
  },
});
export type LoginFailureRepository = ReturnType<typeof createLoginFailureRepository>;
