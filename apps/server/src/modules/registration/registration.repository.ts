import { and, count, desc, eq, ilike, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { containsPattern } from '../../db/like-pattern.js';
import { addressCodes, smsOutbox, userRoles, users } from '../../db/schema.js';

export type AddressCodeRow = typeof addressCodes.$inferSelect;

/** PostgreSQL's unique_violation, with the constraint's name (node-postgres and PGlite carry it on the error or its
 * cause). */
const uniqueViolation = (e: unknown): string | undefined => {
  const err = e as { code?: string; constraint?: string; cause?: unknown } | null;
  if (!err) return undefined;
  if (err.code === '23505') return err.constraint ?? '';
  return err.cause !== undefined ? uniqueViolation(err.cause) : undefined;
};

/** Codes sent to addresses, the SMS outbox and registered accounts (decision 0025). */
export const createRegistrationRepository = (db: Db) => ({
  async findCode(purpose: string, address: string): Promise<AddressCodeRow | undefined> {
    const [row] = await db
      .select()
      .from(addressCodes)
      .where(and(eq(addressCodes.purpose, purpose), eq(addressCodes.address, address)));
    return row;
  },

  /** The new code replaces the address's last one. */
  async saveCode(row: AddressCodeRow) {
    await db
      .insert(addressCodes)
      .values(row)
      .onConflictDoUpdate({
        target: [addressCodes.purpose, addressCodes.address],
        set: { codeHash: row.codeHash, sentAt: row.sentAt, expiresAt: row.expiresAt },
      });
  },

  /** Takes the code if it is the one given: of two requests with one code, one gets it. */
  async takeCode(purpose: string, address: string, codeHash: string, now: Date): Promise<boolean> {
    const rows = await db
      .delete(addressCodes)
      .where(
        and(
          eq(addressCodes.purpose, purpose),
          eq(addressCodes.address, address),
          eq(addressCodes.codeHash, codeHash),
          sql`${addressCodes.expiresAt} > ${now}`,
        ),
      )
      .returning({ purpose: addressCodes.purpose });
    return rows.length > 0;
  },

  async deleteCode(purpose: string, address: string) {
    await db.delete(addressCodes).where(and(eq(addressCodes.purpose, purpose), eq(addressCodes.address, address)));
  },

  async recordSms(m: {
    mobile: string;
    purpose: string;
    content: string;
    provider: string;
    ok: number;
    error: string | null;
  }) {
    await db.insert(smsOutbox).values(m);
  },

  async outbox(mobile: string | undefined, offset: number, limit: number) {
    const where = mobile ? eq(smsOutbox.mobile, mobile) : undefined;
    const [rows, [{ total }]] = await Promise.all([
      db.select().from(smsOutbox).where(where).orderBy(desc(smsOutbox.id)).limit(limit).offset(offset),
      db.select({ total: count() }).from(smsOutbox).where(where),
    ]);
    return { rows, total };
  },

  async userByMobile(mobile: string) {
    const [row] = await db.select().from(users).where(eq(users.mobile, mobile));
    return row;
  },

  async usernameTaken(username: string) {
    const [row] = await db
      .select({ uid: users.uid })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`);
    return !!row;
  },

  async emailTaken(email: string) {
    const [row] = await db.select({ uid: users.uid }).from(users).where(sql`lower(${users.email}) = lower(${email})`);
    return !!row;
  },

  /** The account and its role in one transaction; a taken username or mobile (two registrations at once) is
   * reported by the field, nothing created. */
  async create(
    user: typeof users.$inferInsert,
    roleId: number,
  ): Promise<{ ok: true } | { ok: false; field: 'username' | 'mobile' }> {
    try {
      await db.transaction(async (tx) => {
        await tx.insert(users).values(user);
        await tx.insert(userRoles).values({ uid: user.uid as string, roleId });
      });
      return { ok: true };
    } catch (e) {
      const constraint = uniqueViolation(e);
      if (constraint === undefined) throw e;
      return { ok: false, field: constraint.includes('mobile') ? 'mobile' : 'username' };
    }
  },

  async registrations(f: { state?: string; keyword?: string }, offset: number, limit: number) {
    const k = f.keyword?.trim();
    const cond: SQL | undefined = and(
      f.state ? eq(users.regState, f.state) : isNotNull(users.regState),
      k
        ? or(
            ilike(users.username, containsPattern(k)),
            ilike(users.realname, containsPattern(k)),
            ilike(users.mobile, containsPattern(k)),
            ilike(users.school, containsPattern(k)),
          )
        : undefined,
    );
    const [rows, [{ total }]] = await Promise.all([
      db.select().from(users).where(cond).orderBy(desc(users.gmtCreate), desc(users.uid)).limit(limit).offset(offset),
      db.select({ total: count() }).from(users).where(cond),
    ]);
    return { rows, total };
  },

  /** Approves (state null) or refuses the waiting accounts among `uids`; a refused one may be approved later. */
  async decide(uids: string[], approve: boolean): Promise<number> {
    const rows = await db
      .update(users)
      .set({ regState: approve ? null : 'refused', gmtModified: new Date() })
      .where(and(inArray(users.uid, uids), approve ? isNotNull(users.regState) : eq(users.regState, 'pending')))
      .returning({ uid: users.uid });
    return rows.length;
  },
});
export type RegistrationRepository = ReturnType<typeof createRegistrationRepository>;
