import { and, asc, count, desc, eq, gte, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { containsPattern } from '../../db/like-pattern.js';
import { userAcProblems, userRecords, users } from '../../db/schema.js';
import { listedUser } from '../user/user-queries.js';

const rowColumns = {
  uid: users.uid,
  username: users.username,
  nickname: users.nickname,
  signature: sql<string | null>`left(${users.signature}, 100)`,
  avatar: users.avatar,
  titleName: users.titleName,
  titleColor: users.titleColor,
  total: userRecords.total,
  ac: userRecords.ac,
  score: userRecords.score,
  rating: userRecords.rating,
};
export type RankRow = {
  uid: string;
  username: string;
  nickname: string | null;
  signature: string | null;
  avatar: string | null;
  titleName: string | null;
  titleColor: string | null;
  total: number;
  ac: number;
  score: number;
  rating: number | null;
};

/** Global ranks over the per-user counters the submission triggers keep. */
export const createRankRepository = (db: Db) => ({
  async page(type: 'acm' | 'oi' | 'rating', f: { offset: number; limit: number; search?: string }) {
    const where: SQL[] = [listedUser() as SQL];
    // The rating list holds the users with a contest rating only (decision 0046).
    if (type === 'rating') where.push(isNotNull(userRecords.rating));
    if (f.search) {
      const like = containsPattern(f.search);
      where.push(
        sql`(${users.username} ilike ${like} or ${users.nickname} ilike ${like} or ${users.realname} ilike ${like})`,
      );
    }
    const cond = and(...where);
    const counted = db.select({ total: count() }).from(users);
    const [{ total }] = await (type === 'rating'
      ? counted.innerJoin(userRecords, eq(userRecords.uid, users.uid)).where(cond)
      : counted.where(cond));
    const order =
      type === 'acm'
        ? [desc(userRecords.ac), asc(userRecords.total), asc(userRecords.uid)]
        : type === 'oi'
          ? [desc(userRecords.score), desc(userRecords.ac), asc(userRecords.uid)]
          : [desc(userRecords.rating), asc(users.username)];
    const rows: RankRow[] = await db
      .select(rowColumns)
      .from(userRecords)
      .innerJoin(users, eq(users.uid, userRecords.uid))
      .where(cond)
      .orderBy(...order)
      .limit(f.limit)
      .offset(f.offset);
    return { total, rows };
  },

  /** Top users by problems first accepted since `since`. */
  async recentAc(since: Date, limit: number) {
    const recent = db
      .select({ uid: userAcProblems.uid, recentAc: sql<number>`count(*)::int`.as('recent_ac') })
      .from(userAcProblems)
      .where(gte(userAcProblems.gmtCreate, since))
      .groupBy(userAcProblems.uid)
      .as('recent');
    return db
      .select({ ...rowColumns, recentAc: recent.recentAc })
      .from(recent)
      .innerJoin(users, eq(users.uid, recent.uid))
      .innerJoin(userRecords, eq(userRecords.uid, recent.uid))
      .where(listedUser())
      .orderBy(desc(recent.recentAc), desc(users.gmtCreate))
      .limit(limit);
  },

  async record(uid: string) {
    const [row] = await db.select().from(userRecords).where(eq(userRecords.uid, uid));
    return row;
  },
});
export type RankRepository = ReturnType<typeof createRankRepository>;
