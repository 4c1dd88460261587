import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tagClassifications, tags } from '../../db/schema.js';

export type TagRow = typeof tags.$inferSelect;
export type TagClassificationRow = typeof tagClassifications.$inferSelect;

export const createAdminTagRepository = (db: Db) => ({
  /** A site tag (not a group's) of the same name in the same OJ, other than `exceptId`. */
  async nameTaken(name: string, oj: string, exceptId = 0) {
    const [row] = await db
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.name, name), eq(tags.oj, oj), sql`${tags.gid} is null`, sql`${tags.id} <> ${exceptId}`))
      .limit(1);
    return !!row;
  },
  async insertTag(t: typeof tags.$inferInsert) {
    const [row] = await db.insert(tags).values(t).returning();
    return row;
  },
  async updateTag(id: number, t: Partial<typeof tags.$inferInsert>) {
    const rows = await db.update(tags).set(t).where(eq(tags.id, id)).returning({ id: tags.id });
    return rows.length > 0;
  },
  async deleteTag(id: number) {
    const rows = await db.delete(tags).where(eq(tags.id, id)).returning({ id: tags.id });
    return rows.length > 0;
  },
  async findClassification(id: number) {
    const [row] = await db.select().from(tagClassifications).where(eq(tagClassifications.id, id)).limit(1);
    return row;
  },
  listClassifications(oj: string) {
    return db
      .select()
      .from(tagClassifications)
      .where(eq(tagClassifications.oj, oj))
      .orderBy(asc(tagClassifications.rank), asc(tagClassifications.id));
  },
  async insertClassification(c: typeof tagClassifications.$inferInsert) {
    const [row] = await db.insert(tagClassifications).values(c).returning();
    return row;
  },
  async updateClassification(id: number, c: Partial<typeof tagClassifications.$inferInsert>) {
    const rows = await db
      .update(tagClassifications)
      .set(c)
      .where(eq(tagClassifications.id, id))
      .returning({ id: tagClassifications.id });
    return rows.length > 0;
  },
  async deleteClassification(id: number) {
    const rows = await db
      .delete(tagClassifications)
      .where(eq(tagClassifications.id, id))
      .returning({ id: tagClassifications.id });
    return rows.length > 0;
  },
});
export type AdminTagRepository = ReturnType<typeof createAdminTagRepository>;
