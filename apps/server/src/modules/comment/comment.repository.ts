import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { commentLikes, comments, discussions, replies, users } from '../../db/schema.js';

export type CommentRow = typeof comments.$inferSelect;
export type ReplyRow = typeof replies.$inferSelect;

/** Where comments live: a discussion or a contest. */
export type Place = { did: number; cid?: undefined } | { cid: number; did?: undefined };

/** During a running contest a participant sees only their own comments and its admins' (the contest's creator
 * and root): `visibleTo` lists those authors. */
export interface CommentFilter {
  place: Place;
  visibleTo?: { uid: string; creatorUid: string };
}

const placeWhere = (p: Place): SQL => (p.did !== undefined ? eq(comments.did, p.did) : eq(comments.cid, p.cid));

/** Comments, replies and comment likes: the only code touching those tables. */
export const createCommentRepository = (db: Db) => {
  const author = {
    fromName: users.username,
    fromAvatar: users.avatar,
    fromTitleName: users.titleName,
    fromTitleColor: users.titleColor,
  };
  const whereOf = (f: CommentFilter) =>
    and(
      placeWhere(f.place),
      f.visibleTo
        ? or(eq(comments.uid, f.visibleTo.uid), eq(comments.uid, f.visibleTo.creatorUid), eq(comments.role, 'root'))
        : undefined,
    );

  /** Replies with their authors and whom they answer. */
  const replySelect = () => {
    const to = sql<string | null>`(select ${users.username} from ${users} where ${users.uid} = ${replies.toUid})`;
    const toAvatar = sql<string | null>`(select ${users.avatar} from ${users} where ${users.uid} = ${replies.toUid})`;
    return db
      .select({ r: replies, ...author, toName: to, toAvatar })
      .from(replies)
      .innerJoin(users, eq(users.uid, replies.uid));
  };

  return {
    /** Most liked first, then the newest; with each comment's reply count. */
    async page(f: CommentFilter, offset: number, limit: number) {
      const where = whereOf(f);
      const replyCount =
        sql<number>`(select count(*) from ${replies} where ${replies.commentId} = ${comments.id})`.mapWith(Number);
      const [rows, [{ total }], [{ replyTotal }]] = await Promise.all([
        db
          .select({ c: comments, ...author, replyCount })
          .from(comments)
          .innerJoin(users, eq(users.uid, comments.uid))
          .where(where)
          .orderBy(desc(comments.likeNum), desc(comments.gmtCreate), desc(comments.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(comments).where(where),
        db
          .select({ replyTotal: count() })
          .from(replies)
          .innerJoin(comments, eq(comments.id, replies.commentId))
          .where(where),
      ]);
      return { rows, total: total + replyTotal };
    },

    /** The newest `n` replies of each comment, oldest first within a comment. */
    async latestReplies(commentIds: number[], n: number) {
      if (!commentIds.length) return [];
      const ranked = db
        .select({
          id: replies.id,
          rn: sql<number>`row_number() over (partition by ${replies.commentId} order by ${replies.id} desc)`.as('rn'),
        })
        .from(replies)
        .where(inArray(replies.commentId, commentIds))
        .as('ranked');
      const ids = (await db.select({ id: ranked.id }).from(ranked).where(sql`${ranked.rn} <= ${n}`)).map((r) => r.id);
      if (!ids.length) return [];
      return replySelect().where(inArray(replies.id, ids)).orderBy(asc(replies.id));
    },

    allReplies(commentId: number) {
      return replySelect().where(eq(replies.commentId, commentId)).orderBy(asc(replies.id));
    },

    async comment(id: number): Promise<CommentRow | undefined> {
      const [row] = await db.select().from(comments).where(eq(comments.id, id));
      return row;
    },

    async commentWithAuthor(id: number) {
      const [row] = await db
        .select({ c: comments, ...author, replyCount: sql<number>`0`.mapWith(Number) })
        .from(comments)
        .innerJoin(users, eq(users.uid, comments.uid))
        .where(eq(comments.id, id));
      return row;
    },

    async reply(id: number): Promise<ReplyRow | undefined> {
      const [row] = await db.select().from(replies).where(eq(replies.id, id));
      return row;
    },

    async replyWithAuthor(id: number) {
      const [row] = await replySelect().where(eq(replies.id, id));
      return row;
    },

    /** A discussion's comment counter counts its comments and their replies. */
    async addComment(c: typeof comments.$inferInsert): Promise<CommentRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(comments).values(c).returning();
        if (c.did) await bump(tx, c.did, 1);
        return row;
      });
    },

    async addReply(r: typeof replies.$inferInsert, did: number | null): Promise<ReplyRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(replies).values(r).returning();
        if (did) await bump(tx, did, 1);
        return row;
      });
    },

    /** The comment with its replies. */
    async removeComment(c: CommentRow) {
      await db.transaction(async (tx) => {
        const [{ n }] = await tx.select({ n: count() }).from(replies).where(eq(replies.commentId, c.id));
        const gone = await tx.delete(comments).where(eq(comments.id, c.id)).returning({ id: comments.id });
        if (gone.length && c.did) await bump(tx, c.did, -(1 + n));
      });
    },

    async removeReply(r: ReplyRow, did: number | null) {
      await db.transaction(async (tx) => {
        const gone = await tx.delete(replies).where(eq(replies.id, r.id)).returning({ id: replies.id });
        if (gone.length && did) await bump(tx, did, -1);
      });
    },

    /** As for discussions: the counter moves only when the like row comes or goes. */
    async setLike(commentId: number, uid: string, like: boolean): Promise<boolean> {
      return db.transaction(async (tx) => {
        const changed = like
          ? await tx.insert(commentLikes).values({ commentId, uid }).onConflictDoNothing().returning()
          : await tx
              .delete(commentLikes)
              .where(and(eq(commentLikes.commentId, commentId), eq(commentLikes.uid, uid)))
              .returning();
        if (!changed.length) return false;
        await tx
          .update(comments)
          .set({ likeNum: sql`${comments.likeNum} + ${like ? 1 : -1}` })
          .where(eq(comments.id, commentId));
        return true;
      });
    },

    async likedOf(uid: string, commentIds: number[]) {
      if (!commentIds.length) return [];
      return (
        await db
          .select({ id: commentLikes.commentId })
          .from(commentLikes)
          .where(and(eq(commentLikes.uid, uid), inArray(commentLikes.commentId, commentIds)))
      ).map((r) => r.id);
    },
  };
};
export type CommentRepository = ReturnType<typeof createCommentRepository>;

const bump = (tx: Pick<Db, 'update'>, did: number, by: number) =>
  tx
    .update(discussions)
    .set({ commentNum: sql`greatest(${discussions.commentNum} + ${by}, 0)` })
    .where(eq(discussions.id, did));
