import crypto from 'node:crypto';
import { JUDGE_STATUS, type TestRunReport } from '@oj/shared';
import type { Tx } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../http/app-error.js';
import type { SubmitIntervalLimits } from '../access/rate-limit-store.js';
import { type JudgeQueue, NO_ACCOUNT_REASON, type RemotePayload } from '../judge/judge-queue.service.js';
import type { ProblemRow } from '../problem/problem-queries.js';
import type { RatingStaleMarks } from '../rating/rating-queries.js';
import { type RemoteSites, remoteLanguageOf, remoteProblemOf } from '../remote-judge/remote-sites.js';
import type { SubmissionRepository, SubmissionRow } from './submission.repository.js';
import { scoringPlaceOf, verdictScore } from './verdict-score.js';

export type { SubmissionRow } from './submission.repository.js';

/** Test runs and checker compiles are interactive: they go before ordinary submissions; contest submissions
 * before practice. */
const PRIORITY = { practice: 0, contest: 1, testRun: 5, compileChecker: 9 } as const;

/** Submissions per statement when many are rejudged at once. */
const REQUEUE_CHUNK = 1000;

/** A checker or interactor to compile on a judge: its code, language, mode and judge files. */
interface CheckerCompile {
  code: string;
  language: string;
  mode: 'spj' | 'interactive';
  extraFiles: Record<string, string>;
  /** The saved problem it belongs to, whose checker state the answer sets; none for the editor's compile button. */
  pid?: number;
}

/** The internal services that create submissions and test runs and put them on the queue. The public endpoints
 * (validation of code, languages, permissions) sit in front of these and say which submit interval applies. */
