import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { adminNotices, users } from '../../db/schema.js';

export type NoticeRow = typeof adminNotices.$inferSelect;

export const createNoticeRepository = (db: Db) => ({
  async page(type: string | undefined, offset: number, limit: number) {
    const where = type ? eq(adminNotices.type, type) : undefined;
    const [[{ total }], rows] = await Promise.all([
      db.select({ total: count() }).from(adminNotices).where(where),
      db
        .select({ notice: adminNotices, adminUsername: users.username })
        .from(adminNotices)
        .leftJoin(users, eq(users.uid, adminNotices.adminUid))
        .where(where)
        .orderBy(desc(adminNotices.gmtCreate), desc(adminNotices.id))
        .limit(limit)
        .offset(offset),
    ]);
    return { total, rows };
  },
  async usernamesOf(uids: string[]) {
    if (!uids.length) return new Map<string, string>();
    const rows = await db
      .select({ uid: users.uid, username: users.username })
      .from(users)
      .where(inArray(users.uid, uids));
    return new Map(rows.map((r) => [r.uid, r.username]));
  },
  async insert(n: typeof adminNotices.$inferInsert) {
    await db.insert(adminNotices).values(n);
  },
  async update(id: number, n: Partial<typeof adminNotices.$inferInsert>) {
    const rows = await db.update(adminNotices).set(n).where(eq(adminNotices.id, id)).returning({ id: adminNotices.id });
    return rows.length > 0;
  },
  async remove(id: number) {
    const rows = await db.delete(adminNotices).where(eq(adminNotices.id, id)).returning({ id: adminNotices.id });
    return rows.length > 0;
  },
});
export type NoticeRepository = ReturnType<typeof createNoticeRepository>;
