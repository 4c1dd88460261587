import { JUDGE_STATUS } from '@oj/shared';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { containsPattern } from '../../db/like-pattern.js';
import { problems, problemTags, submissions, tags } from '../../db/schema.js';

/** A group's problems (decision 0023): the problems table's rows with its gid. */
export const createGroupProblemRepository = (db: Db) => ({
  /** A page of the group's problems in display order; `auths` limits the ones a member may see. */
  async page(gid: number, q: { auths?: number[]; keyword?: string }, offset: number, limit: number) {
    const where: SQL[] = [eq(problems.gid, gid), eq(problems.isGroup, 1)];
    if (q.auths) where.push(inArray(problems.auth, q.auths));
    if (q.keyword) {
      const like = containsPattern(q.keyword);
      where.push(or(ilike(problems.title, like), ilike(problems.problemId, like)) as SQL);
    }
    const cond = and(...where);
    const [rows, [{ total }]] = await Promise.all([
      db
        .select()
        .from(problems)
        .where(cond)
        .orderBy(asc(sql`length(${problems.problemId})`), asc(problems.problemId))
        .limit(limit)
        .offset(offset),
      db.select({ total: count() }).from(problems).where(cond),
    ]);
    return { rows, total };
  },

  /** Per problem, the group's submissions outside contests: all and accepted. */
  async counts(gid: number, pids: number[]) {
    if (!pids.length) return new Map<number, { total: number; ac: number }>();
    const rows = await db
      .select({
        pid: submissions.pid,
        total: count(),
        ac: sql<number>`count(*) filter (where ${submissions.status} = ${JUDGE_STATUS.ACCEPTED})`.mapWith(Number),
      })
      .from(submissions)
      .where(and(eq(submissions.gid, gid), eq(submissions.cid, 0), inArray(submissions.pid, pids)))
      .groupBy(submissions.pid);
    return new Map(rows.map((r) => [r.pid, { total: r.total, ac: r.ac }]));
  },

  /** The caller's status per problem over the group's submissions: accepted if any was, else the latest. */
  async myStatus(gid: number, uid: string, pids: number[]) {
    if (!pids.length) return new Map<number, number>();
    const rows = await db
      .select({
        pid: submissions.pid,
        ac: sql<boolean>`bool_or(${submissions.status} = ${JUDGE_STATUS.ACCEPTED})`,
        latest: sql<number>`(array_agg(${submissions.status} order by ${submissions.submitId} desc))[1]`.mapWith(
          Number,
        ),
      })
      .from(submissions)
      .where(
        and(eq(submissions.gid, gid), eq(submissions.cid, 0), eq(submissions.uid, uid), inArray(submissions.pid, pids)),
      )
      .groupBy(submissions.pid);
    return new Map(rows.map((r) => [r.pid, r.ac ? JUDGE_STATUS.ACCEPTED : r.latest]));
  },

  async tagsOf(pids: number[]) {
    if (!pids.length) return [];
    return db
      .select({ pid: problemTags.pid, tag: tags })
      .from(problemTags)
      .innerJoin(tags, eq(tags.id, problemTags.tid))
      .where(inArray(problemTags.pid, pids))
      .orderBy(asc(tags.id));
  },

  /** The tags the group's problems carry, each once. */
  async groupTags(gid: number) {
    return db
      .selectDistinct({ tag: tags })
      .from(problemTags)
      .innerJoin(tags, eq(tags.id, problemTags.tid))
      .innerJoin(problems, eq(problems.id, problemTags.pid))
      .where(and(eq(problems.gid, gid), eq(problems.isGroup, 1)))
      .orderBy(asc(tags.id));
  },

  /** Sets the public application's progress only from one of `from` (null: none); true when it did. */
  async setProgress(pid: number, from: (number | null)[], to: number | null) {
    const states = from.filter((f): f is number => f !== null);
    const cond = from.includes(null)
      ? or(
          sql`${problems.applyPublicProgress} is null`,
          states.length ? inArray(problems.applyPublicProgress, states) : sql`false`,
        )
      : inArray(problems.applyPublicProgress, states);
    const rows = await db
      .update(problems)
      .set({ applyPublicProgress: to, gmtModified: new Date() })
      .where(and(eq(problems.id, pid), eq(problems.isGroup, 1), cond))
      .returning({ id: problems.id });
    return rows.length > 0;
  },

  /** An approved problem joins the public bank: visible to all, no longer the group's; true when it was applying. */
  async publish(pid: number) {
    const rows = await db
      .update(problems)
      .set({ applyPublicProgress: 2, isGroup: 0, gid: null, auth: 1, gmtModified: new Date() })
      .where(and(eq(problems.id, pid), eq(problems.isGroup, 1), eq(problems.applyPublicProgress, 1)))
      .returning({ id: problems.id });
    return rows.length > 0;
  },

  /** The display ids taken among `base` and `base-<anything>`, upper-cased (ids compare regardless of case). */
  async takenIdsLike(base: string) {
    const upper = base.toUpperCase();
    const prefix = `${upper.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`;
    const rows = await db
      .select({ id: sql<string>`upper(${problems.problemId})` })
      .from(problems)
      .where(or(sql`upper(${problems.problemId}) = ${upper}`, sql`upper(${problems.problemId}) like ${prefix}`));
    return new Set(rows.map((r) => r.id));
  },

  /** The applications to publish, newest first (optionally of one group). */
  async applications(q: { gid?: number; keyword?: string }, offset: number, limit: number) {
    const where: SQL[] = [eq(problems.isGroup, 1), eq(problems.applyPublicProgress, 1), isNotNull(problems.gid)];
    if (q.gid) where.push(eq(problems.gid, q.gid));
    if (q.keyword) {
      const like = containsPattern(q.keyword);
      where.push(or(ilike(problems.title, like), ilike(problems.problemId, like)) as SQL);
    }
    const cond = and(...where);
    const [rows, [{ total }]] = await Promise.all([
      db.select().from(problems).where(cond).orderBy(desc(problems.gmtModified)).limit(limit).offset(offset),
      db.select({ total: count() }).from(problems).where(cond),
    ]);
    return { rows, total };
  },
});
export type GroupProblemRepository = ReturnType<typeof createGroupProblemRepository>;
