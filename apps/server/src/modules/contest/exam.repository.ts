import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  contestClarifications,
  contestExamEvents,
  contestExamSessions,
  contestProblems,
  contestRegisters,
  contests,
  problems,
  sessions,
  submissions,
  users,
} from '../../db/schema.js';

export type ExamBindingRow = typeof contestExamSessions.$inferSelect;

/** What an exam's participants call against (decision 0055): the exams not ended yet with their registrations, the
 * login that holds each participant's exam (`contest_exam_sessions`), its events, and the sessions a binding ends.
 * The sessions are the auth area's table: a binding and the sessions it ends change in one transaction here. */
export const createExamRepository = (db: Db) => {
  /** Whether a login (a chain of sessions, `coalesce(login_id, id)`) has a session still in use. */
  const liveLogin = (uid: string | AnyPgColumn, loginId: number | AnyPgColumn, at: Date) =>
    sql<boolean>`exists (select 1 from ${sessions} where ${sessions.uid} = ${uid}
      and coalesce(${sessions.loginId}, ${sessions.id}) = ${loginId}
      and ${sessions.revokedAt} is null and ${sessions.expiresAt} > ${at})`;

  return {
    /** The exams that have not ended at `at` (running or to come), with what the policy needs of each. */
    async examsFrom(at: Date) {
      return db
        .select({
          id: contests.id,
          title: contests.title,
          uid: contests.uid,
          gid: contests.gid,
          startTime: contests.startTime,
          endTime: contests.endTime,
          examSessionPolicy: contests.examSessionPolicy,
          allowedAddresses: contests.allowedAddresses,
        })
        .from(contests)
        .where(and(eq(contests.examMode, 1), gt(contests.endTime, at)));
    },

    /** The registered users of the contests. */
    async registrants(cids: number[]) {
      if (cids.length === 0) return [];
      return db
        .select({ cid: contestRegisters.cid, uid: contestRegisters.uid })
        .from(contestRegisters)
        .where(inArray(contestRegisters.cid, cids));
    },

    /** The login that holds (or last held) a participant's exam, and whether it still holds it: not ended by an admin
     * and with a session in use. */
    async binding(cid: number, uid: string, at: Date) {
      const [row] = await db
        .select({ binding: contestExamSessions, live: liveLogin(uid, contestExamSessions.loginId, at) })
        .from(contestExamSessions)
        .where(and(eq(contestExamSessions.cid, cid), eq(contestExamSessions.uid, uid)));
      return row ? { ...row.binding, live: !!row.live && row.binding.endedAt === null } : undefined;
    },

    /**
     * Makes `loginId` hold the participant's exam and ends every other session of his, in one transaction: the
     * binding row is locked first, so of two logins at once one decides after the other. `takeOver` (a login under
     * `replace`) takes it from another live login; otherwise another live login keeps it and nothing changes.
     * Answers whether the login holds it now and the live login it took it from, if any.
     */
    async claim(b: { cid: number; uid: string; loginId: number; ip: string; at: Date; takeOver: boolean }) {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(contestExamSessions)
          .values({ cid: b.cid, uid: b.uid, loginId: b.loginId, ip: b.ip, boundAt: b.at })
          .onConflictDoNothing()
          .returning({ cid: contestExamSessions.cid });
        let replaced: number | undefined;
        if (inserted.length === 0) {
          const [held] = await tx
            .select()
            .from(contestExamSessions)
            .where(and(eq(contestExamSessions.cid, b.cid), eq(contestExamSessions.uid, b.uid)))
            .for('update');
          if (held.loginId !== b.loginId || held.endedAt !== null) {
            // A statement after the lock: it sees every session committed before it.
            const [{ live }] = await tx
              .select({ live: liveLogin(b.uid, held.loginId, b.at) })
              .from(contestExamSessions)
              .where(and(eq(contestExamSessions.cid, b.cid), eq(contestExamSessions.uid, b.uid)));
            const heldLive = !!live && held.endedAt === null && held.loginId !== b.loginId;
            if (heldLive && !b.takeOver) return { holds: false, replaced: undefined };
            if (heldLive) replaced = held.loginId;
            await tx
              .update(contestExamSessions)
              .set({ loginId: b.loginId, ip: b.ip, boundAt: b.at, endedAt: null })
              .where(and(eq(contestExamSessions.cid, b.cid), eq(contestExamSessions.uid, b.uid)));
          }
        }
        await tx
          .update(sessions)
          .set({ revokedAt: b.at })
          .where(
            and(
              eq(sessions.uid, b.uid),
              isNull(sessions.revokedAt),
              ne(sql`coalesce(${sessions.loginId}, ${sessions.id})`, b.loginId),
            ),
          );
        return { holds: true, replaced };
      });
    },

    /** An admin ends a participant's session: every session of his is revoked and the binding cleared. */
    async end(cid: number, uid: string, at: Date) {
      await db.transaction(async (tx) => {
        await tx
          .update(sessions)
          .set({ revokedAt: at })
          .where(and(eq(sessions.uid, uid), isNull(sessions.revokedAt)));
        await tx
          .update(contestExamSessions)
          .set({ endedAt: at })
          .where(
            and(
              eq(contestExamSessions.cid, cid),
              eq(contestExamSessions.uid, uid),
              isNull(contestExamSessions.endedAt),
            ),
          );
      });
    },

    async addEvent(e: { cid: number; uid: string; kind: string; ip: string; userAgent: string; at: Date }) {
      await db.insert(contestExamEvents).values({
        cid: e.cid,
        uid: e.uid,
        kind: e.kind,
        ip: e.ip,
        userAgent: e.userAgent.slice(0, 500),
        gmtCreate: e.at,
      });
    },

    async isRegistered(cid: number, uid: string) {
      const rows = await db
        .select({ uid: contestRegisters.uid })
        .from(contestRegisters)
        .where(and(eq(contestRegisters.cid, cid), eq(contestRegisters.uid, uid)));
      return rows.length > 0;
    },

    /** The contest's registered users with the binding each has, by username. */
    async participants(cid: number, at: Date) {
      return db
        .select({
          uid: users.uid,
          username: users.username,
          realname: users.realname,
          loginId: contestExamSessions.loginId,
          ip: contestExamSessions.ip,
          boundAt: contestExamSessions.boundAt,
          endedAt: contestExamSessions.endedAt,
          live: sql<boolean>`case when ${contestExamSessions.loginId} is null then false
            else ${liveLogin(users.uid, contestExamSessions.loginId, at)} end`,
        })
        .from(contestRegisters)
        .innerJoin(users, eq(users.uid, contestRegisters.uid))
        .leftJoin(
          contestExamSessions,
          and(eq(contestExamSessions.cid, contestRegisters.cid), eq(contestExamSessions.uid, contestRegisters.uid)),
        )
        .where(eq(contestRegisters.cid, cid))
        .orderBy(users.username);
    },

    /** The contest's latest events, newest first. */
    async events(cid: number, limit: number) {
      return db
        .select({
          id: contestExamEvents.id,
          username: users.username,
          kind: contestExamEvents.kind,
          ip: contestExamEvents.ip,
          userAgent: contestExamEvents.userAgent,
          gmtCreate: contestExamEvents.gmtCreate,
        })
        .from(contestExamEvents)
        .innerJoin(users, eq(users.uid, contestExamEvents.uid))
        .where(eq(contestExamEvents.cid, cid))
        .orderBy(desc(contestExamEvents.id))
        .limit(limit);
    },

    /** The contest a submission was made in (0: none). */
    async submissionCid(submitId: number) {
      const [row] = await db
        .select({ cid: submissions.cid })
        .from(submissions)
        .where(eq(submissions.submitId, submitId));
      return row?.cid;
    },

    /** The contest a clarification is of. */
    async clarificationCid(id: number) {
      const [row] = await db
        .select({ cid: contestClarifications.cid })
        .from(contestClarifications)
        .where(eq(contestClarifications.id, id));
      return row?.cid;
    },

    /** The contests a problem (by its display id in the bank) is in. */
    async contestsOfProblem(problemId: string) {
      const rows = await db
        .select({ cid: contestProblems.cid })
        .from(contestProblems)
        .innerJoin(problems, eq(problems.id, contestProblems.pid))
        .where(sql`lower(${problems.problemId}) = lower(${problemId})`);
      return rows.map((r) => r.cid);
    },
  };
};
export type ExamRepository = ReturnType<typeof createExamRepository>;
