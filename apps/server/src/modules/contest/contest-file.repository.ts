import { ADMIN_ROLES, JUDGE_STATUS } from '@oj/shared';
import { and, desc, eq, gte, inArray, lt, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contestProblems, roles, submissions, userRoles, users } from '../../db/schema.js';

/** Which submission of a (user, contest problem) goes into the code download: the latest AC (ACM), or the one the
 * OI board counts: the latest judged (Recent) or the best score, the latest among equals (Highest). */
export type CodePick = 'acm' | 'oiRecent' | 'oiHighest';

/** Tries without a verdict yet: the board does not count them (contest-ranking.ts summarizeCell). */
const UNJUDGED = [JUDGE_STATUS.PENDING, JUDGE_STATUS.COMPILING, JUDGE_STATUS.JUDGING, JUDGE_STATUS.SUBMITTING];

/** The contest downloads' reads: problems with their full score, admin-role holders, and picked submissions. */
export const createContestFileRepository = (db: Db) => ({
  /** Users holding root, admin or problem_admin. */
  async adminRoleUids(): Promise<string[]> {
    const rows = await db
      .selectDistinct({ uid: userRoles.uid })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(inArray(roles.role, ADMIN_ROLES));
    return rows.map((r) => r.uid);
  },

  /** One submission per (user, contest problem) of the contest submitted in [start, end), picked in SQL. */
  async pickedSubmissions(f: { cid: number; start: Date; end: Date; pick: CodePick; excludedUids: string[] }) {
    const where: SQL[] = [
      eq(submissions.cid, f.cid),
      gte(submissions.submitTime, f.start),
      lt(submissions.submitTime, f.end),
      f.pick === 'acm'
        ? eq(submissions.status, JUDGE_STATUS.ACCEPTED)
        : notInArray(submissions.status, UNJUDGED as number[]),
    ];
    if (f.excludedUids.length) where.push(notInArray(submissions.uid, f.excludedUids));
    const order =
      f.pick === 'oiHighest'
        ? [sql`coalesce(${submissions.score}, 0) desc`, desc(submissions.submitId)]
        : [desc(submissions.submitId)];
    return db
      .selectDistinctOn([submissions.uid, submissions.cpid], {
        submitId: submissions.submitId,
        uid: submissions.uid,
        username: users.username,
        displayId: contestProblems.displayId,
        language: submissions.language,
        code: submissions.code,
        submitTime: submissions.submitTime,
      })
      .from(submissions)
      .innerJoin(contestProblems, eq(contestProblems.id, submissions.cpid))
      .innerJoin(users, eq(users.uid, submissions.uid))
      .where(and(...where))
      .orderBy(submissions.uid, submissions.cpid, ...order);
  },
});
export type ContestFileRepository = ReturnType<typeof createContestFileRepository>;
