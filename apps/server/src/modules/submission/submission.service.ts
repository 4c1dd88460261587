import crypto from 'node:crypto';
import { JUDGE_STATUS, type TestRunReport } from '@oj/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { judgeCases, submissions } from '../../db/schema.js';
import { AppError, notFound } from '../../http/app-error.js';
import { createRateLimitRepository } from '../access/rate-limit.repository.js';
import type { JudgeQueue } from '../judge/judge-queue.service.js';
import type { ProblemRow } from '../problem/problem.repository.js';

export type SubmissionRow = typeof submissions.$inferSelect;

/** Test runs and checker compiles are interactive: they go before ordinary submissions; contest submissions
 * before practice. */
const PRIORITY = { practice: 0, contest: 1, testRun: 5, compileChecker: 9 } as const;

/** Submissions per statement when many are rejudged at once. */
const REQUEUE_CHUNK = 1000;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The internal services that create submissions and test runs and put them on the queue. The public endpoints
 * (validation of code, languages, permissions) sit in front of these and say which submit interval applies. */
export const createSubmissionService = (deps: { db: Db; queue: JudgeQueue; now?: () => Date }) => {
  const { db, queue } = deps;
  const now = deps.now ?? (() => new Date());
  const limits = createRateLimitRepository(db);

  /** The user's submit (or test-run) interval, taken in the transaction that creates the submission (or test run):
   * one statement on a per-user row, so parallel submits on any number of server instances let exactly one through
   * per interval (decision 0015). Without an interval (root, internal callers) nothing is kept; with 0 the time is
   * kept for an interval set later. */
  const takeInterval = async (tx: Tx, uid: string, scope: 'submit' | 'testRun', intervalS: number | undefined) => {
    if (intervalS === undefined) return;
    if (intervalS <= 0) return limits.restart({ uid, scope, at: now() }, tx);
    const taken = await limits.take({ uid, scope, at: now(), windowMs: intervalS * 1000, maxHits: 1 }, tx);
    if (!taken.ok) {
      throw new AppError(429, 'submitTooFrequent', { seconds: String(Math.ceil(taken.retryAfterMs / 1000)) });
    }
  };

  /** Puts the matching submissions back to Pending with a new judgement version each, drops their case results
   * and queued tasks, and queues them again: whatever an older attempt reports afterwards is ignored. */
  const requeue = async (tx: Tx, where: SQL): Promise<SubmissionRow[]> => {
    const rows = await tx
      .update(submissions)
      .set({
        status: JUDGE_STATUS.PENDING,
        version: sql`${submissions.version} + 1`,
        timeMs: null,
        memoryKb: null,
        score: null,
        oiRankScore: null,
        errorMessage: null,
        judger: null,
        isManual: 0,
        gmtModified: now(),
      })
      .where(where)
      .returning();
    // Judged again in the order they were sent.
    rows.sort((a, b) => a.submitId - b.submitId);
    // Bounded lists keep each statement well under PostgreSQL's parameter limit.
    for (let i = 0; i < rows.length; i += REQUEUE_CHUNK) {
      const chunk = rows.slice(i, i + REQUEUE_CHUNK);
      const ids = chunk.map((r) => r.submitId);
      await tx.delete(judgeCases).where(inArray(judgeCases.submitId, ids));
      await queue.retireQueuedOf(tx, ids);
      await queue.enqueueJudgements(
        tx,
        chunk.map((r) => ({
          language: r.language,
          submitId: r.submitId,
          version: r.version,
          priority: r.cid ? PRIORITY.contest : PRIORITY.practice,
        })),
      );
    }
    return rows;
  };

  return {
    async submit(s: {
      user: { uid: string; username: string };
      problem: ProblemRow;
      language: string;
      code: string;
      ip: string;
      cid?: number;
      cpid?: number;
      gid?: number | null;
      /** The training it is submitted to (a public submission all the same). */
      tid?: number;
      /** Seconds after the user's last submit (public or contest) before another is taken; none for root. */
      intervalS?: number;
    }): Promise<SubmissionRow> {
      return db.transaction(async (tx) => {
        await takeInterval(tx, s.user.uid, 'submit', s.intervalS);
        const [row] = await tx
          .insert(submissions)
          .values({
            pid: s.problem.id,
            displayPid: s.problem.problemId,
            uid: s.user.uid,
            username: s.user.username,
            submitTime: now(),
            status: JUDGE_STATUS.PENDING,
            length: Buffer.byteLength(s.code),
            code: s.code,
            language: s.language,
            cid: s.cid ?? 0,
            cpid: s.cpid ?? 0,
            gid: s.gid ?? null,
            tid: s.tid ?? null,
            ip: s.ip,
          })
          .returning();
        await queue.enqueue(
          {
            kind: 'judge',
            language: s.language,
            submitId: row.submitId,
            version: row.version,
            priority: row.cid ? PRIORITY.contest : PRIORITY.practice,
          },
          tx,
        );
        return row;
      });
    },

    /** Judges a submission again: a new judgement version, so whatever the old attempt reports is ignored. */
    async rejudge(submitId: number): Promise<SubmissionRow> {
      return db.transaction(async (tx) => {
        const [row] = await requeue(tx, eq(submissions.submitId, submitId));
        if (!row) throw notFound();
        return row;
      });
    },

    /** Every submission of one contest problem back to the queue, in one transaction (contest rejudge). */
    async rejudgeContestProblem(cid: number, cpid: number): Promise<number> {
      return db.transaction(async (tx) => {
        const rows = await requeue(tx, and(eq(submissions.cid, cid), eq(submissions.cpid, cpid)) as SQL);
        return rows.length;
      });
    },

    /** Sets a verdict by hand (manual judge) or cancels (status Cancelled): a new judgement version, and any
     * task still queued or running for the old one is retired, so a late report cannot overwrite this. */
    async setVerdictByHand(
      submitId: number,
      v: { status: number; score: number | null; oiRankScore: number | null; judger: string },
    ): Promise<SubmissionRow> {
      return db.transaction(async (tx) => {
        const [cur] = await tx.select().from(submissions).where(eq(submissions.submitId, submitId)).for('update');
        if (!cur) throw notFound();
        const [row] = await tx
          .update(submissions)
          .set({
            status: v.status,
            score: v.score,
            oiRankScore: v.oiRankScore,
            version: cur.version + 1,
            judger: v.judger,
            isManual: 1,
            gmtModified: now(),
          })
          .where(eq(submissions.submitId, submitId))
          .returning();
        await queue.retireQueuedOf(tx, submitId);
        return row;
      });
    },

    /** A test run with custom input (never a special judge); answers the key to poll with. */
    async testRun(s: {
      user: { uid: string };
      problem: ProblemRow;
      language: string;
      code: string;
      userInput: string;
      expectedOutput: string | null;
      /** Seconds after the user's last test run before another is taken (test runs jump the queue). */
      intervalS?: number;
    }): Promise<string> {
      const key = crypto.randomBytes(16).toString('hex');
      await db.transaction(async (tx) => {
        await takeInterval(tx, s.user.uid, 'testRun', s.intervalS);
        await queue.enqueue(
          {
            kind: 'testRun',
            language: s.language,
            priority: PRIORITY.testRun,
            publicKey: key,
            uid: s.user.uid,
            payload: { pid: s.problem.id, code: s.code, userInput: s.userInput, expectedOutput: s.expectedOutput },
          },
          tx,
        );
      });
      return key;
    },

    /** A test run's state for its owner: Pending until a judge reports. */
    async testRunResult(key: string, uid: string) {
      const task = await queue.taskByKey(key);
      if (!task || task.kind !== 'testRun' || task.uid !== uid) throw notFound();
      const payload = task.payload as { userInput: string; expectedOutput: string | null };
      const result = task.result as TestRunReport | null;
      return {
        status: result?.status ?? JUDGE_STATUS.PENDING,
        time: result?.time ?? null,
        memory: result?.memory ?? null,
        stderr: result?.stderr || result?.errorMessage || '',
        userInput: payload.userInput,
        expectedOutput: payload.expectedOutput,
        userOutput: result?.userOutput ?? null,
      };
    },

    /** The problem a test run is for (to tell the poller the problem's judge mode). */
    async testRunProblem(key: string): Promise<number | undefined> {
      const task = await queue.taskByKey(key);
      return (task?.payload as { pid?: number } | null)?.pid;
    },

    /** Compiles a checker or interactor on a judge and waits for the answer, at most 30 s (DESIGN §7). */
    async compileChecker(c: {
      code: string;
      language: string;
      mode: 'spj' | 'interactive';
      extraFiles: Record<string, string>;
    }) {
      const task = await queue.enqueue({
        kind: 'compileChecker',
        language: c.language,
        priority: PRIORITY.compileChecker,
        payload: { code: c.code, mode: c.mode, extraFiles: c.extraFiles },
      });
      const done = await queue.waitDone(task.id, 30_000);
      if (!done || (done.state !== 'done' && done.state !== 'failed')) {
        throw new AppError(500, 'judgeUnavailable');
      }
      return done.result as { ok: boolean; message: string };
    },
  };
};
export type SubmissionService = ReturnType<typeof createSubmissionService>;
