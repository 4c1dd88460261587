import { EventEmitter } from 'node:events';
import {
  type CompileReport,
  JUDGE_STATUS,
  type JudgeReport,
  type JudgeTask,
  type ProblemForWorker,
  type RemoteJudgeTask,
  type TestRunReport,
} from '@oj/shared';
import type { NotifyBus } from '../../db/notify-bus.js';
import type { ProblemDetails, ProblemRow } from '../problem/problem-queries.js';
import type { JudgeQueueRepository, SubmissionValues, JudgeTaskRow as TaskRow, Tx } from './judge-queue.repository.js';

export const LEASE_MS = 30_000;
export const MAX_ATTEMPTS = 3;
/** A judge that has not been heard from for this long no longer counts for the languages on offer. */
export const JUDGE_ALIVE_MS = 60_000;
const JUDGE_RECORD_MIN_MS = 1000;
/** How long a submission waits for a judge of its language before it ends in System Error (decision 0036;
 * OJ_JUDGE_LANGUAGE_WAIT_MINUTES). */
export const LANGUAGE_WAIT_MINUTES = 30;
/** A test run or a checker compile, which someone is waiting to see, waits one minute for a judge of its language. */
export const QUICK_TASK_WAIT_MINUTES = 1;
/** A language (or a remote site) no judge has declared for this long leaves the catalogue
 * (OJ_JUDGE_LANGUAGE_FORGET_DAYS). */
export const LANGUAGE_FORGET_DAYS = 7;
/** Why a task ended without a judge of its language, or a remote task without a worker of its site (the site's name,
 * "CF"); English on the wire, as the other stored reasons; the web shows it translated:
 * apps/web/src/features/submission/judge-reasons.ts. */
export const NO_JUDGE_REASON = (language: string, minutes: number) =>
  `No judge for ${language} was available within ${minutes} minute${minutes === 1 ? '' : 's'}`;

export interface WorkerIdentity {
  name: string;
  languages: string[];
  concurrency: number;
  running: number;
  version?: string;
}

export interface RemoteWorkerIdentity {
  name: string;
  remote: string[];
  concurrency: number;
  running: number;
  version?: string;
}

export interface TestRunPayload {
  pid: number;
  code: string;
  userInput: string;
  expectedOutput: string | null;
}
export interface CompileCheckerPayload {
  code: string;
  mode: 'spj' | 'interactive';
  extraFiles: Record<string, string>;
}
/** A remote task: the site, the problem's id there, the language's id there; `account` when it must be judged with
 * that account of the pool (a resubmit that polls a run again: the run belongs to the account). */
export interface RemotePayload {
  oj: RemoteJudgeTask['oj'];
  remoteProblemId: string;
  languageRemoteId: string;
  account?: string;
}

/** The account pool of a site: GYM uses CF's accounts (reference §4.9). */
export const accountPoolOf = (oj: string) => (oj === 'GYM' ? 'CF' : oj);
/** How long a remote task waits for an idle account of its pool before it is Submitted Failed (reference §4.9:
 * every 3 s, 200 times). */
export const REMOTE_ACCOUNT_WAIT_MS = 10 * 60_000;
export const NO_ACCOUNT_REASON = (oj: string) => `System does not have [${accountPoolOf(oj)}] account configured`;
export const ACCOUNT_WAIT_REASON = 'Waiting for account scheduling timeout';

const CANCEL_REASON_LIMIT = 2000;

/** Bus channels (DESIGN §8 "Many instances"): a task became claimable; a task ended (payload: its id). */
export const TASK_CHANNEL = 'judge_task';
export const DONE_CHANNEL = 'judge_done';
/** How often a long poll looks at the table anyway: the bus delivers at most once, so a wake-up lost while the
 * listening connection reconnects costs at most this long. */
const POLL_FALLBACK_MS = 1000;

/** The judge queue of DESIGN §1 and §7: tasks live in the database, are claimed with FOR UPDATE SKIP LOCKED and
 * leased; a lost lease or a failed attempt requeues them, the third failure ends in System Error with the reason.
 * Reports are idempotent on (taskId, attempt) and ignored when the submission's judgement version moved on. */
