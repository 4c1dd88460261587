import { and, asc, count, desc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contestBalloons, contestPrints, contestProblems, submissions, users } from '../../db/schema.js';
import { type ContestWindow, inContestWindow } from './contest.repository.js';

export type ContestPrintRow = typeof contestPrints.$inferSelect;

/** Prints, balloons and the staff's views of contest submissions: the only code touching those tables. */
export const createContestStaffRepository = (db: Db) => ({
  /** Inserts a print unless the user printed within `cooldownMs` before `at`. The user's row is locked for the
   * check, so two requests on two server instances cannot both pass it. */
  async insertPrintUnlessRecent(p: { cid: number; uid: string; content: string; at: Date; cooldownMs: number }) {
    return db.transaction(async (tx) => {
      await tx.select({ uid: users.uid }).from(users).where(eq(users.uid, p.uid)).for('update');
      const [last] = await tx
        .select({ at: contestPrints.gmtCreate })
        .from(contestPrints)
        .where(eq(contestPrints.uid, p.uid))
        .orderBy(desc(contestPrints.id))
        .limit(1);
      if (last && last.at.getTime() > p.at.getTime() - p.cooldownMs) return undefined;
      const [row] = await tx
        .insert(contestPrints)
        .values({ cid: p.cid, uid: p.uid, content: p.content, gmtCreate: p.at, gmtModified: p.at })
        .returning({ id: contestPrints.id });
      return row;
    });
  },

  /** Waiting prints first, then newest first; the content stays in the database (only its length leaves). */
  async printPage(f: { cid: number; uid?: string; offset: number; limit: number }) {
    const cond = and(eq(contestPrints.cid, f.cid), f.uid === undefined ? undefined : eq(contestPrints.uid, f.uid));
    const [[{ total }], rows] = await Promise.all([
      db.select({ total: count() }).from(contestPrints).where(cond),
      db
        .select({
          id: contestPrints.id,
          cid: contestPrints.cid,
          username: users.username,
          realname: users.realname,
          status: contestPrints.status,
          length: sql<number>`char_length(${contestPrints.content})`.mapWith(Number),
          gmtCreate: contestPrints.gmtCreate,
        })
        .from(contestPrints)
        .innerJoin(users, eq(users.uid, contestPrints.uid))
        .where(cond)
        .orderBy(asc(contestPrints.status), desc(contestPrints.id))
        .limit(f.limit)
        .offset(f.offset),
    ]);
    return { total, rows };
  },

  async printById(id: number) {
    const [row] = await db
      .select({ print: contestPrints, username: users.username })
      .from(contestPrints)
      .innerJoin(users, eq(users.uid, contestPrints.uid))
      .where(eq(contestPrints.id, id));
    return row;
  },

  /** false when the print is not of that contest. */
  async markPrinted(cid: number, id: number, at: Date) {
    const rows = await db
      .update(contestPrints)
      .set({ status: 1, gmtModified: at })
      .where(and(eq(contestPrints.id, id), eq(contestPrints.cid, cid)))
      .returning({ id: contestPrints.id });
    return rows.length > 0;
  },

  /** Each user's first AC per contest problem inside the window (DISTINCT ON over submissions_contest_cell_idx),
   * with first blood among non-star users and the balloon state; unchecked first, then newest first. */
  async acInfoPage(w: ContestWindow, f: { starUsernames: string[]; offset: number; limit: number }) {
    const firsts = db
      .selectDistinctOn([submissions.uid, submissions.cpid], {
        submitId: submissions.submitId,
        uid: submissions.uid,
        cpid: submissions.cpid,
        submitTime: submissions.submitTime,
      })
      .from(submissions)
      .where(and(inContestWindow(w), eq(submissions.status, 0), ne(submissions.cpid, 0)))
      .orderBy(submissions.uid, submissions.cpid, asc(submissions.submitId))
      .as('firsts');
    const star = f.starUsernames.length ? inArray(users.username, f.starUsernames) : sql`false`;
    const ranked = db
      .select({
        submitId: firsts.submitId,
        uid: firsts.uid,
        cpid: firsts.cpid,
        submitTime: firsts.submitTime,
        username: users.username,
        realname: users.realname,
        pid: contestProblems.pid,
        displayId: contestProblems.displayId,
        color: contestProblems.color,
        checked: sql<boolean>`(${contestBalloons.uid} is not null)`.as('checked'),
        firstBlood:
          sql<boolean>`coalesce(${firsts.submitId} = min(${firsts.submitId}) filter (where not (${star})) over (partition by ${firsts.cpid}), false)`.as(
            'first_blood',
          ),
      })
      .from(firsts)
      .innerJoin(users, eq(users.uid, firsts.uid))
      .innerJoin(contestProblems, eq(contestProblems.id, firsts.cpid))
      .leftJoin(
        contestBalloons,
        and(eq(contestBalloons.cid, w.cid), eq(contestBalloons.uid, firsts.uid), eq(contestBalloons.cpid, firsts.cpid)),
      )
      .as('ranked');
    const [[{ total }], rows] = await Promise.all([
      db.select({ total: count() }).from(firsts),
      db
        .select()
        .from(ranked)
        .orderBy(asc(ranked.checked), desc(ranked.submitTime), desc(ranked.submitId))
        .limit(f.limit)
        .offset(f.offset),
    ]);
    return { total, rows };
  },

  async contestSubmission(cid: number, submitId: number) {
    const [row] = await db
      .select({ uid: submissions.uid, cpid: submissions.cpid })
      .from(submissions)
      .where(and(eq(submissions.submitId, submitId), eq(submissions.cid, cid)));
    return row;
  },

  async setBalloon(b: { cid: number; uid: string; cpid: number; at: Date }, delivered: boolean) {
    if (delivered) {
      await db
        .insert(contestBalloons)
        .values({ cid: b.cid, uid: b.uid, cpid: b.cpid, gmtModified: b.at })
        .onConflictDoNothing();
    } else {
      await db
        .delete(contestBalloons)
        .where(and(eq(contestBalloons.cid, b.cid), eq(contestBalloons.uid, b.uid), eq(contestBalloons.cpid, b.cpid)));
    }
  },

  /** Every submission in the window, oldest first, with the user's identity and the display id (scroll board). */
  async scrollBoardSubmissions(w: ContestWindow, f: { exceptUsernames: string[] }) {
    return db
      .select({
        uid: submissions.uid,
        username: users.username,
        nickname: users.nickname,
        realname: users.realname,
        school: users.school,
        avatar: users.avatar,
        gender: users.gender,
        submitId: submissions.submitId,
        status: submissions.status,
        submitTime: submissions.submitTime,
        displayId: contestProblems.displayId,
      })
      .from(submissions)
      .innerJoin(users, eq(users.uid, submissions.uid))
      .innerJoin(contestProblems, eq(contestProblems.id, submissions.cpid))
      .where(
        and(inContestWindow(w), f.exceptUsernames.length ? notInArray(users.username, f.exceptUsernames) : undefined),
      )
      .orderBy(asc(submissions.submitId));
  },
});
export type ContestStaffRepository = ReturnType<typeof createContestStaffRepository>;
