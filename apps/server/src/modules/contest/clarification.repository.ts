import { and, asc, count, desc, eq, gt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contestClarifications as cl, contestProblems, users } from '../../db/schema.js';

/** A clarification with its asker's name and the problem as the contest names it. */
const columns = {
  id: cl.id,
  cid: cl.cid,
  pid: cl.pid,
  uid: cl.uid,
  username: users.username,
  displayId: contestProblems.displayId,
  problemTitle: contestProblems.displayTitle,
  content: cl.content,
  answer: cl.answer,
  toAll: cl.toAll,
  answeredAt: cl.answeredAt,
  gmtCreate: cl.gmtCreate,
};

/** A contest's clarifications (decision 0055): the only code touching `contest_clarifications`. */
export const createClarificationRepository = (db: Db) => {
  const select = (where: SQL | undefined) =>
    db
      .select(columns)
      .from(cl)
      .leftJoin(users, eq(users.uid, cl.uid))
      .leftJoin(contestProblems, and(eq(contestProblems.cid, cl.cid), eq(contestProblems.pid, cl.pid)))
      .where(where);

  const byId = async (id: number) => {
    const [row] = await select(eq(cl.id, id));
    return row;
  };

  /** What one viewer lists of a contest: everything for its admins (`uid` undefined), else the viewer's own and
   * what was answered to all. */
  const seenBy = (cid: number, uid: string | undefined) =>
    uid === undefined ? eq(cl.cid, cid) : and(eq(cl.cid, cid), or(eq(cl.uid, uid), eq(cl.toAll, 1)));

  return {
    byId,

    /** Whether the problem (problems.id) is one of the contest's. */
    async problemInContest(cid: number, pid: number) {
      const [row] = await db
        .select({ id: contestProblems.id })
        .from(contestProblems)
        .where(and(eq(contestProblems.cid, cid), eq(contestProblems.pid, pid)));
      return !!row;
    },

    /** Stores a question unless its asker already asked `limit` of the contest since `since`; the asker's questions
     * are counted under a transaction-scoped advisory lock, so parallel asks cannot both take the last place. The
     * refusal carries the oldest question of the window (when the next place frees). */
    async ask(
      row: { cid: number; pid: number | null; uid: string; content: string; at: Date },
      limit: { count: number; since: Date },
    ): Promise<{ id: number } | { oldest: Date }> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`oj_clarification:${row.cid}:${row.uid}`}))`);
        const recent = await tx
          .select({ at: cl.gmtCreate })
          .from(cl)
          .where(and(eq(cl.cid, row.cid), eq(cl.uid, row.uid), gt(cl.gmtCreate, limit.since)))
          .orderBy(asc(cl.gmtCreate));
        if (recent.length >= limit.count) return { oldest: recent[0].at };
        const [created] = await tx
          .insert(cl)
          .values({
            cid: row.cid,
            pid: row.pid,
            uid: row.uid,
            content: row.content,
            gmtCreate: row.at,
            gmtModified: row.at,
          })
          .returning({ id: cl.id });
        return created;
      });
    },

    /** An admin's broadcast: answered to all from the start, without an asker. */
    async broadcast(row: { cid: number; pid: number | null; content: string; by: string; at: Date }) {
      const [created] = await db
        .insert(cl)
        .values({
          cid: row.cid,
          pid: row.pid,
          uid: null,
          content: row.content,
          toAll: 1,
          answeredBy: row.by,
          answeredAt: row.at,
          gmtCreate: row.at,
          gmtModified: row.at,
        })
        .returning({ id: cl.id });
      return created.id;
    },

    /** Sets (or replaces) a question's answer; false when it is gone. */
    async answer(id: number, a: { answer: string; toAll: boolean; by: string; at: Date }) {
      const rows = await db
        .update(cl)
        .set({ answer: a.answer, toAll: a.toAll ? 1 : 0, answeredBy: a.by, answeredAt: a.at, gmtModified: a.at })
        .where(eq(cl.id, id))
        .returning({ id: cl.id });
      return rows.length > 0;
    },

    /** One page of what the viewer sees (`uid` undefined: a contest admin, who sees every question, unanswered
     * first), newest first. */
    async page(cid: number, uid: string | undefined, offset: number, limit: number) {
      const where = seenBy(cid, uid);
      const order = uid === undefined ? [sql`(${cl.answer} is null and ${cl.uid} is not null) desc`] : [];
      const [rows, [{ total }]] = await Promise.all([
        select(where)
          .orderBy(...order, desc(cl.id))
          .offset(offset)
          .limit(limit),
        db.select({ total: count() }).from(cl).where(where),
      ]);
      return { rows, total };
    },

    /** Every clarification of the contest, oldest first (the export). */
    async all(cid: number) {
      return select(eq(cl.cid, cid)).orderBy(asc(cl.id));
    },
  };
};
export type ClarificationRepository = ReturnType<typeof createClarificationRepository>;
export type ClarificationRow = NonNullable<Awaited<ReturnType<ClarificationRepository['byId']>>>;
