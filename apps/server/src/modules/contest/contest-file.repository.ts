import { JUDGE_STATUS } from '@oj/shared';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contestProblems, submissions, users } from '../../db/schema.js';
import { type ContestWindow, inContestWindow } from './contest.repository.js';

/** Which submission of a (user, contest problem) goes into the code download: the latest AC (ACM), or the one the
 * OI board counts: the latest judged (Recent) or the best score, the latest among equals (Highest). */
export type CodePick = 'acm' | 'oiRecent' | 'oiHighest';

/** Tries without a verdict yet: the board does not count them (contest-ranking.ts summarizeCell). */
const UNJUDGED = [JUDGE_STATUS.PENDING, JUDGE_STATUS.COMPILING, JUDGE_STATUS.JUDGING, JUDGE_STATUS.SUBMITTING];

/** The contest downloads' read: the submissions whose code goes into the zip. */
export const createContestFileRepository = (db: Db) => ({
  /** One submission per (user, contest problem) of the contest window, picked in SQL. */
  async pickedSubmissions(w: ContestWindow, pick: CodePick) {
    const verdicts =
      pick === 'acm'
        ? eq(submissions.status, JUDGE_STATUS.ACCEPTED)
        : notInArray(submissions.status, UNJUDGED as number[]);
    const order =
      pick === 'oiHighest'
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
      .where(and(inContestWindow(w), verdicts))
      .orderBy(submissions.uid, submissions.cpid, ...order);
  },
});
export type ContestFileRepository = ReturnType<typeof createContestFileRepository>;
