import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  contestProblems,
  contests,
  contestVirtualRuns,
  mineMessages,
  problems,
  submissionReviewReplies,
  submissionReviews,
  submissions,
  users,
} from '../../db/schema.js';

export type ReviewRow = typeof submissionReviews.$inferSelect;
export type ReviewReplyRow = typeof submissionReviewReplies.$inferSelect;

/** A review whose owner's message went out just now, with what the message says. */
export interface ClaimedReview {
  reviewId: number;
  submitId: number;
  cid: number;
  gid: number | null;
  ownerUid: string;
  reviewerUid: string;
  reviewerName: string;
  fromLine: number;
  toLine: number;
  /** The problem as the owner names it: the contest's display id and title for a contest's submission. */
  displayId: string;
  title: string;
}

/** What the message centre stores for one user (a "mine" message: message keys and their values). */
export interface MineText {
  title: string;
  content: string;
  vars: Record<string, string>;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Reviews of submissions and their replies (decision 0053): the only code touching those two tables. */
export const createReviewRepository = (db: Db) => {
  const reviewSelect = () =>
    db
      .select({ r: submissionReviews, username: users.username, avatar: users.avatar })
      .from(submissionReviews)
      .innerJoin(users, eq(users.uid, submissionReviews.uid));
  const replySelect = () =>
    db
      .select({ r: submissionReviewReplies, username: users.username, avatar: users.avatar })
      .from(submissionReviewReplies)
      .innerJoin(users, eq(users.uid, submissionReviewReplies.uid));

  return {
    review: async (id: number) =>
      (await db.select().from(submissionReviews).where(eq(submissionReviews.id, id)))[0] as ReviewRow | undefined,

    reviewWithAuthor: async (id: number) => (await reviewSelect().where(eq(submissionReviews.id, id)))[0],

    /** A submission's reviews by their first line, then oldest first. */
    reviewsOf: (submitId: number) =>
      reviewSelect()
        .where(eq(submissionReviews.submitId, submitId))
        .orderBy(asc(submissionReviews.fromLine), asc(submissionReviews.id)),

    /** The replies of these reviews, oldest first. */
    async repliesOf(reviewIds: number[]) {
      if (!reviewIds.length) return [];
      return replySelect()
        .where(inArray(submissionReviewReplies.reviewId, reviewIds))
        .orderBy(asc(submissionReviewReplies.id));
    },

    replyWithAuthor: async (id: number) => (await replySelect().where(eq(submissionReviewReplies.id, id)))[0],

    async add(r: { submitId: number; uid: string; fromLine: number; toLine: number; content: string; at: Date }) {
      const [row] = await db
        .insert(submissionReviews)
        .values({
          submitId: r.submitId,
          uid: r.uid,
          fromLine: r.fromLine,
          toLine: r.toLine,
          content: r.content,
          gmtCreate: r.at,
          gmtModified: r.at,
        })
        .returning();
      return row;
    },

    async update(id: number, content: string, at: Date) {
      await db.update(submissionReviews).set({ content, gmtModified: at }).where(eq(submissionReviews.id, id));
    },

    /** The review and (by the foreign key) its replies. */
    async remove(id: number) {
      await db.delete(submissionReviews).where(eq(submissionReviews.id, id));
    },

    async addReply(r: { reviewId: number; uid: string; content: string; at: Date }) {
      const [row] = await db
        .insert(submissionReviewReplies)
        .values({ reviewId: r.reviewId, uid: r.uid, content: r.content, gmtCreate: r.at })
        .returning();
      return row;
    },

    /**
     * Tells the owners of reviewed submissions (one review, or every review still waiting): each review whose message
     * has not gone out and whose submission no longer waits (a bank or group submission at once; a contest's once the
     * contest has ended, and a virtual participant's run too) is claimed by setting `notified_at`, and its message
     * written, in one transaction. Two instances sweeping at once claim each review once: the second UPDATE waits for
     * the first's row locks and then finds `notified_at` set. A review of one's own submission is claimed untold.
     * The number of messages written.
     */
    async notifyOwners(at: Date, text: (c: ClaimedReview) => MineText, reviewId?: number): Promise<number> {
      return db.transaction(async (tx) => {
        const claimed = rowsOf<{ id: number }>(
          await tx.execute(sql`
            with due as (
              select r.id from ${submissionReviews} r
              join ${submissions} s on s.submit_id = r.submit_id
              left join ${contests} c on c.id = s.cid
              left join ${contestVirtualRuns} v on v.id = s.vrid
              where r.notified_at is null
                ${reviewId === undefined ? sql`` : sql`and r.id = ${reviewId}`}
                and (s.cid = 0 or (c.end_time <= ${at} and (v.id is null or v.end_time <= ${at})))
              order by r.id
              limit 500
            )
            update ${submissionReviews} r set notified_at = ${at}
            from due where r.id = due.id and r.notified_at is null
            returning r.id`),
        );
        if (!claimed.length) return 0;
        const rows = rowsOf<{
          id: number;
          submit_id: number | string;
          cid: number;
          gid: number | null;
          owner_uid: string;
          reviewer_uid: string;
          reviewer_name: string;
          from_line: number;
          to_line: number;
          display_id: string;
          title: string;
        }>(
          await tx.execute(sql`
            select r.id, r.submit_id, s.cid, s.gid, s.uid as owner_uid, r.uid as reviewer_uid,
              u.username as reviewer_name, r.from_line, r.to_line,
              coalesce(cp.display_id, s.display_pid) as display_id, coalesce(cp.display_title, p.title) as title
            from ${submissionReviews} r
            join ${submissions} s on s.submit_id = r.submit_id
            join ${users} u on u.uid = r.uid
            join ${problems} p on p.id = s.pid
            left join ${contestProblems} cp on s.cid <> 0 and cp.id = s.cpid
            where r.id in (${sql.join(
              claimed.map((c) => sql`${c.id}`),
              sql`, `,
            )})
            order by r.id`),
        ).filter((r) => r.owner_uid !== r.reviewer_uid);
        if (!rows.length) return 0;
        await tx.insert(mineMessages).values(
          rows.map((r) => ({
            recipientUid: r.owner_uid,
            ...text({
              reviewId: r.id,
              submitId: Number(r.submit_id),
              cid: r.cid,
              gid: r.gid,
              ownerUid: r.owner_uid,
              reviewerUid: r.reviewer_uid,
              reviewerName: r.reviewer_name,
              fromLine: r.from_line,
              toLine: r.to_line,
              displayId: r.display_id,
              title: r.title,
            }),
          })),
        );
        return rows.length;
      });
    },

    /**
     * A page of the group's own submissions (cid 0) that have reviews, the newest activity (a review written or
     * edited, a reply) first: with the number of reviews and of the owner's replies that no one else has answered
     * since under the same review.
     */
    async reviewedPage(gid: number, offset: number, limit: number) {
      const [rows, total] = await Promise.all([
        db.execute(sql`
          select s.submit_id, s.display_pid, p.title, s.uid, s.username, s.status, s.submit_time,
            count(*)::int as review_count,
            coalesce(sum(x.unanswered), 0)::int as unanswered_count,
            greatest(max(r.gmt_modified), max(x.last_reply)) as last_activity
          from ${submissionReviews} r
          join ${submissions} s on s.submit_id = r.submit_id
          join ${problems} p on p.id = s.pid
          left join lateral (
            select max(rr.gmt_create) as last_reply,
              count(*) filter (
                where rr.uid = s.uid and rr.id > coalesce(
                  (select max(o.id) from ${submissionReviewReplies} o where o.review_id = r.id and o.uid <> s.uid), 0)
              ) as unanswered
            from ${submissionReviewReplies} rr where rr.review_id = r.id
          ) x on true
          where s.gid = ${gid} and s.cid = 0
          group by s.submit_id, p.title
          order by last_activity desc, s.submit_id desc
          limit ${limit} offset ${offset}`),
        db
          .select({ total: sql<number>`count(distinct ${submissionReviews.submitId})`.mapWith(Number) })
          .from(submissionReviews)
          .innerJoin(submissions, eq(submissions.submitId, submissionReviews.submitId))
          .where(and(eq(submissions.gid, gid), eq(submissions.cid, 0))),
      ]);
      return {
        total: total[0]?.total ?? 0,
        rows: rowsOf<{
          submit_id: number | string;
          display_pid: string;
          title: string;
          uid: string;
          username: string;
          status: number;
          submit_time: Date | string;
          review_count: number;
          unanswered_count: number;
          last_activity: Date | string;
        }>(rows).map((r) => ({
          submitId: Number(r.submit_id),
          displayPid: r.display_pid,
          title: r.title,
          uid: r.uid,
          username: r.username,
          status: r.status,
          submitTime: new Date(r.submit_time),
          reviewCount: Number(r.review_count),
          unansweredCount: Number(r.unanswered_count),
          lastActivity: new Date(r.last_activity),
        })),
      };
    },
  };
};
export type ReviewRepository = ReturnType<typeof createReviewRepository>;
