import { and, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { announcements, roles, userRoles, users } from '../../db/schema.js';

export type AdminUserRow = typeof users.$inferSelect;
export type UserPatch = Partial<
  Pick<AdminUserRow, 'username' | 'realname' | 'email' | 'status' | 'titleName' | 'titleColor' | 'passwordHash'>
>;

const ADMIN_ROLE_IDS = [1000, 1001, 1008];

export const createAdminUserRepository = (db: Db) => ({
  async page(q: { keyword?: string; onlyAdmin?: boolean }, offset: number, limit: number) {
    const parts: SQL[] = [];
    if (q.keyword) {
      const like = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      parts.push(
        or(
          sql`${users.username} ilike ${like}`,
          sql`${users.nickname} ilike ${like}`,
          sql`${users.realname} ilike ${like}`,
          sql`${users.email} ilike ${like}`,
        ) as SQL,
      );
    }
    if (q.onlyAdmin) {
      parts.push(
        sql`exists (select 1 from ${userRoles} where ${userRoles.uid} = ${users.uid} and ${inArray(userRoles.roleId, ADMIN_ROLE_IDS)})`,
      );
    }
    const where = parts.length ? and(...parts) : undefined;
    const [[{ total }], rows] = await Promise.all([
      db.select({ total: count() }).from(users).where(where),
      db.select().from(users).where(where).orderBy(desc(users.gmtCreate), users.username).limit(limit).offset(offset),
    ]);
    return { total, rows };
  },

  async rolesOf(uids: string[]) {
    if (!uids.length) return [];
    return db
      .select({ uid: userRoles.uid, id: roles.id, role: roles.role, description: roles.description })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(inArray(userRoles.uid, uids))
      .orderBy(roles.id);
  },

  async findByUid(uid: string) {
    const [row] = await db.select().from(users).where(eq(users.uid, uid)).limit(1);
    return row;
  },

  async existingUsernames(names: string[]): Promise<Set<string>> {
    if (!names.length) return new Set();
    const lower = names.map((n) => n.toLowerCase());
    const rows = await db
      .select({ username: users.username })
      .from(users)
      .where(inArray(sql`lower(${users.username})`, lower));
    return new Set(rows.map((r) => r.username.toLowerCase()));
  },

  async findUidsByUsernames(names: string[]) {
    if (!names.length) return [];
    return db
      .select({ uid: users.uid, username: users.username })
      .from(users)
      .where(
        inArray(
          sql`lower(${users.username})`,
          names.map((n) => n.toLowerCase()),
        ),
      );
  },

  async usernameTakenByOther(username: string, uid: string) {
    const [row] = await db
      .select({ uid: users.uid })
      .from(users)
      .where(and(sql`lower(${users.username}) = lower(${username})`, sql`${users.uid} <> ${uid}`))
      .limit(1);
    return !!row;
  },

  async emailTakenByOther(email: string, uid: string) {
    const [row] = await db
      .select({ uid: users.uid })
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${email})`, sql`${users.uid} <> ${uid}`))
      .limit(1);
    return !!row;
  },

  async update(uid: string, patch: UserPatch, roleId: number | undefined, now: Date) {
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ ...patch, gmtModified: now })
        .where(eq(users.uid, uid));
      if (roleId !== undefined) {
        await tx.delete(userRoles).where(eq(userRoles.uid, uid));
        await tx.insert(userRoles).values({ uid, roleId });
      }
    });
  },

  /** Site announcements of a deleted author pass to the admin who deletes (they are site content, not personal). */
  async remove(uids: string[], heir: string) {
    return db.transaction(async (tx) => {
      await tx.update(announcements).set({ uid: heir }).where(inArray(announcements.uid, uids));
      const gone = await tx.delete(users).where(inArray(users.uid, uids)).returning({ uid: users.uid });
      return gone.length;
    });
  },

  /** Creates accounts with one role each, in one transaction; the caller has excluded taken usernames. */
  async createMany(rows: (typeof users.$inferInsert)[], roleId: number) {
    if (!rows.length) return;
    await db.transaction(async (tx) => {
      await tx.insert(users).values(rows);
      await tx.insert(userRoles).values(rows.map((r) => ({ uid: r.uid, roleId })));
    });
  },
});
export type AdminUserRepository = ReturnType<typeof createAdminUserRepository>;
