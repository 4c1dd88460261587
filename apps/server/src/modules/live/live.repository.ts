import { IN_PROGRESS_STATUSES, JUDGE_STATUS } from '@oj/shared';
import { and, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  contestAnnouncements,
  contestClarifications,
  contests,
  eventStreams,
  eventTickets,
  judgeTasks,
  submissions,
  trainings,
} from '../../db/schema.js';

/** A stream row not refreshed for this long belongs to an instance that died: it no longer counts. */
export const STREAM_STALE_MS = 60_000;

/** What the live updates keep in the database (decision 0034): single-use tickets and the open streams of every
 * instance, so the per-user limit holds across instances; and what a stream sends when it (re)opens. */
export const createLiveRepository = (db: Db) => ({
  async insertTicket(ticketHash: string, sessionHash: string, expiresAt: Date) {
    await db.insert(eventTickets).values({ ticketHash, sessionHash, expiresAt });
  },

  /** The session hash behind a live ticket; the ticket is used up either way (of parallel uses exactly one gets
   * it). */
  async takeTicket(ticketHash: string, at: Date): Promise<string | undefined> {
    const [row] = await db.delete(eventTickets).where(eq(eventTickets.ticketHash, ticketHash)).returning();
    return row && row.expiresAt > at ? row.sessionHash : undefined;
  },

  async purgeTickets(at: Date) {
    await db.delete(eventTickets).where(lt(eventTickets.expiresAt, at));
  },

  /** Records a stream unless the user already holds `limit` live ones; the user's streams are counted under a
   * transaction-scoped advisory lock, so parallel opens cannot both take the last place. */
  async openStream(row: { id: string; uid: string; instance: string }, limit: number, at: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`oj_live:${row.uid}`}))`);
      const [{ n }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(eventStreams)
        .where(and(eq(eventStreams.uid, row.uid), gt(eventStreams.seenAt, new Date(at.getTime() - STREAM_STALE_MS))));
      if (n >= limit) return false;
      await tx.insert(eventStreams).values({ ...row, seenAt: at });
      return true;
    });
  },

  async closeStream(id: string) {
    await db.delete(eventStreams).where(eq(eventStreams.id, id));
  },

  /** The instance's streams are alive (every heartbeat); rows other instances left behind go. */
  async touchStreams(instance: string, at: Date) {
    await db.update(eventStreams).set({ seenAt: at }).where(eq(eventStreams.instance, instance));
    await db.delete(eventStreams).where(lt(eventStreams.seenAt, new Date(at.getTime() - 2 * STREAM_STALE_MS)));
  },

  async closeInstance(instance: string) {
    await db.delete(eventStreams).where(eq(eventStreams.instance, instance));
  },

  /** The user's submissions a reopened stream tells again: those in progress, and those changed since `since`
   * (newest first, at most 50). */
  async submissionsToResend(uid: string, since: Date | undefined): Promise<number[]> {
    const moving = [...IN_PROGRESS_STATUSES, JUDGE_STATUS.SUBMITTING];
    const rows = await db
      .select({ submitId: submissions.submitId })
      .from(submissions)
      .where(
        and(
          eq(submissions.uid, uid),
          since
            ? or(inArray(submissions.status, moving), gt(submissions.gmtModified, since))
            : inArray(submissions.status, moving),
        ),
      )
      .orderBy(desc(submissions.submitId))
      .limit(50);
    return rows.map((r) => r.submitId);
  },

  /** The contest's announcements posted since `since`, oldest first. */
  /** The groups of these submissions' trainings and contests (a group's gradebook follows them). */
  async groupsOfSubmissions(ids: number[]): Promise<number[]> {
    const r = (await db.execute(sql`
      select distinct coalesce(t.gid, c.gid) as gid from ${submissions} s
      left join ${trainings} t on t.id = s.tid
      left join ${contests} c on s.cid <> 0 and c.id = s.cid
      where s.submit_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) and coalesce(t.gid, c.gid) is not null`)) as unknown as { rows: { gid: number }[] };
    return r.rows.map((x) => Number(x.gid));
  },

  async announcementsSince(cid: number, since: Date): Promise<number[]> {
    const rows = await db
      .select({ id: contestAnnouncements.id })
      .from(contestAnnouncements)
      .where(and(eq(contestAnnouncements.cid, cid), gt(contestAnnouncements.gmtCreate, since)))
      .orderBy(contestAnnouncements.id);
    return rows.map((r) => r.id);
  },

  /** The contest's clarifications asked, answered or broadcast since `since`, oldest first, with their askers and
   * whether they were answered to all (who may hear of each). */
  async clarificationsSince(cid: number, since: Date) {
    return db
      .select({ id: contestClarifications.id, uid: contestClarifications.uid, toAll: contestClarifications.toAll })
      .from(contestClarifications)
      .where(and(eq(contestClarifications.cid, cid), gt(contestClarifications.gmtModified, since)))
      .orderBy(contestClarifications.id);
  },

  /** The submission and owner of a judge task, when (taskId, attempt) is the worker's current judging attempt. */
  async judgingTask(name: string, taskId: number, attempt: number) {
    const [row] = await db
      .select({ submitId: submissions.submitId, uid: submissions.uid })
      .from(judgeTasks)
      .innerJoin(
        submissions,
        and(eq(submissions.submitId, judgeTasks.submitId), eq(submissions.version, judgeTasks.version)),
      )
      .where(
        and(
          eq(judgeTasks.id, taskId),
          eq(judgeTasks.attempt, attempt),
          eq(judgeTasks.state, 'running'),
          eq(judgeTasks.kind, 'judge'),
          eq(judgeTasks.leaseOwner, name),
        ),
      );
    return row;
  },
});
export type LiveRepository = ReturnType<typeof createLiveRepository>;
