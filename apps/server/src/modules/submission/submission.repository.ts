import { JUDGE_STATUS } from '@oj/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { judgeCases, problems, submissions } from '../../db/schema.js';

export type SubmissionRow = typeof submissions.$inferSelect;
export type NewSubmission = typeof submissions.$inferInsert;

/** A judgement started over: Pending, nothing of the old verdict kept. */
const judgementCleared = {
  status: JUDGE_STATUS.PENDING,
  timeMs: null,
  memoryKb: null,
  score: null,
  oiRankScore: null,
  errorMessage: null,
  judger: null,
  isManual: 0,
};

/** The SQL of creating and judging submissions again (submission.service.ts): each step runs in the transaction it
 * is given, the service's `transaction`. */
export const createSubmissionRepository = (db: Db) => ({
  transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),

  insert: async (tx: Tx, values: NewSubmission) => (await tx.insert(submissions).values(values).returning())[0],

  lock: async (tx: Tx, submitId: number): Promise<SubmissionRow | undefined> =>
    (await tx.select().from(submissions).where(eq(submissions.submitId, submitId)).for('update'))[0],

  /** Ends a submission at once in System Error with the reason, stamped `at`. */
  endInSystemError: async (tx: Tx, submitId: number, errorMessage: string, at: Date) =>
    (
      await tx
        .update(submissions)
        .set({ status: JUDGE_STATUS.SYSTEM_ERROR, errorMessage, gmtModified: at })
        .where(eq(submissions.submitId, submitId))
        .returning()
    )[0],

  /** A System Error with the reason, the submission's modification time left as it was. */
  markSystemError: (tx: Tx, submitId: number, errorMessage: string) =>
    tx
      .update(submissions)
      .set({ status: JUDGE_STATUS.SYSTEM_ERROR, errorMessage })
      .where(eq(submissions.submitId, submitId)),

  /** The remote problems among `pids`. */
  remoteProblems: (tx: Tx, pids: number[]) =>
    tx
      .select({ id: problems.id, problemId: problems.problemId, isRemote: problems.isRemote })
      .from(problems)
      .where(and(inArray(problems.id, pids), eq(problems.isRemote, 1))),

  /** Forgets the runs on the remote site (and the accounts that made them): the next judgement submits afresh. */
  clearRemoteRuns: (tx: Tx, submitIds: number[]) =>
    tx
      .update(submissions)
      .set({ vjudgeSubmitId: null, vjudgeUsername: null })
      .where(inArray(submissions.submitId, submitIds)),

  /** One submission (`submitId`) or every submission of a contest problem (`cid`, `cpid`) back to Pending, each with
   * its next judgement version; answers the rows as they are now. */
  clearJudgements: (tx: Tx, which: { submitId: number } | { cid: number; cpid: number }, at: Date) =>
    tx
      .update(submissions)
      .set({ ...judgementCleared, version: sql`${submissions.version} + 1`, gmtModified: at })
      .where(
        'submitId' in which
          ? eq(submissions.submitId, which.submitId)
          : (and(eq(submissions.cid, which.cid), eq(submissions.cpid, which.cpid)) as SQL),
      )
      .returning(),

  /** One submission back to Pending with judgement version `version`. */
  clearJudgement: async (tx: Tx, submitId: number, version: number, at: Date) =>
    (
      await tx
        .update(submissions)
        .set({ ...judgementCleared, version, gmtModified: at })
        .where(eq(submissions.submitId, submitId))
        .returning()
    )[0],

  /** A verdict given by hand, under judgement version `version`. */
  setVerdictByHand: async (
    tx: Tx,
    submitId: number,
    v: { status: number; score: number | null; oiRankScore: number | null; judger: string; version: number; at: Date },
  ) =>
    (
      await tx
        .update(submissions)
        .set({
          status: v.status,
          score: v.score,
          oiRankScore: v.oiRankScore,
          version: v.version,
          judger: v.judger,
          isManual: 1,
          gmtModified: v.at,
        })
        .where(eq(submissions.submitId, submitId))
        .returning()
    )[0],

  deleteCases: (tx: Tx, submitIds: number[]) => tx.delete(judgeCases).where(inArray(judgeCases.submitId, submitIds)),
});
export type SubmissionRepository = ReturnType<typeof createSubmissionRepository>;
