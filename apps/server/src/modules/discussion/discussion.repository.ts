import { SEEDED_DISCUSSION_CATEGORIES } from '@oj/shared';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { containsPattern } from '../../db/like-pattern.js';
import {
  discussionCategories,
  discussionLikes,
  discussionReports,
  discussions,
  discussionViews,
  problems,
  users,
} from '../../db/schema.js';

export type DiscussionRow = typeof discussions.$inferSelect;
export type DiscussionCategoryRow = typeof discussionCategories.$inferSelect;

/** Which discussions a list shows: the site's or a group's, disabled ones too for admins. */
export interface DiscussionFilter {
  gid: number | null;
  withDisabled: boolean;
  keyword?: string;
  categoryId?: number;
  /** The problem's id. */
  pid?: number;
  uid?: string;
}

/** Categories seeded on the first start (root renames or removes them). */
export const DEFAULT_DISCUSSION_CATEGORIES = SEEDED_DISCUSSION_CATEGORIES.map((c) => c.name);

/** Discussions, their categories, likes, views and reports: the only code touching those tables. */
export const createDiscussionRepository = (db: Db) => {
  /** A discussion with what its views show: the author, the category, the problem's id and the viewer's like. */
  const select = (viewerUid: string | undefined, withContent: boolean) =>
    db
      .select({
        d: {
          id: discussions.id,
          categoryId: discussions.categoryId,
          title: discussions.title,
          description: discussions.description,
          content: withContent ? discussions.content : sql<string | null>`null`,
          uid: discussions.uid,
          role: discussions.role,
          viewNum: discussions.viewNum,
          likeNum: discussions.likeNum,
          commentNum: discussions.commentNum,
          topPriority: discussions.topPriority,
          status: discussions.status,
          gid: discussions.gid,
          gmtCreate: discussions.gmtCreate,
          gmtModified: discussions.gmtModified,
        },
        categoryName: discussionCategories.name,
        problemId: problems.problemId,
        author: users.username,
        avatar: users.avatar,
        titleName: users.titleName,
        titleColor: users.titleColor,
        hasLike: viewerUid
          ? sql<boolean>`exists (select 1 from ${discussionLikes} where ${discussionLikes.did} = ${discussions.id} and ${discussionLikes.uid} = ${viewerUid})`
          : sql<boolean>`false`,
      })
      .from(discussions)
      .innerJoin(users, eq(users.uid, discussions.uid))
      .leftJoin(discussionCategories, eq(discussionCategories.id, discussions.categoryId))
      .leftJoin(problems, eq(problems.id, discussions.pid));

  const whereOf = (f: DiscussionFilter): SQL | undefined => {
    const k = f.keyword?.trim();
    return and(
      f.gid === null ? isNull(discussions.gid) : eq(discussions.gid, f.gid),
      f.withDisabled ? undefined : eq(discussions.status, 0),
      f.categoryId ? eq(discussions.categoryId, f.categoryId) : undefined,
      f.pid ? eq(discussions.pid, f.pid) : undefined,
      f.uid ? eq(discussions.uid, f.uid) : undefined,
      k
        ? or(ilike(discussions.title, containsPattern(k)), ilike(discussions.description, containsPattern(k)))
        : undefined,
    );
  };

  return {
    /** Pinned first, then the newest (HOJ orders ties of the creation time by likes and views; the id
     * breaks them here, so the order comes off an index). */
    /** One page, pinned first, then the newest (HOJ orders ties of the creation time by likes and
     * views; the id breaks them here, so the order comes off an index). The page's ids come off the list index
     * first, then what those few rows show (a join before the limit would join every row). */
    async page(f: DiscussionFilter, viewerUid: string | undefined, offset: number, limit: number) {
      const ids = await db
        .select({ id: discussions.id })
        .from(discussions)
        .where(whereOf(f))
        .orderBy(desc(discussions.topPriority), desc(discussions.gmtCreate), desc(discussions.id))
        .limit(limit)
        .offset(offset);
      const order = ids.map((r) => r.id);
      const rows = order.length ? await select(viewerUid, false).where(inArray(discussions.id, order)) : [];
      return rows.sort((a, b) => order.indexOf(a.d.id) - order.indexOf(b.d.id));
    },

    async count(f: DiscussionFilter) {
      const [{ total }] = await db.select({ total: count() }).from(discussions).where(whereOf(f));
      return total;
    },

    async byId(id: number, viewerUid: string | undefined) {
      const [row] = await select(viewerUid, true).where(eq(discussions.id, id));
      return row;
    },

    async row(id: number): Promise<DiscussionRow | undefined> {
      const [row] = await db.select().from(discussions).where(eq(discussions.id, id));
      return row;
    },

    async create(d: typeof discussions.$inferInsert): Promise<DiscussionRow> {
      const [row] = await db.insert(discussions).values(d).returning();
      return row;
    },

    async update(id: number, d: Partial<typeof discussions.$inferInsert>) {
      await db
        .update(discussions)
        .set({ ...d, gmtModified: new Date() })
        .where(eq(discussions.id, id));
    },

    async remove(ids: number[]) {
      if (!ids.length) return 0;
      return (await db.delete(discussions).where(inArray(discussions.id, ids)).returning({ id: discussions.id }))
        .length;
    },

    /** The user's discussions since a time (the daily limit). */
    async postedSince(uid: string, since: Date) {
      const [{ n }] = await db
        .select({ n: count() })
        .from(discussions)
        .where(and(eq(discussions.uid, uid), gte(discussions.gmtCreate, since)));
      return n;
    },

    /** Likes and unlikes move the counter only when the user's like row comes or goes, in one transaction: liking
     * twice counts once, unliking what was not liked changes nothing, in parallel too. true when it changed. */
    async setLike(did: number, uid: string, like: boolean): Promise<boolean> {
      return db.transaction(async (tx) => {
        const changed = like
          ? await tx.insert(discussionLikes).values({ did, uid }).onConflictDoNothing().returning()
          : await tx
              .delete(discussionLikes)
              .where(and(eq(discussionLikes.did, did), eq(discussionLikes.uid, uid)))
              .returning();
        if (!changed.length) return false;
        await tx
          .update(discussions)
          .set({ likeNum: sql`${discussions.likeNum} + ${like ? 1 : -1}` })
          .where(eq(discussions.id, did));
        return true;
      });
    },

    /** Counts a view unless the same viewer was counted in the last hour; one statement. true when counted. */
    async view(did: number, viewer: string, at: Date): Promise<boolean> {
      const hourAgo = new Date(at.getTime() - 3600_000);
      const res = await db.execute(sql`
        with counted as (
          insert into ${discussionViews} (did, viewer, viewed_at) values (${did}, ${viewer}, ${at})
          on conflict (did, viewer) do update set viewed_at = excluded.viewed_at
          where ${discussionViews.viewedAt} < ${hourAgo}
          returning 1
        )
        update ${discussions} set view_num = view_num + 1 where id = ${did} and exists (select 1 from counted)
        returning 1`);
      return ((res as unknown as { rows: unknown[] }).rows ?? []).length > 0;
    },

    // ---- categories ----

    categories(gid: number | null): Promise<DiscussionCategoryRow[]> {
      return db
        .select()
        .from(discussionCategories)
        .where(gid === null ? isNull(discussionCategories.gid) : eq(discussionCategories.gid, gid))
        .orderBy(asc(discussionCategories.id));
    },

    async category(id: number): Promise<DiscussionCategoryRow | undefined> {
      const [row] = await db.select().from(discussionCategories).where(eq(discussionCategories.id, id));
      return row;
    },

    /** The site's list becomes `list`: named rows with an id renamed, rows without one added, the others removed
     * unless a discussion uses them (kept as they are). */
    async replaceCategories(list: { id?: number | null; name: string }[]) {
      await db.transaction(async (tx) => {
        const existing = await tx.select().from(discussionCategories).where(isNull(discussionCategories.gid));
        const known = new Set(existing.map((c) => c.id));
        const keep: number[] = [];
        for (const c of list) {
          if (c.id && known.has(c.id)) {
            await tx
              .update(discussionCategories)
              .set({ name: c.name, gmtModified: new Date() })
              .where(eq(discussionCategories.id, c.id));
            keep.push(c.id);
          } else {
            const [row] = await tx.insert(discussionCategories).values({ name: c.name }).returning();
            keep.push(row.id);
          }
        }
        const used = tx.select({ id: discussions.categoryId }).from(discussions);
        await tx
          .delete(discussionCategories)
          .where(
            and(
              isNull(discussionCategories.gid),
              keep.length ? notInArray(discussionCategories.id, keep) : undefined,
              notInArray(discussionCategories.id, used),
            ),
          );
      });
    },

    async seedCategories() {
      const [{ n }] = await db.select({ n: count() }).from(discussionCategories);
      if (n === 0)
        await db.insert(discussionCategories).values(DEFAULT_DISCUSSION_CATEGORIES.map((name) => ({ name })));
    },

    // ---- reports ----

    async report(r: { did: number; reporterUid: string; content: string }) {
      await db.insert(discussionReports).values(r);
    },

    async reports(offset: number, limit: number) {
      const reporter = sql<string>`(select ${users.username} from ${users} where ${users.uid} = ${discussionReports.reporterUid})`;
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({
            r: discussionReports,
            gid: discussions.gid,
            discussionTitle: discussions.title,
            discussionAuthor: users.username,
            reporter,
          })
          .from(discussionReports)
          .innerJoin(discussions, eq(discussions.id, discussionReports.did))
          .innerJoin(users, eq(users.uid, discussions.uid))
          .orderBy(asc(discussionReports.status), desc(discussionReports.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(discussionReports),
      ]);
      return { rows, total };
    },

    async setReportStatus(id: number, handled: boolean) {
      const rows = await db
        .update(discussionReports)
        .set({ status: handled ? 1 : 0, gmtModified: new Date() })
        .where(eq(discussionReports.id, id))
        .returning({ id: discussionReports.id });
      return rows.length > 0;
    },
  };
};
export type DiscussionRepository = ReturnType<typeof createDiscussionRepository>;
