import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { roles, userRoles, users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export const createUserRepository = (db: Db) => ({
  async findByUsername(username: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`).limit(1);
    return row;
  },

  async findByUid(uid: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.uid, uid)).limit(1);
    return row;
  },

  async roleNames(uid: string): Promise<string[]> {
    const rows = await db
      .select({ role: roles.role })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.uid, uid))
      .orderBy(roles.id);
    return rows.map((r) => r.role);
  },

  async create(user: NewUser, roleIds: number[]): Promise<UserRow> {
    return db.transaction(async (tx) => {
      const [row] = await tx.insert(users).values(user).returning();
      if (roleIds.length) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ uid: row.uid, roleId })));
      return row;
    });
  },

  async setStatus(uid: string, status: number) {
    await db.update(users).set({ status, gmtModified: new Date() }).where(eq(users.uid, uid));
  },

  async setRoles(uid: string, roleIds: number[]) {
    await db.transaction(async (tx) => {
      await tx.delete(userRoles).where(eq(userRoles.uid, uid));
      if (roleIds.length) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ uid, roleId })));
    });
  },
});
export type UserRepository = ReturnType<typeof createUserRepository>;
