import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contestRegisters, users } from '../../db/schema.js';

/** A contest's registrations as its admins change them (decision 0055): adding users by name, taking one back. */
export const createContestParticipantsRepository = (db: Db) => ({
  /** The users named, matched as login matches a name (lower-cased, users.repository.ts findByUsername); `key` is
   * the lower-cased name. */
  async usersNamed(lowerNames: string[]): Promise<{ uid: string; key: string }[]> {
    if (!lowerNames.length) return [];
    const rows = await db
      .select({ uid: users.uid, username: users.username })
      .from(users)
      .where(inArray(sql`lower(${users.username})`, lowerNames));
    return rows.map((r) => ({ uid: r.uid, key: r.username.toLowerCase() }));
  },

  /** Registers the users in one statement; those already registered are left as they are (also by a call running
   * at the same time). How many were added. */
  async register(cid: number, uids: string[]): Promise<number> {
    if (!uids.length) return 0;
    const rows = await db
      .insert(contestRegisters)
      .values(uids.map((uid) => ({ cid, uid })))
      .onConflictDoNothing()
      .returning({ uid: contestRegisters.uid });
    return rows.length;
  },

  /** false when the user was not registered. */
  async unregister(cid: number, uid: string): Promise<boolean> {
    const rows = await db
      .delete(contestRegisters)
      .where(and(eq(contestRegisters.cid, cid), eq(contestRegisters.uid, uid)))
      .returning({ uid: contestRegisters.uid });
    return rows.length > 0;
  },
});

export type ContestParticipantsRepository = ReturnType<typeof createContestParticipantsRepository>;
