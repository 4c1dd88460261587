import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { remoteJudgeAccounts } from '../../db/schema.js';

/** The remote judges' account pools (switch page). Leases are the judge queue's business; this file only lists and
 * replaces a pool's accounts. */
export const createRemoteAccountRepository = (db: Db) => ({
  /** Usernames per pool, in the order they were added. */
  async usernames(): Promise<Record<string, string[]>> {
    const rows = await db
      .select({ oj: remoteJudgeAccounts.oj, username: remoteJudgeAccounts.username })
      .from(remoteJudgeAccounts)
      .orderBy(asc(remoteJudgeAccounts.id));
    const out: Record<string, string[]> = {};
    for (const r of rows) {
      out[r.oj] ??= [];
      out[r.oj].push(r.username);
    }
    return out;
  },

  /** Makes each given pool exactly the given accounts, in one transaction: accounts no longer listed go (a task
   * that holds one keeps its copy of the password until it ends), a listed username with an empty password keeps
   * its stored one. Answers the usernames whose password changed and the removed and added ones, for the audit. */
  async replacePools(pools: Record<string, { username: string; password: string }[]>) {
    return db.transaction(async (tx) => {
      const changes: Record<string, { added: string[]; removed: string[]; passwordChanged: string[] }> = {};
      for (const [oj, accounts] of Object.entries(pools)) {
        const stored = await tx.select().from(remoteJudgeAccounts).where(eq(remoteJudgeAccounts.oj, oj)).for('update');
        const byName = new Map(stored.map((a) => [a.username, a]));
        const listed = new Set(accounts.map((a) => a.username));
        const removed = stored.filter((a) => !listed.has(a.username)).map((a) => a.username);
        if (removed.length)
          await tx
            .delete(remoteJudgeAccounts)
            .where(and(eq(remoteJudgeAccounts.oj, oj), inArray(remoteJudgeAccounts.username, removed)));
        const added: string[] = [];
        const passwordChanged: string[] = [];
        for (const a of accounts) {
          const old = byName.get(a.username);
          if (!old) {
            await tx.insert(remoteJudgeAccounts).values({ oj, username: a.username, password: a.password });
            added.push(a.username);
          } else if (a.password && a.password !== old.password) {
            await tx
              .update(remoteJudgeAccounts)
              .set({ password: a.password, gmtModified: new Date() })
              .where(eq(remoteJudgeAccounts.id, old.id));
            passwordChanged.push(a.username);
          }
        }
        if (added.length || removed.length || passwordChanged.length) changes[oj] = { added, removed, passwordChanged };
      }
      return changes;
    });
  },

  /** Whether a pool holds this username (a new username needs a password). */
  async has(oj: string, username: string) {
    const [row] = await db
      .select({ id: remoteJudgeAccounts.id })
      .from(remoteJudgeAccounts)
      .where(and(eq(remoteJudgeAccounts.oj, oj), eq(remoteJudgeAccounts.username, username)));
    return !!row;
  },
});
export type RemoteAccountRepository = ReturnType<typeof createRemoteAccountRepository>;
