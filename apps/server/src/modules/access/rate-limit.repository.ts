import { and, eq, gt, like, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { addressRateLimits, userRateLimits } from '../../db/schema.js';

/** The database or a transaction of it: a hit can be taken in the transaction of what it limits. */
type Executor = Pick<Db, 'insert' | 'select'>;

export interface RateLimit {
  uid: string;
  /** What is limited: `submit`, `testRun`, `contestPassword:<cid>`, `uploadsInFlight`, `uploadKiB`. */
  scope: string;
  at: Date;
  windowMs: number;
  /** Hits per window; 1 makes the window an interval since the last hit. */
  maxHits: number;
  /** Hits this take counts (1 unless it measures an amount, like the KiB of an upload). */
  amount?: number;
}

export type Taken = { ok: true } | { ok: false; retryAfterMs: number };

/** Per-user windows in the database (decision 0015): the only code touching user_rate_limits, and (given
 * `addressRateLimits`, decision 0025) address_rate_limits, whose rows have the same shape under the same names. */
export const createRateLimitRepository = (db: Db, table: typeof userRateLimits = userRateLimits) => {
  const userRateLimits = table;
  return {
    /** Takes one hit in one statement: a new window when the user has none or it has passed, else one more hit while
     * under `maxHits`. Concurrent takers of one (uid, scope) queue on the row ON CONFLICT locks, and the WHERE is
     * checked again on the row the one before committed, so however many requests on however many server instances
     * race, at most `maxHits` per window get through. Inside a transaction the hit stands or falls with it. An
     * `amount` takes that many hits at once, or none. */
    async take(l: RateLimit, tx: Executor = db): Promise<Taken> {
      const amount = l.amount ?? 1;
      const passed = lte(userRateLimits.windowStart, new Date(l.at.getTime() - l.windowMs));
      const taken =
        amount > l.maxHits
          ? []
          : await tx
              .insert(userRateLimits)
              .values({ uid: l.uid, scope: l.scope, windowStart: l.at, hits: amount })
              .onConflictDoUpdate({
                target: [userRateLimits.uid, userRateLimits.scope],
                set: {
                  windowStart: sql`case when ${passed} then excluded.window_start else ${userRateLimits.windowStart} end`,
                  hits: sql`case when ${passed} then ${amount} else ${userRateLimits.hits} + ${amount} end`,
                },
                setWhere: sql`${passed} or ${userRateLimits.hits} + ${amount} <= ${l.maxHits}`,
              })
              .returning({ hits: userRateLimits.hits });
      if (taken.length > 0) return { ok: true };
      const [row] = await tx
        .select({ windowStart: userRateLimits.windowStart })
        .from(userRateLimits)
        .where(and(eq(userRateLimits.uid, l.uid), eq(userRateLimits.scope, l.scope)));
      // A window another request opened may start a little after this request's `at` (it read the clock later and
      // committed first): what is left of it is never more than a whole window.
      const left = row ? row.windowStart.getTime() + l.windowMs - l.at.getTime() : 0;
      return { ok: false, retryAfterMs: Math.min(l.windowMs, Math.max(1000, left)) };
    },

    /** Opens a new window at `at` whatever the last one was: a submit while no interval applies still counts as the
     * last one, for an interval set afterwards. */
    async restart(l: Pick<RateLimit, 'uid' | 'scope' | 'at'>, tx: Executor = db) {
      await tx
        .insert(userRateLimits)
        .values({ uid: l.uid, scope: l.scope, windowStart: l.at, hits: 1 })
        .onConflictDoUpdate({
          target: [userRateLimits.uid, userRateLimits.scope],
          set: { windowStart: l.at, hits: 1 },
        });
    },

    /** Gives hits of the current window back (a try that turned out not to count; the unused part of an amount). */
    async giveBack(uid: string, scope: string, amount = 1) {
      await db
        .update(userRateLimits)
        .set({ hits: sql`greatest(${userRateLimits.hits} - ${amount}, 0)` })
        .where(and(eq(userRateLimits.uid, uid), eq(userRateLimits.scope, scope), gt(userRateLimits.hits, 0)));
    },

    /** The hits of the window open at `at` (0 without one, or once it has passed). */
    async hits(l: Pick<RateLimit, 'uid' | 'scope' | 'at' | 'windowMs'>): Promise<number> {
      const [row] = await db
        .select({ hits: userRateLimits.hits })
        .from(userRateLimits)
        .where(
          and(
            eq(userRateLimits.uid, l.uid),
            eq(userRateLimits.scope, l.scope),
            gt(userRateLimits.windowStart, new Date(l.at.getTime() - l.windowMs)),
          ),
        );
      return row?.hits ?? 0;
    },
  };
};
export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;

/** Windows for mobiles, e-mail addresses and IPs (no account behind them). */
export const createAddressRateLimitRepository = (db: Db) => ({
  ...createRateLimitRepository(db, addressRateLimits as unknown as typeof userRateLimits),

  /** Drops the windows of the scopes that start with `scopePrefix` (no `%` or `_` in it) opened at or before
   * `before`, passed ones: a missing row is a fresh window, so this changes no count. For scopes named after what a
   * client sends (the per-(IP, username) challenge windows of `ip-rate-limit.ts`), which would otherwise pile up. */
  async dropPassed(scopePrefix: string, before: Date) {
    await db
      .delete(addressRateLimits)
      .where(and(like(addressRateLimits.scope, `${scopePrefix}%`), lte(addressRateLimits.windowStart, before)));
  },
});
