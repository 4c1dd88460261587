import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { announcements, files, homeCarousel } from '../../db/schema.js';

export const createAdminSiteRepository = (db: Db) => ({
  /** The database this server is connected to, as the database itself reports it. */
  async databaseIdentity() {
    const res = await db.execute(sql`
      select current_database() as name, host(inet_server_addr()) as host, inet_server_port() as port,
        current_user as username, version() as version`);
    return (
      res as unknown as {
        rows: { name: string; host: string | null; port: number | null; username: string; version: string }[];
      }
    ).rows[0];
  },

  async insertAnnouncement(a: typeof announcements.$inferInsert) {
    await db.insert(announcements).values(a);
  },
  async updateAnnouncement(id: number, a: Partial<typeof announcements.$inferInsert>) {
    const rows = await db
      .update(announcements)
      .set(a)
      .where(and(eq(announcements.id, id), isNull(announcements.gid)))
      .returning({ id: announcements.id });
    return rows.length > 0;
  },
  async deleteAnnouncement(id: number) {
    const rows = await db
      .delete(announcements)
      .where(and(eq(announcements.id, id), isNull(announcements.gid)))
      .returning({ id: announcements.id });
    return rows.length > 0;
  },

  async addCarousel(image: { uid: string; name: string; contentType: string; size: number }, url: string) {
    return db.transaction(async (tx) => {
      await tx.insert(files).values({
        uid: image.uid,
        type: 'carousel',
        name: image.name,
        contentType: image.contentType,
        size: image.size,
      });
      const [row] = await tx.insert(homeCarousel).values({ url, uid: image.uid }).returning();
      return row;
    });
  },
  /** Drops the slide and its file record, so the image stops being served. */
  async deleteCarousel(id: number) {
    return db.transaction(async (tx) => {
      const [row] = await tx.delete(homeCarousel).where(eq(homeCarousel.id, id)).returning();
      if (!row) return null;
      const name = row.url.split('/').pop() ?? '';
      await tx.delete(files).where(eq(files.name, name));
      return row;
    });
  },
});
export type AdminSiteRepository = ReturnType<typeof createAdminSiteRepository>;
