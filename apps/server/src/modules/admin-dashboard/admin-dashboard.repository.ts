import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contests, judges, judgeTasks, sessions, submissions, users } from '../../db/schema.js';

/** Read-only figures for the admin dashboard: users, today's judgements, judge workers and the open queue. */
export const createAdminDashboardRepository = (db: Db) => ({
  async userCount(): Promise<number> {
    const [{ n }] = await db.select({ n: count() }).from(users);
    return n;
  },

  async submissionsSince(since: Date): Promise<number> {
    const [{ n }] = await db.select({ n: count() }).from(submissions).where(gte(submissions.submitTime, since));
    return n;
  },

  judges: () => db.select().from(judges).orderBy(asc(judges.name)),

  /** The user's newest session that is neither `currentId` nor replaced by a refresh (the previous login). */
  async previousSession(uid: string, currentId: number) {
    const rows = await db
      .select()
      .from(sessions)
      .where(and(eq(sessions.uid, uid), isNull(sessions.replacedAt)))
      .orderBy(desc(sessions.createdAt), desc(sessions.id))
      .limit(2);
    return rows.find((r) => r.id !== currentId);
  },

  sessionById: async (id: number) => (await db.select().from(sessions).where(eq(sessions.id, id)))[0],

  /** Site contests (not a group's) not yet ended and starting within `horizon`, hidden ones too, soonest first. */
  recentContests: (now: Date, horizon: Date, limit: number) =>
    db
      .select()
      .from(contests)
      .where(and(isNull(contests.gid), gt(contests.endTime, now), lt(contests.startTime, horizon)))
      .orderBy(asc(contests.startTime))
      .limit(limit),

  /** Queued and running tasks in claim order (the order the queue hands them out), with their submission. */
  openTasks: (limit: number) =>
    db
      .select({
        id: judgeTasks.id,
        kind: judgeTasks.kind,
        submitId: judgeTasks.submitId,
        language: judgeTasks.language,
        state: judgeTasks.state,
        attempt: judgeTasks.attempt,
        priority: judgeTasks.priority,
        leaseOwner: judgeTasks.leaseOwner,
        lastError: judgeTasks.lastError,
        createdAt: judgeTasks.createdAt,
        problemId: submissions.displayPid,
        username: submissions.username,
        status: submissions.status,
      })
      .from(judgeTasks)
      .leftJoin(submissions, eq(submissions.submitId, judgeTasks.submitId))
      .where(inArray(judgeTasks.state, ['queued', 'running']))
      .orderBy(desc(judgeTasks.priority), asc(judgeTasks.id))
      .limit(limit),
});
export type AdminDashboardRepository = ReturnType<typeof createAdminDashboardRepository>;
