import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLogs } from '../../db/schema.js';

export type AuditRow = typeof auditLogs.$inferSelect;
export type NewAuditRow = typeof auditLogs.$inferInsert;

export interface AuditFilter {
  action?: string;
  username?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
}

export const createAuditRepository = (db: Db) => ({
  async insert(row: NewAuditRow) {
    await db.insert(auditLogs).values(row);
  },

  async page(filter: AuditFilter, offset: number, limit: number) {
    const parts: SQL[] = [];
    if (filter.action) parts.push(eq(auditLogs.action, filter.action));
    if (filter.username) parts.push(sql`lower(${auditLogs.username}) = lower(${filter.username})`);
    if (filter.targetId) parts.push(eq(auditLogs.targetId, filter.targetId));
    if (filter.from) parts.push(gte(auditLogs.gmtCreate, filter.from));
    if (filter.to) parts.push(lt(auditLogs.gmtCreate, filter.to));
    const where = parts.length ? and(...parts) : undefined;
    const [[{ total }], rows] = await Promise.all([
      db.select({ total: count() }).from(auditLogs).where(where),
      db
        .select()
        .from(auditLogs)
        .where(where)
        .orderBy(desc(auditLogs.gmtCreate), desc(auditLogs.id))
        .limit(limit)
        .offset(offset),
    ]);
    return { total, rows };
  },
});
export type AuditRepository = ReturnType<typeof createAuditRepository>;