export const createSubmissionService = (deps: {
  /** The submissions' SQL (submission.repository.ts). */
  repo: SubmissionRepository;
  queue: JudgeQueue;
  /** The per-user submit interval (the access area's limits). */
  limits: SubmitIntervalLimits;
  now?: () => Date;
  /** The remote judges' languages (a remote problem's submission names the site's language). */
  remoteSites?: RemoteSites;
  /** A contest submission judged again or by hand makes the contest's ratings due again (decision 0046). */
  ratings: RatingStaleMarks;
}) => {
  const { repo, queue, limits } = deps;
  const now = deps.now ?? (() => new Date());
  const sites = deps.remoteSites ?? {};

  /** A remote problem's task payload for a submission in `language`, or null for a local problem; 400 when the
   * site has no such language. */
  const remotePayload = (problem: Pick<ProblemRow, 'isRemote' | 'problemId'>, language: string) => {
    const remote = problem.isRemote === 1 ? remoteProblemOf(problem.problemId) : null;
    if (!remote) return null;
    const lang = remoteLanguageOf(sites, remote.oj, language);
    if (!lang) throw badRequest('remoteLanguageNotAllowed', 'language', { name: remote.oj });
    return { oj: remote.oj, remoteProblemId: remote.remoteId, languageRemoteId: lang.remoteId } satisfies RemotePayload;
  };

  /** Queues a remote submission (its version), or ends it at once in System Error when the site's pool has no
   * account (never a stuck Pending). */
  const enqueueRemote = async (tx: Tx, row: SubmissionRow, payload: RemotePayload) => {
    if ((await queue.remotePoolSize(payload.oj, tx)) === 0)
      return repo.endInSystemError(tx, row.submitId, NO_ACCOUNT_REASON(payload.oj), now());
    await queue.enqueue(
      {
        kind: 'remote',
        language: row.language,
        submitId: row.submitId,
        version: row.version,
        priority: row.cid ? PRIORITY.contest : PRIORITY.practice,
        payload,
      },
      tx,
    );
    return row;
  };

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
  /** The rows of remote problems among `rows`, with their task payloads (their run ids cleared). */
  const remoteRows = async (tx: Tx, rows: SubmissionRow[]) => {
    const out = new Map<SubmissionRow, RemotePayload | null>();
    const pids = [...new Set(rows.map((r) => r.pid))];
    if (!pids.length) return out;
    const remote = await repo.remoteProblems(tx, pids);
    if (!remote.length) return out;
    const byId = new Map(remote.map((p) => [p.id, p]));
    const ids: number[] = [];
    for (const r of rows) {
      const p = byId.get(r.pid);
      if (!p) continue;
      ids.push(r.submitId);
      try {
        out.set(r, remotePayload(p, r.language));
      } catch {
        // A language the site no longer has: System Error, never a local judgement of a remote problem.
        out.set(r, null);
        await repo.markSystemError(tx, r.submitId, `${r.language}: not a language of the remote judge`);
      }
    }
    if (ids.length) await repo.clearRemoteRuns(tx, ids);
    return out;
  };

  const requeue = async (
    tx: Tx,
    which: { submitId: number } | { cid: number; cpid: number },
  ): Promise<SubmissionRow[]> => {
    const rows = await repo.clearJudgements(tx, which, now());
    for (const cid of new Set(rows.map((r) => r.cid))) if (cid) await deps.ratings.markStale(tx, { cid });
    // Judged again in the order they were sent.
    rows.sort((a, b) => a.submitId - b.submitId);
    // Bounded lists keep each statement well under PostgreSQL's parameter limit.
    for (let i = 0; i < rows.length; i += REQUEUE_CHUNK) {
      const chunk = rows.slice(i, i + REQUEUE_CHUNK);
      const ids = chunk.map((r) => r.submitId);
      await repo.deleteCases(tx, ids);
      await queue.retireQueuedOf(tx, ids);
      // A remote problem's submission is submitted to its site again (a fresh run: the old run id is dropped).
      const remote = await remoteRows(tx, chunk);
      for (const [r, payload] of remote) if (payload) await enqueueRemote(tx, r, payload);
      await queue.enqueueJudgements(
        tx,
        chunk
          .filter((r) => !remote.has(r))
          .map((r) => ({
            language: r.language,
            submitId: r.submitId,
            version: r.version,
            priority: r.cid ? PRIORITY.contest : PRIORITY.practice,
          })),
      );
    }
    return rows;
  };

  /** The one compile task of a checker, whether the caller waits for it (the compile button) or not (a save). */
  const enqueueCheckerCompile = (c: CheckerCompile) =>
    queue.enqueue({
      kind: 'compileChecker',
      language: c.language,
      priority: PRIORITY.compileChecker,
      payload: { code: c.code, mode: c.mode, extraFiles: c.extraFiles, ...(c.pid === undefined ? {} : { pid: c.pid }) },
    });

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
      /** The virtual participation it is made in (a contest submission after the end, never on the real board). */
      vrid?: number;
      /** Seconds after the user's last submit (public or contest) before another is taken; none for root. */
      intervalS?: number;
    }): Promise<SubmissionRow> {
      const remote = remotePayload(s.problem, s.language);
      return repo.transaction(async (tx) => {
        await takeInterval(tx, s.user.uid, 'submit', s.intervalS);
        const row = await repo.insert(tx, {
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
          vrid: s.vrid ?? null,
          ip: s.ip,
        });
        if (remote) return enqueueRemote(tx, row, remote);
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
      return repo.transaction(async (tx) => {
        const [row] = await requeue(tx, { submitId });
        if (!row) throw notFound();
        return row;
      });
    },

    /** The owner's resubmit of a remote submission: a new judgement version; with a run id on the
     * site it is only polled again, with the account that submitted it (waiting while that account is busy);
     * without one it is submitted again. */
    async resubmitRemote(submitId: number, problem: ProblemRow): Promise<SubmissionRow> {
      return repo.transaction(async (tx) => {
        const cur = await repo.lock(tx, submitId);
        if (!cur) throw notFound();
        const payload = remotePayload(problem, cur.language);
        if (!payload) throw badRequest('resubmitNotAllowed');
        const repoll = cur.vjudgeSubmitId !== null && cur.vjudgeUsername !== null;
        const row = await repo.clearJudgement(tx, submitId, cur.version + 1, now());
        if (cur.cid) await deps.ratings.markStale(tx, { cid: cur.cid });
        await queue.retireQueuedOf(tx, submitId);
        return enqueueRemote(tx, row, repoll ? { ...payload, account: cur.vjudgeUsername as string } : payload);
      });
    },

    /** Every submission of one contest problem back to the queue, in one transaction (contest rejudge). */
    async rejudgeContestProblem(cid: number, cpid: number): Promise<number> {
      return repo.transaction(async (tx) => {
        const rows = await requeue(tx, { cid, cpid });
        return rows.length;
      });
    },

    /** Sets a verdict by hand (manual judge) or cancels (status Cancelled): a new judgement version, and any
     * task still queued or running for the old one is retired, so a late report cannot overwrite this. `score` is
     * an OI-type problem's; the stored one follows verdict-score.ts (an ACM-type problem in an OI contest scores by
     * its verdict). */
    async setVerdictByHand(
      submitId: number,
      v: { status: number; score: number | null; oiRankScore: number | null; judger: string },
    ): Promise<SubmissionRow> {
      return repo.transaction(async (tx) => {
        const cur = await repo.lock(tx, submitId);
        if (!cur) throw notFound();
        const place = await scoringPlaceOf(tx, cur.pid, cur.cid);
        const score = place ? verdictScore(place, v.status, v.score) : v.score;
        const row = await repo.setVerdictByHand(tx, submitId, { ...v, score, version: cur.version + 1, at: now() });
        if (cur.cid) await deps.ratings.markStale(tx, { cid: cur.cid });
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
      // A remote problem's test run runs here, in the local language the site's language maps to.
      const remote = s.problem.isRemote === 1 ? remoteProblemOf(s.problem.problemId) : null;
      const language = remote ? remoteLanguageOf(sites, remote.oj, s.language)?.local : s.language;
      if (!language) throw badRequest('remoteLanguageNotAllowed', 'language', { name: remote?.oj ?? '' });
      await repo.transaction(async (tx) => {
        await takeInterval(tx, s.user.uid, 'testRun', s.intervalS);
        await queue.enqueue(
          {
            kind: 'testRun',
            language,
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
        /** The language it was compiled in (a remote problem's test run: the local one), to read its compile error. */
        language: task.language,
      };
    },

    /** The problem a test run is for (to tell the poller the problem's judge mode). */
    async testRunProblem(key: string): Promise<number | undefined> {
      const task = await queue.taskByKey(key);
      return (task?.payload as { pid?: number } | null)?.pid;
    },

    /** Queues a saved problem's checker or interactor compile without waiting: the judge queue stores its answer on
     * the problem (checker_state, judge-queue.service.ts). */
    async queueCheckerCompile(c: CheckerCompile & { pid: number }) {
      await enqueueCheckerCompile(c);
    },

    /** Compiles a checker or interactor on a judge and waits for the answer, at most 30 s. */
    async compileChecker(c: CheckerCompile) {
      const task = await enqueueCheckerCompile(c);
      const done = await queue.waitDone(task.id, 30_000);
      if (!done || (done.state !== 'done' && done.state !== 'failed')) {
        throw new AppError(500, 'judgeUnavailable');
      }
      return done.result as { ok: boolean; message: string };
    },
  };
};
export type SubmissionService = ReturnType<typeof createSubmissionService>;