export const createJudgeQueue = (deps: {
  /** The queue's SQL (judge-queue.repository.ts). */
  repo: JudgeQueueRepository;
  /** Wakes the long polls and waiters of every server instance on this database. */
  bus: NotifyBus;
  problems: Pick<ProblemDetails, 'findById' | 'cases'>;
  now?: () => Date;
  /** The bound on a remote task's wait for an idle account (tests shorten it). */
  remoteAccountWaitMs?: number;
  /** Minutes a submission waits for a judge of its language (LANGUAGE_WAIT_MINUTES when not given). */
  languageWaitMinutes?: number;
  /** Days after which a language no judge declares leaves the catalogue (LANGUAGE_FORGET_DAYS when not given). */
  languageForgetDays?: number;
}) => {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const accountWaitMs = deps.remoteAccountWaitMs ?? REMOTE_ACCOUNT_WAIT_MS;
  const languageWaitMinutes = deps.languageWaitMinutes ?? LANGUAGE_WAIT_MINUTES;
  const languageForgetMs = (deps.languageForgetDays ?? LANGUAGE_FORGET_DAYS) * 86_400_000;

  /** Ends the account lease a remote task holds (on every way a task stops running). */
  const releaseAccounts = repo.releaseAccounts;
  // Long polls and waiters of this process wait on `events`; the bus feeds it from every instance (this one too).
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const subscriptions = Promise.all([
    deps.bus.subscribe(TASK_CHANNEL, () => events.emit('task')),
    deps.bus.subscribe(DONE_CHANNEL, (id) => events.emit('done', Number(id))),
  ]).catch((err) => {
    // The fallback poll still finds every task, only later.
    console.error(`[judge-queue] cannot listen for wake-ups: ${(err as Error).message}`);
    return [];
  });
  /** NOTIFY inside the caller's transaction: PostgreSQL delivers it on commit (never for a rollback), so no instance
   * wakes before the row it looks for is visible. */
  const notify = repo.notify;

  const problemForWorker = async (p: ProblemRow): Promise<ProblemForWorker> => {
    const cases = await deps.problems.cases(p.id);
    return {
      pid: p.id,
      problemId: p.problemId,
      type: p.type,
      difficulty: p.difficulty,
      timeLimitMs: p.timeLimitMs,
      memoryLimitMb: p.memoryLimitMb,
      stackLimitMb: p.stackLimitMb,
      judgeMode: p.judgeMode as ProblemForWorker['judgeMode'],
      judgeCaseMode: p.judgeCaseMode as ProblemForWorker['judgeCaseMode'],
      isRemoveEndBlank: p.isRemoveEndBlank === 1,
      ioScore: p.ioScore,
      caseVersion: p.caseVersion,
      checkerCode: p.spjCode,
      checkerLanguage: p.spjLanguage,
      userExtraFile: p.userExtraFile ?? {},
      judgeExtraFile: p.judgeExtraFile ?? {},
      cases: cases.map((c) => ({
        caseId: c.id,
        seq: c.seq,
        name: c.inputName.replace(/\.[^.]*$/, ''),
        inputSha256: c.inputSha256,
        outputSha256: c.outputSha256,
        inputSize: c.inputSize,
        outputSize: c.outputSize,
        score: c.score,
        groupNum: c.groupNum,
      })),
    };
  };

  /** Ends a task that no longer has anything to judge (its submission was rejudged, cancelled or deleted). */
  const retire = async (tx: Tx, id: number, reason: string) => {
    await repo.retireTask(tx, id, reason);
    await releaseAccounts(tx, [id]);
  };

  const setSubmissionIfCurrent = repo.setSubmissionIfCurrent;

  /** What a failed test run or checker compile answers the admin or user waiting for it (a System Error that says
   * why); a submission's task has no answer of its own (its submission row says it). */
  const failedAnswer = (task: TaskRow, message: string): CompileReport | TestRunReport | null =>
    task.kind === 'compileChecker'
      ? { ok: false, message }
      : task.kind === 'testRun'
        ? { status: JUDGE_STATUS.SYSTEM_ERROR, time: 0, memory: 0, stderr: '', userOutput: '', errorMessage: message }
        : null;

  /** One failed attempt: requeued, or after the third a System Error that says why. */
  const failAttempt = async (tx: Tx, task: TaskRow, reason: string) => {
    const at = now();
    const why = reason.slice(0, CANCEL_REASON_LIMIT);
    await releaseAccounts(tx, [task.id]);
    if (task.attempt < MAX_ATTEMPTS) {
      await repo.requeueTask(tx, task.id, { lastError: why, at });
      // A remote run already submitted keeps its run id: the next attempt polls it again.
      if (task.kind === 'judge' || task.kind === 'remote')
        await setSubmissionIfCurrent(tx, task, { status: JUDGE_STATUS.PENDING, judger: null });
      await notify(tx, TASK_CHANNEL);
      return;
    }
    const message = `System Error: judging failed ${task.attempt} times; last reason: ${why}`;
    await repo.failTask(tx, task.id, { lastError: why, result: failedAnswer(task, message), at });
    if (task.kind === 'judge' || task.kind === 'remote') {
      await setSubmissionIfCurrent(tx, task, { status: JUDGE_STATUS.SYSTEM_ERROR, errorMessage: message });
    }
    await notify(tx, DONE_CHANNEL, String(task.id));
  };

  /** Ends a remote task that will not be judged (no account configured, no idle account in time). */
  const endRemoteTask = async (tx: Tx, task: TaskRow, status: number, reason: string) => {
    await repo.failTask(tx, task.id, { lastError: reason, at: now() });
    await releaseAccounts(tx, [task.id]);
    await setSubmissionIfCurrent(tx, task, { status, errorMessage: reason });
    await notify(tx, DONE_CHANNEL, String(task.id));
  };

  const poolSize = (tx: Tx | undefined, oj: string) => repo.poolSize(tx, accountPoolOf(oj));

  /** Ends a queued task no judge of its language came for: System Error with the reason for a submission (a rejudge
   * queues it again as usual), the same as the answer of a test run or a checker compile. */
  const endWithoutJudge = async (tx: Tx, task: TaskRow, minutes: number) => {
    const reason = NO_JUDGE_REASON(task.language, minutes);
    await repo.failTask(tx, task.id, { lastError: reason, result: failedAnswer(task, reason) ?? undefined, at: now() });
    if (task.kind === 'judge')
      await setSubmissionIfCurrent(tx, task, { status: JUDGE_STATUS.SYSTEM_ERROR, errorMessage: reason });
    await notify(tx, DONE_CHANNEL, String(task.id));
  };

  /** Languages of the judges heard from in the last `minutes`. */
  const languagesHeardWithin = async (minutes: number) => {
    const live = await repo.liveJudgeLanguages(new Date(now().getTime() - minutes * 60_000));
    return [...new Set(live.flatMap((j) => j.languages))];
  };

  /** Remote sites declared by the workers heard from since `since`, each with when the oldest of those workers first
   * claimed (its row's creation: a worker process has a name of its own, so a restarted worker is a new row). */
  const sitesHeardSince = async (since: Date) => {
    const sites = new Map<string, Date>();
    for (const j of await repo.liveJudgeRemote(since))
      for (const site of j.remote) {
        const first = sites.get(site);
        if (!first || j.gmtCreate < first) sites.set(site, j.gmtCreate);
      }
    return sites;
  };

  /** Claims the next task this worker can judge, or null. Never waits inside a transaction. */
  const claimOnce = async (w: WorkerIdentity): Promise<JudgeTask | null> => {
    if (w.languages.length === 0) return null;
    for (;;) {
      const claimed = await repo.transaction(async (tx) => {
        const task = await repo.lockNextQueued(tx, w.languages);
        if (!task) return null;
        const at = now();
        const attempt = task.attempt + 1;
        if (task.kind === 'judge') {
          const moved = await repo.setSubmissionIfStatus(tx, task, JUDGE_STATUS.PENDING, {
            status: JUDGE_STATUS.COMPILING,
            judger: w.name,
            gmtModified: at,
          });
          if (moved.length === 0) {
            await retire(tx, task.id, 'submission no longer pending');
            return 'retry' as const;
          }
        }
        await repo.leaseTask(tx, task.id, {
          attempt,
          leaseOwner: w.name,
          leaseExpiresAt: new Date(at.getTime() + LEASE_MS),
          at,
        });
        return { ...task, attempt };
      });
      if (claimed === 'retry') continue;
      if (!claimed) return null;
      try {
        return await taskForWorker(claimed);
      } catch (e) {
        await repo.transaction((tx) => failAttempt(tx, claimed, `cannot prepare the task: ${(e as Error).message}`));
      }
    }
  };

  const taskForWorker = async (task: TaskRow): Promise<JudgeTask> => {
    const base = { taskId: task.id, attempt: task.attempt, language: task.language };
    if (task.kind === 'judge') {
      const sub = await repo.submission(task.submitId as number);
      const problem = sub && (await deps.problems.findById(sub.pid));
      if (!sub || !problem) throw new Error('submission or problem is gone');
      return {
        ...base,
        kind: 'judge',
        submitId: sub.submitId,
        source: sub.code,
        problem: await problemForWorker(problem),
      };
    }
    if (task.kind === 'testRun') {
      const p = task.payload as TestRunPayload;
      const problem = await deps.problems.findById(p.pid);
      if (!problem) throw new Error('problem is gone');
      return {
        ...base,
        kind: 'testRun',
        source: p.code,
        problem: await problemForWorker(problem),
        userInput: p.userInput,
        expectedOutput: p.expectedOutput,
      };
    }
    const p = task.payload as CompileCheckerPayload;
    return { ...base, kind: 'compileChecker', source: p.code, mode: p.mode, extraFiles: p.extraFiles };
  };

  /** Claims the oldest queued remote task of the worker's sites that can get an idle account of its pool, leasing
   * the account with the task; tasks whose pool is empty end at once in System Error. */
  const claimRemoteOnce = async (w: RemoteWorkerIdentity): Promise<RemoteJudgeTask | null> => {
    return repo.transaction(async (tx) => {
      const candidates = await repo.lockQueuedRemote(tx);
      for (const task of candidates) {
        const payload = task.payload as RemotePayload;
        if (!w.remote.includes(payload.oj)) continue;
        const sub = await repo.currentSubmission(tx, task);
        if (!sub) {
          await retire(tx, task.id, 'submission no longer pending');
          continue;
        }
        if ((await poolSize(tx, payload.oj)) === 0) {
          await endRemoteTask(tx, task, JUDGE_STATUS.SYSTEM_ERROR, NO_ACCOUNT_REASON(payload.oj));
          continue;
        }
        const account = await repo.lockIdleAccount(tx, accountPoolOf(payload.oj), payload.account, now());
        if (!account) continue;
        const at = now();
        const leaseExpiresAt = new Date(at.getTime() + LEASE_MS);
        const attempt = task.attempt + 1;
        const leased = await repo.leaseAccount(tx, account, { taskId: task.id, leaseExpiresAt, at });
        if (leased.length === 0) continue;
        await repo.leaseTask(tx, task.id, { attempt, leaseOwner: w.name, leaseExpiresAt, at });
        await repo.setSubmission(tx, sub.submitId, {
          status: sub.vjudgeSubmitId ? JUDGE_STATUS.JUDGING : JUDGE_STATUS.SUBMITTING,
          judger: w.name,
          vjudgeUsername: account.username,
          gmtModified: at,
        });
        return {
          kind: 'remote' as const,
          taskId: task.id,
          attempt,
          submitId: sub.submitId,
          oj: payload.oj,
          remoteProblemId: payload.remoteProblemId,
          language: task.language,
          languageRemoteId: payload.languageRemoteId,
          source: sub.code,
          account: { username: account.username, password: account.password },
          runId: sub.vjudgeSubmitId,
        };
      }
      return null;
    });
  };

  /** The running task row for (taskId, attempt), locked, or null when that attempt is no longer current. */
  const currentAttempt = async (tx: Tx, taskId: number, attempt: number) => {
    const task = await repo.lockTask(tx, taskId);
    return task && task.state === 'running' && task.attempt === attempt ? task : null;
  };

  /** Judges heard from since then count as live. */
  const aliveSince = () => new Date(now().getTime() - JUDGE_ALIVE_MS);

  /** A busy judge claims and beats many times a second, while its registry row (liveness counted in minutes, the
   * languages it offers) needs a write only when it says something new: at most one write per judge per second
   * for the same identity. */
  const lastRecorded = new Map<string, { identity: string; at: number }>();
  const recordJudge = async (name: string, identity: string | undefined, write: () => Promise<unknown>) => {
    const at = now().getTime();
    const last = lastRecorded.get(name);
    const fresh = last !== undefined && at >= last.at && at - last.at < JUDGE_RECORD_MIN_MS;
    if (fresh && (identity === undefined || identity === last.identity)) return;
    await write();
    lastRecorded.set(name, { identity: identity ?? last?.identity ?? '', at });
  };

  /** Set when this instance shuts down: long polls answer empty at once, so their workers poll another instance. */
  let closing = false;

  const waitForTask = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        events.off('task', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      events.on('task', done);
    });

  /** Queued again at once, its attempt not counted, the submission Pending again; false when the task is no longer
   * this worker's. */
  const handBack = async (w: { name: string }, taskId: number, attempt: number): Promise<boolean> => {
    return repo.transaction(async (tx) => {
      const task = await currentAttempt(tx, taskId, attempt);
      if (!task || task.leaseOwner !== w.name) return false;
      await releaseAccounts(tx, [task.id]);
      await repo.requeueTask(tx, task.id, {
        attempt: task.attempt - 1,
        lastError: `handed back by ${w.name}`,
        at: now(),
      });
      if (task.kind === 'judge' || task.kind === 'remote')
        await setSubmissionIfCurrent(tx, task, { status: JUDGE_STATUS.PENDING, judger: null });
      await notify(tx, TASK_CHANNEL);
      return true;
    });
  };

  /** Long poll: `claimOnce` until it gives a task or `waitMs` has passed, woken through the bus by any instance's
   * enqueue; looks at the table every second too (a wake-up may be lost while the bus reconnects). A worker that
   * hung up is handed nothing: a task claimed for it meanwhile (a stopping worker drops its long poll) goes back at
   * once, as the answer would reach no one and the task would wait out its lease. */
  const longPoll = async <T extends { taskId: number; attempt: number }>(
    w: { name: string },
    waitMs: number,
    signal: AbortSignal | undefined,
    claimOnce: () => Promise<T | null>,
  ): Promise<T | null> => {
    const deadline = Date.now() + waitMs;
    for (;;) {
      if (signal?.aborted || closing) return null;
      const task = await claimOnce();
      if (task) {
        if (!signal?.aborted) return task;
        await handBack(w, task.taskId, task.attempt);
        return null;
      }
      const left = deadline - Date.now();
      if (left <= 0) return null;
      await waitForTask(Math.min(left, POLL_FALLBACK_MS));
    }
  };

  return {
    /** Resolves once this instance listens for wake-ups (tests wait for it before they count on one). */
    listening: () => subscriptions.then(() => undefined),

    async enqueue(
      t: {
        kind: 'judge' | 'testRun' | 'compileChecker' | 'remote';
        language: string;
        submitId?: number;
        version?: number;
        priority?: number;
        publicKey?: string;
        uid?: string;
        payload?: TestRunPayload | CompileCheckerPayload | RemotePayload;
      },
      tx?: Tx,
    ) {
      const row = await repo.insertTask(tx, {
        kind: t.kind,
        language: t.language,
        submitId: t.submitId,
        version: t.version ?? 0,
        priority: t.priority ?? 0,
        publicKey: t.publicKey,
        uid: t.uid,
        payload: t.payload,
      });
      // Wakes the long polls of every instance once `tx` commits.
      await notify(tx, TASK_CHANNEL);
      return row;
    },

    /** Judge tasks of many submissions in one insert (a contest problem's rejudge). */
    async enqueueJudgements(
      tx: Tx,
      tasks: { language: string; submitId: number; version: number; priority: number }[],
    ): Promise<void> {
      if (tasks.length === 0) return;
      await repo.insertTasks(
        tx,
        tasks.map((t) => ({ kind: 'judge' as const, ...t })),
      );
      await notify(tx, TASK_CHANNEL);
    },

    /** The local judging slots' long poll. */
    async claim(w: WorkerIdentity, waitMs: number, signal?: AbortSignal): Promise<JudgeTask | null> {
      await recordJudge(
        w.name,
        JSON.stringify(['local', w.languages, w.concurrency, w.running, w.version]),
        async () => {
          await repo.recordWorker(w);
          await repo.declareLanguages(w.languages);
        },
      );
      return longPoll(w, waitMs, signal, () => claimOnce(w));
    },

    /** The remote judging loop's long poll (its own loop: remote tasks never take a local judging slot). */
    async claimRemote(w: RemoteWorkerIdentity, waitMs: number, signal?: AbortSignal): Promise<RemoteJudgeTask | null> {
      await recordJudge(w.name, JSON.stringify(['remote', w.remote, w.concurrency, w.running, w.version]), async () => {
        await repo.recordRemoteWorker(w);
        await repo.declareRemoteSites(w.remote);
      });
      return longPoll(w, waitMs, signal, () => claimRemoteOnce(w));
    },

    /** Shutting down (SIGTERM): every long poll of this instance answers empty now, and later ones at once. */
    releaseLongPolls() {
      closing = true;
      events.emit('task');
    },

    /** A stopping worker hands its task back. */
    release: handBack,

    /** Keeps the task's lease (and a remote task's account lease); a remote task's run id is stored at once. */
    async heartbeat(
      w: { name: string },
      taskId: number,
      attempt: number,
      status?: 6 | 7 | 9,
      runId?: string,
    ): Promise<boolean> {
      await recordJudge(w.name, undefined, () => repo.touchJudge(w.name));
      return repo.transaction(async (tx) => {
        const task = await currentAttempt(tx, taskId, attempt);
        if (!task || task.leaseOwner !== w.name) return false;
        const leaseExpiresAt = new Date(now().getTime() + LEASE_MS);
        await repo.extendLease(tx, task.id, leaseExpiresAt);
        if (task.kind !== 'judge' && task.kind !== 'remote') return true;
        if (task.kind === 'remote') {
          await repo.extendAccountLease(tx, task.id, leaseExpiresAt);
        }
        const values: SubmissionValues = {};
        if (status) values.status = status;
        if (runId && task.kind === 'remote') {
          values.vjudgeSubmitId = runId;
          values.status ??= JUDGE_STATUS.JUDGING;
        }
        const current = Object.keys(values).length
          ? await setSubmissionIfCurrent(tx, task, values)
          : await repo.currentSubmissionId(tx, task);
        if (current.length === 0) {
          await retire(tx, task.id, 'judgement version moved on');
          return false;
        }
        return true;
      });
    },

    async report(
      w: { name: string },
      r: {
        taskId: number;
        attempt: number;
        judge?: JudgeReport;
        testRun?: TestRunReport;
        compile?: CompileReport;
        failure?: string;
      },
    ): Promise<boolean> {
      return repo.transaction(async (tx) => {
        const task = await currentAttempt(tx, r.taskId, r.attempt);
        if (!task || task.leaseOwner !== w.name) return false;
        if (r.failure !== undefined) {
          await failAttempt(tx, task, `${w.name}: ${r.failure}`);
          return true;
        }
        const at = now();
        const isJudgement = task.kind === 'judge' || task.kind === 'remote';
        if (isJudgement) {
          const j = r.judge;
          if (!j) throw new Error(`a ${task.kind} task needs a judge report`);
          const sub = await repo.lockCurrentSubmission(tx, task);
          if (!sub) {
            await retire(tx, task.id, 'stale report: judgement version moved on');
            return false;
          }
          const problem = await repo.problemScoring(tx, sub.pid);
          const isOi = problem?.type === 1;
          // A remote verdict has no cases; in a contest it scores 100 on Accepted, else 0 (reference §4.9).
          const remoteScore = sub.cid ? (j.status === JUDGE_STATUS.ACCEPTED ? 100 : 0) : isOi ? j.score : null;
          await setSubmissionIfCurrent(tx, task, {
            status: j.status,
            timeMs: j.time,
            memoryKb: j.memory,
            score: task.kind === 'remote' ? remoteScore : isOi ? j.score : null,
            oiRankScore: isOi ? j.oiRankScore : null,
            errorMessage: j.errorMessage || null,
            judger: w.name,
          });
          await repo.replaceCases(
            tx,
            task.submitId as number,
            j.cases.map((c) => ({
              submitId: task.submitId as number,
              pid: sub.pid,
              uid: sub.uid,
              caseId: c.caseId,
              seq: c.seq,
              status: c.status,
              timeMs: c.time,
              memoryKb: c.memory,
              score: c.score,
              groupNum: c.groupNum,
              mode: problem?.judgeCaseMode ?? 'default',
              message: c.message || null,
              userOutput: c.userOutput || null,
            })),
          );
        }
        const result = isJudgement ? null : task.kind === 'testRun' ? r.testRun : r.compile;
        if (!isJudgement && !result) throw new Error(`a ${task.kind} task needs its report`);
        await repo.finishTask(tx, task.id, { result, at });
        if (task.kind === 'remote') await releaseAccounts(tx, [task.id]);
        await notify(tx, DONE_CHANNEL, String(task.id));
        return true;
      });
    },

    /** The sweep, run every few seconds by every instance (each step locks what it takes, skipping locked rows):
     * requeues tasks whose lease ran out (a judge died or lost the network), ends remote tasks that waited too long
     * for an account while a worker of their site was there, ends queued tasks no judge of their language (a remote
     * task: no worker of its site) came for (decision 0036: a submission after `languageWaitMinutes`, a test run or a
     * checker compile after QUICK_TASK_WAIT_MINUTES) and drops from the catalogue the languages and remote sites no
     * judge declared for `languageForgetDays`. Answers the number of expired leases. */
    async requeueExpired(): Promise<number> {
      // Read before the transaction: on PGlite's one connection a read beside it would wait for ever.
      const [heardForJudgements, heardForQuickTasks, sitesHeard, sitesLive] = await Promise.all([
        languagesHeardWithin(languageWaitMinutes),
        languagesHeardWithin(QUICK_TASK_WAIT_MINUTES),
        sitesHeardSince(new Date(now().getTime() - languageWaitMinutes * 60_000)),
        sitesHeardSince(aliveSince()),
      ]);
      return repo.transaction(async (tx) => {
        const at = now().getTime();
        const waitedTooLong = async (kinds: string[], minutes: number, heard: string[]) => {
          const before = new Date(at - minutes * 60_000);
          for (const task of await repo.lockQueuedWithoutJudge(tx, kinds, before, heard))
            await endWithoutJudge(tx, task, minutes);
        };
        await waitedTooLong(['judge'], languageWaitMinutes, heardForJudgements);
        await waitedTooLong(['testRun', 'compileChecker'], QUICK_TASK_WAIT_MINUTES, heardForQuickTasks);
        // A remote task no worker of its site came for, the same bound as a submission's language.
        const remoteBefore = new Date(at - languageWaitMinutes * 60_000);
        for (const task of await repo.lockRemoteQueuedWithoutWorker(tx, remoteBefore, [...sitesHeard.keys()])) {
          const { oj } = task.payload as RemotePayload;
          await endRemoteTask(tx, task, JUDGE_STATUS.SYSTEM_ERROR, NO_JUDGE_REASON(oj, languageWaitMinutes));
        }
        await repo.forgetLanguages(tx, new Date(at - languageForgetMs));
        await repo.forgetRemoteSites(tx, new Date(at - languageForgetMs));
        const expired = await repo.lockExpired(tx, now());
        for (const task of expired)
          await failAttempt(tx, task, `lease expired: judge ${task.leaseOwner} stopped responding`);
        // Remote tasks that waited too long for an idle account of their pool (reference §4.9): Submitted Failed;
        // System Error when the pool has no account at all. Only while a worker of the site is live, counted from
        // when the oldest live one started, so time without a worker (a restart) is not an account's wait: that
        // wait is the one above.
        const accountBefore = new Date(now().getTime() - accountWaitMs);
        const sitesWaiting = [...sitesLive].filter(([, since]) => since < accountBefore).map(([site]) => site);
        const waited = await repo.lockRemoteQueuedSince(tx, accountBefore, sitesWaiting);
        for (const task of waited) {
          const { oj } = task.payload as RemotePayload;
          if ((await poolSize(tx, oj)) === 0)
            await endRemoteTask(tx, task, JUDGE_STATUS.SYSTEM_ERROR, NO_ACCOUNT_REASON(oj));
          else await endRemoteTask(tx, task, JUDGE_STATUS.SUBMITTED_FAILED, ACCOUNT_WAIT_REASON);
        }
        return expired.length;
      });
    },

    /** Accounts in a site's pool (no account: a remote submission is System Error at once). */
    remotePoolSize: (oj: string, tx?: Tx) => poolSize(tx, oj),

    /** The languages on offer: every language a judge has declared (the stored catalogue, decision 0036), also while
     * no judge is connected; a submission in one without a live judge waits as Pending. */
    async offeredLanguages(): Promise<string[]> {
      return (await repo.catalogue()).map((l) => l.language);
    },

    /** The catalogue's languages that no live judge runs now, then the remote sites no live worker declares now (by
     * the site's name, "CF"), with when a judge last declared each and the tasks waiting for it (the admin
     * dashboard). */
    async languagesWithoutJudge() {
      const [catalogue, live, queued, sites, liveSites, queuedRemote] = await Promise.all([
        repo.catalogue(),
        repo.liveJudgeLanguages(aliveSince()),
        repo.queuedByLanguage(),
        repo.remoteCatalogue(),
        sitesHeardSince(aliveSince()),
        repo.queuedBySite(),
      ]);
      const running = new Set(live.flatMap((j) => j.languages));
      const waiting = new Map(queued.map((q) => [q.language, q.queued]));
      const waitingRemote = new Map(queuedRemote.map((q) => [q.site, q.queued]));
      return [
        ...catalogue
          .filter((l) => !running.has(l.language))
          .map((l) => ({
            language: l.language,
            lastDeclaredAt: l.lastDeclaredAt,
            queued: waiting.get(l.language) ?? 0,
          })),
        ...sites
          .filter((s) => !liveSites.has(s.site))
          .map((s) => ({ language: s.site, lastDeclaredAt: s.lastDeclaredAt, queued: waitingRemote.get(s.site) ?? 0 })),
      ];
    },

    /** The remote sites on offer: every site a worker has declared (the stored remote catalogue, decision 0036), also
     * while no worker is connected; their problems' languages are offered and a submission waits as Pending. */
    async offeredRemote(): Promise<string[]> {
      return (await repo.remoteCatalogue()).map((s) => s.site);
    },

    listJudges: repo.listJudges,

    /** Live judges, the languages they run and the queue length, for the site's notice: judging is paused (no live
     * judge, or none with a language), or some offered languages, or remote sites ("CF"), wait for their judge
     * (`waiting`). */
    async status() {
      const [live, catalogue, queued, sites, liveSites] = await Promise.all([
        repo.liveJudgeLanguages(aliveSince()),
        repo.catalogue(),
        repo.queuedCount(),
        repo.remoteCatalogue(),
        sitesHeardSince(aliveSince()),
      ]);
      const languages = [...new Set(live.flatMap((j) => j.languages))];
      const waiting = [
        ...catalogue.map((l) => l.language).filter((l) => !languages.includes(l)),
        ...sites.map((s) => s.site).filter((s) => !liveSites.has(s)),
      ];
      const reason = live.length === 0 ? ('noJudge' as const) : languages.length === 0 ? ('noLanguage' as const) : null;
      return { available: reason === null, languages, waiting, judges: live.length, reason, queued };
    },

    listTasksOf: repo.tasksOf,
    task: repo.task,
    taskByKey: repo.taskByKey,

    /** Drops queued tasks of submissions (before a rejudge enqueues new ones), ending their account leases. */
    async retireQueuedOf(tx: Tx, submitId: number | number[]) {
      const retired = await repo.supersedeTasksOf(tx, submitId);
      await releaseAccounts(
        tx,
        retired.filter((t) => t.kind === 'remote').map((t) => t.id),
      );
    },

    /** Waits until a task is done or failed, at most `ms`. */
    async waitDone(id: number, ms: number) {
      const deadline = Date.now() + ms;
      for (;;) {
        const t = await this.task(id);
        if (!t || t.state === 'done' || t.state === 'failed') return t;
        const left = deadline - Date.now();
        if (left <= 0) return t;
        await new Promise<void>((resolve) => {
          const onDone = (doneId: number) => {
            if (doneId === id) finish();
          };
          const finish = () => {
            clearTimeout(timer);
            events.off('done', onDone);
            resolve();
          };
          const timer = setTimeout(finish, Math.min(left, 500));
          events.on('done', onDone);
        });
      }
    },
  };
};
export type JudgeQueue = ReturnType<typeof createJudgeQueue>;
