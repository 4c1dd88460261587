import { JUDGE_STATUS } from '@oj/shared';
import { and, asc, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { contestRatings, contests, submissions, userRecords, users } from '../../db/schema.js';

/** A rated contest's place in the history: contests are rated in the order they ended (then by id). */
export interface HistoryPoint {
  id: number;
  endTime: Date;
}

export interface RatedContest extends HistoryPoint {
  boardVersion: number;
  gmtModified: Date;
}

export interface NewContestRating {
  cid: number;
  uid: string;
  rank: number;
  oldRating: number;
  newRating: number;
  performance: number;
}

/** The advisory lock key of the rating computation ("OJRT"): one instance at a time writes ratings. */
const RATING_LOCK_KEY = 0x4f4a5254;
/** Users per statement that sets their ratings (well under PostgreSQL's parameter limit). */
const USER_CHUNK = 1000;

const UNJUDGED = [JUDGE_STATUS.PENDING, JUDGE_STATUS.COMPILING, JUDGE_STATUS.JUDGING, JUDGE_STATUS.SUBMITTING];

/** (end_time, id) compared as the history orders contests. */
const at = (p: HistoryPoint) => sql`(${p.endTime.toISOString()}::timestamptz, ${p.id}::int)`;
const position = sql`(${contests.endTime}, ${contests.id})`;

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** Contest ratings: the rated contests' rating changes (`contest_ratings`), when each was computed
 * (`contests.rating_computed_at`) and each user's current rating (`user_records.rating`). */
export const createRatingRepository = (db: Db) => ({
  /** Holds the rating lock until the transaction ends (pg_advisory_xact_lock; PGlite has one connection anyway). */
  async lock(tx: Tx) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${RATING_LOCK_KEY})`);
  },

  transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),

  /** The earliest contest whose ratings are due: a rated site contest that has ended and was not computed since
   * (never, or cleared by a rejudge, a manual judge, an edit or a recompute), or one not computed since that still
   * has rating rows (no longer rated, or its end moved). */
  async earliestStale(now: Date, tx?: Tx): Promise<HistoryPoint | undefined> {
    const [row] = await (tx ?? db)
      .select({ id: contests.id, endTime: contests.endTime })
      .from(contests)
      .where(
        and(
          sql`${contests.ratingComputedAt} IS NULL`,
          or(
            sql`${contests.rated} = 1 AND ${contests.gid} IS NULL AND ${contests.endTime} <= ${now.toISOString()}::timestamptz`,
            sql`EXISTS (SELECT 1 FROM ${contestRatings} WHERE ${contestRatings.cid} = ${contests.id})`,
          ),
        ),
      )
      .orderBy(asc(contests.endTime), asc(contests.id))
      .limit(1);
    return row;
  },

  /** The rated site contests that have ended, from `from` on, in the history's order. */
  async ratedFrom(from: HistoryPoint, now: Date, tx?: Tx): Promise<RatedContest[]> {
    return (tx ?? db)
      .select({
        id: contests.id,
        endTime: contests.endTime,
        boardVersion: contests.boardVersion,
        gmtModified: contests.gmtModified,
      })
      .from(contests)
      .where(
        and(
          eq(contests.rated, 1),
          sql`${contests.gid} IS NULL`,
          sql`${contests.endTime} <= ${now.toISOString()}::timestamptz`,
          sql`${position} >= ${at(from)}`,
        ),
      )
      .orderBy(asc(contests.endTime), asc(contests.id));
  },

  /** Those of the contests with a submission made during the contest that still waits for its verdict (few
   * submissions wait: the status index finds them). */
  async withUnjudged(list: HistoryPoint[], tx?: Tx): Promise<Set<number>> {
    if (list.length === 0) return new Set();
    const rows = await (tx ?? db)
      .selectDistinct({ cid: submissions.cid })
      .from(submissions)
      .innerJoin(contests, eq(contests.id, submissions.cid))
      .where(
        and(
          inArray(
            submissions.cid,
            list.map((c) => c.id),
          ),
          inArray(submissions.status, UNJUDGED),
          sql`${submissions.submitTime} < ${contests.endTime}`,
        ),
      );
    return new Set(rows.map((r) => r.cid));
  },

  /** Each user's rating after the last rated contest before `point`. */
  async ratingsBefore(tx: Tx, point: HistoryPoint): Promise<Map<string, number>> {
    const rows = rowsOf<{ uid: string; rating: number }>(
      await tx.execute(sql`
        SELECT DISTINCT ON (r.uid) r.uid, r.new_rating AS rating
        FROM ${contestRatings} r JOIN ${contests} c ON c.id = r.cid
        WHERE (c.end_time, c.id) < ${at(point)}
        ORDER BY r.uid, c.end_time DESC, c.id DESC`),
    );
    return new Map(rows.map((r) => [r.uid, Number(r.rating)]));
  },

  /** Removes the rating rows of the contests in [from, to) of the history (to the end without `to`); answers whose
   * they were. */
  async removeRange(tx: Tx, from: HistoryPoint, to?: HistoryPoint): Promise<string[]> {
    const rows = rowsOf<{ uid: string }>(
      await tx.execute(sql`
        DELETE FROM ${contestRatings} r USING ${contests} c
        WHERE c.id = r.cid AND (c.end_time, c.id) >= ${at(from)}${to ? sql` AND (c.end_time, c.id) < ${at(to)}` : sql``}
        RETURNING r.uid`),
    );
    return rows.map((r) => r.uid);
  },

  /** Removes one contest's rating rows (the contest is being deleted); answers whose they were. */
  async removeContest(tx: Tx, cid: number): Promise<string[]> {
    const rows = await tx
      .delete(contestRatings)
      .where(eq(contestRatings.cid, cid))
      .returning({ uid: contestRatings.uid });
    return rows.map((r) => r.uid);
  },

  /** One statement with the rows as one JSON parameter, whatever their number (a full history is tens of
   * thousands: a statement of bound values per thousand rows took a hundred times as long). */
  async insert(tx: Tx, rows: NewContestRating[]) {
    if (rows.length === 0) return;
    await tx.execute(sql`
      INSERT INTO ${contestRatings} (cid, uid, rank, old_rating, new_rating, performance)
      SELECT cid, uid, rank, "oldRating", "newRating", performance
      FROM json_to_recordset(${JSON.stringify(rows)}::json)
        AS r(cid int, uid text, rank int, "oldRating" int, "newRating" int, performance int)`);
  },

  async markComputed(tx: Tx, cids: number[], when: Date) {
    if (cids.length) await tx.update(contests).set({ ratingComputedAt: when }).where(inArray(contests.id, cids));
  },

  /** Makes a contest's ratings due again, and those of every computed contest that ended at `from` or later (its
   * end moved, or it was deleted: the later contests started from its numbers). */
  async markStale(tx: Tx | undefined, which: { cid?: number; from?: Date }) {
    const conds: SQL[] = [];
    if (which.cid !== undefined) conds.push(eq(contests.id, which.cid));
    if (which.from) conds.push(sql`${contests.endTime} >= ${which.from.toISOString()}::timestamptz`);
    if (conds.length === 0) return;
    await (tx ?? db)
      .update(contests)
      .set({ ratingComputedAt: null })
      .where(and(isNotNull(contests.ratingComputedAt), or(...conds)));
  },

  /** Sets each user's current rating to the new rating of their last rated contest (none left: null). */
  async refreshUsers(tx: Tx, uids: string[]) {
    const unique = [...new Set(uids)];
    for (let i = 0; i < unique.length; i += USER_CHUNK) {
      const list = sql.join(
        unique.slice(i, i + USER_CHUNK).map((u) => sql`${u}`),
        sql`, `,
      );
      await tx.execute(sql`
        INSERT INTO ${userRecords} (uid, rating)
        SELECT u.uid, latest.rating FROM ${users} u
        LEFT JOIN (
          SELECT DISTINCT ON (r.uid) r.uid, r.new_rating AS rating
          FROM ${contestRatings} r JOIN ${contests} c ON c.id = r.cid
          WHERE r.uid IN (${list})
          ORDER BY r.uid, c.end_time DESC, c.id DESC
        ) latest ON latest.uid = u.uid
        WHERE u.uid IN (${list})
        ON CONFLICT (uid) DO UPDATE SET rating = EXCLUDED.rating`);
    }
  },

  /** A user's rated contests in the history's order. */
  async history(uid: string) {
    return db
      .select({
        cid: contestRatings.cid,
        title: contests.title,
        rank: contestRatings.rank,
        oldRating: contestRatings.oldRating,
        newRating: contestRatings.newRating,
        performance: contestRatings.performance,
        endTime: contests.endTime,
      })
      .from(contestRatings)
      .innerJoin(contests, eq(contests.id, contestRatings.cid))
      .where(eq(contestRatings.uid, uid))
      .orderBy(asc(contests.endTime), asc(contests.id));
  },

  /** Whether the user exists and is not banned (a banned user's history does not exist for others, as the home). */
  async userListed(uid: string) {
    const [row] = await db.select({ status: users.status }).from(users).where(eq(users.uid, uid));
    return row?.status === 0;
  },
});
export type RatingRepository = ReturnType<typeof createRatingRepository>;
