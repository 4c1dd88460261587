import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { announcements, homeCarousel, siteConfig, users } from '../../db/schema.js';

export const createSiteRepository = (db: Db) => ({
  async getConfig<T>(key: string): Promise<T | undefined> {
    const [row] = await db.select().from(siteConfig).where(eq(siteConfig.key, key)).limit(1);
    return row?.value as T | undefined;
  },
  async setConfig(key: string, value: unknown) {
    await db
      .insert(siteConfig)
      .values({ key, value })
      .onConflictDoUpdate({ target: siteConfig.key, set: { value, gmtModified: new Date() } });
  },
  /** Seeds a key only when it is absent, so an admin's edits survive restarts. */
  async seedConfig(key: string, value: unknown) {
    await db.insert(siteConfig).values({ key, value }).onConflictDoNothing();
  },

  listCarousel() {
    return db.select({ id: homeCarousel.id, url: homeCarousel.url }).from(homeCarousel).orderBy(homeCarousel.id);
  },

  /** Site announcements (no group), newest first; hidden ones only for the admin list. */
  async pageAnnouncements(offset: number, limit: number, includeHidden = false) {
    const where = includeHidden
      ? isNull(announcements.gid)
      : and(isNull(announcements.gid), eq(announcements.status, 0));
    const [{ total }] = await db.select({ total: count() }).from(announcements).where(where);
    const rows = await db
      .select({
        id: announcements.id,
        title: announcements.title,
        content: announcements.content,
        uid: announcements.uid,
        username: users.username,
        status: announcements.status,
        gmtCreate: announcements.gmtCreate,
        gmtModified: announcements.gmtModified,
      })
      .from(announcements)
      .innerJoin(users, eq(users.uid, announcements.uid))
      .where(where)
      .orderBy(desc(announcements.gmtCreate), desc(announcements.id))
      .limit(limit)
      .offset(offset);
    return { total, rows };
  },
});
export type SiteRepository = ReturnType<typeof createSiteRepository>;
