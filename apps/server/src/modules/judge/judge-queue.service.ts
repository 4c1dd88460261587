import { EventEmitter } from 'node:events';
import {
  type CompileReport,
  JUDGE_STATUS,
  type JudgeReport,
  type JudgeTask,
  type PackageReport,
  type RemoteJudgeTask,
  type TestRunReport,
} from '@oj/shared';
import type { Tx } from '../../db/client.js';
import type { NotifyBus } from '../../db/notify-bus.js';
import { type Logger, logger } from '../../lib/logger.js';
import type { JudgeHeaderQueries } from '../judge-header/judge-header-queries.js';
import type { ProblemJudgingQueries } from '../problem/problem-queries.js';
import { verdictScore } from '../submission/verdict-score.js';
import type {
  ClaimedSubmission,
  JudgeQueueRepository,
  SubmissionValues,
  JudgeTaskRow as TaskRow,
} from './judge-queue.repository.js';
import { createJudgeRegistry, type RemoteWorkerIdentity, type WorkerIdentity } from './judge-registry.js';
import {
  type CompileCheckerPayload,
  compileCheckerTaskOf,
  failedAnswer,
  judgeTaskOf,
  type PackagePayload,
  packageTaskOf,
  problemForWorker,
  type RemotePayload,
  type TestRunPayload,
  testRunTaskOf,
} from './judge-task.mapper.js';
import { createRemoteAccountLeases, REMOTE_ACCOUNT_WAIT_MS } from './remote-account-lease.js';

// The judge module's face: other areas import the queue, its bounds and the task shapes from this file alone.
export {
  JUDGE_ALIVE_MS,
  LANGUAGE_FORGET_DAYS,
  type RemoteWorkerIdentity,
  type WorkerIdentity,
} from './judge-registry.js';
export type { CompileCheckerPayload, PackagePayload, RemotePayload, TestRunPayload } from './judge-task.mapper.js';
export {
  ACCOUNT_WAIT_REASON,
  accountPoolOf,
  NO_ACCOUNT_REASON,
  REMOTE_ACCOUNT_WAIT_MS,
} from './remote-account-lease.js';

export const LEASE_MS = 30_000;
export const MAX_ATTEMPTS = 3;
/** How long a submission waits for a judge of its language before it ends in System Error (decision 0036;
 * OJ_JUDGE_LANGUAGE_WAIT_MINUTES). */
export const LANGUAGE_WAIT_MINUTES = 30;
/** A test run, a checker compile or a package task, which someone is waiting to see, waits one minute for a judge of
 * its language. */
export const QUICK_TASK_WAIT_MINUTES = 1;
/** Why a task ended without a judge of its language, or a remote task without a worker of its site (the site's name,
 * "CF"); English on the wire, as the other stored reasons; the web shows it translated:
 * apps/web/src/features/submission/judge-reasons.ts. */
export const NO_JUDGE_REASON = (language: string, minutes: number) =>
  `No judge for ${language} was available within ${minutes} minute${minutes === 1 ? '' : 's'}`;

const CANCEL_REASON_LIMIT = 2000;

/** Bus channels (every server instance on the database hears them, decision 0035): a task became claimable; a task
 * ended (payload: its id). */
export const TASK_CHANNEL = 'judge_task';
export const DONE_CHANNEL = 'judge_done';
/** How often a long poll looks at the table anyway: the bus delivers at most once, so a wake-up lost while the
 * listening connection reconnects costs at most this long. */
const POLL_FALLBACK_MS = 1000;

/** The judge queue (docs/architecture.md): tasks live in the database, are claimed with FOR UPDATE SKIP LOCKED and
 * leased; a lost lease or a failed attempt requeues them, the third failure ends in System Error with the reason.
 * Reports are idempotent on (taskId, attempt) and ignored when the submission's judgement version moved on. The
 * judges' registry (judge-registry.ts), the remote accounts' leases (remote-account-lease.ts) and the task shapes a
 * worker gets (judge-task.mapper.ts) sit beside it. */
export const createJudgeQueue = (deps: {
  /** The queue's SQL (judge-queue.repository.ts). */
  repo: JudgeQueueRepository;
  /** Wakes the long polls and waiters of every server instance on this database. */
  bus: NotifyBus;
  problems: ProblemJudgingQueries;
  /** The site's judge headers, handed with every judging, test run and checker compile task (none when not given). */
  headers?: JudgeHeaderQueries;
  now?: () => Date;
  /** Where the queue logs (a child of the server's logger). */
  log?: Logger;
  /** The bound on a remote task's wait for an idle account (tests shorten it). */
  remoteAccountWaitMs?: number;
  /** Minutes a submission waits for a judge of its language (LANGUAGE_WAIT_MINUTES when not given). */
  languageWaitMinutes?: number;
  /** Days after which a language no judge declares leaves the catalogue (LANGUAGE_FORGET_DAYS when not given). */
  languageForgetDays?: number;
  /** Told of every report this instance accepts, once it is committed (the metrics count its verdict). */
  onReported?: (task: TaskRow, report: { judge?: JudgeReport; testRun?: TestRunReport }) => void;
  /** Told how many workers' claims this instance holds open whenever that changes (the metrics gauge). */
  onPollsOpen?: (open: number) => void;
}) => {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? logger.child({ module: 'judge-queue' });
  const accountWaitMs = deps.remoteAccountWaitMs ?? REMOTE_ACCOUNT_WAIT_MS;
  const languageWaitMinutes = deps.languageWaitMinutes ?? LANGUAGE_WAIT_MINUTES;
  const registry = createJudgeRegistry({ repo, now, languageForgetDays: deps.languageForgetDays });

  // Long polls and waiters of this process wait on `events`; the bus feeds it from every instance (this one too).
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const subscriptions = Promise.all([
    deps.bus.subscribe(TASK_CHANNEL, () => events.emit('task')),
    deps.bus.subscribe(DONE_CHANNEL, (id) => events.emit('done', Number(id))),
  ]).catch((err) => {
    // The fallback poll still finds every task, only later.
    log.error(`cannot listen for wake-ups: ${(err as Error).message}`);
    return [];
  });
  /** NOTIFY inside the caller's transaction: PostgreSQL delivers it on commit (never for a rollback), so no instance
   * wakes before the row it looks for is visible. */
  const notify = repo.notify;

  /** Ends a task that no longer has anything to judge (its submission was rejudged, cancelled or deleted). */
  const retire = async (tx: Tx, id: number, reason: string) => {
    await repo.retireTask(tx, id, reason);
    await accounts.release(tx, [id]);
  };

  const accounts = createRemoteAccountLeases({
    repo,
    now,
    leaseMs: LEASE_MS,
    retire,
    ended: (tx, taskId) => notify(tx, DONE_CHANNEL, String(taskId)),
  });

  const setSubmissionIfCurrent = repo.setSubmissionIfCurrent;

  /** A saved problem's checker compile (its payload names the problem) leaves its answer on the problem: 'ok', or
   * 'error' with the compiler's message (or why no judge compiled it). The editor's compile button names none. */
  const recordCheckerCompile = async (tx: Tx, task: TaskRow, answer: unknown) => {
    if (task.kind !== 'compileChecker' || !answer) return;
    const pid = (task.payload as CompileCheckerPayload | null)?.pid;
    if (pid === undefined) return;
    const a = answer as CompileReport;
    await repo.setCheckerState(tx, pid, task.id, { ok: a.ok, message: a.message, at: now() });
  };

  /** One failed attempt: requeued, or after the third a System Error that says why. */
  const failAttempt = async (tx: Tx, task: TaskRow, reason: string) => {
    const at = now();
    const why = reason.slice(0, CANCEL_REASON_LIMIT);
    await accounts.release(tx, [task.id]);
    if (task.attempt < MAX_ATTEMPTS) {
      await repo.requeueTask(tx, task.id, { lastError: why, at });
      // A remote run already submitted keeps its run id: the next attempt polls it again.
      if (task.kind === 'judge' || task.kind === 'remote')
        await setSubmissionIfCurrent(tx, task, { status: JUDGE_STATUS.PENDING, judger: null });
      await notify(tx, TASK_CHANNEL);
      return;
    }
    const message = `System Error: judging failed ${task.attempt} times; last reason: ${why}`;
    const result = failedAnswer(task, message);
    await repo.failTask(tx, task.id, { lastError: why, result, at });
    await recordCheckerCompile(tx, task, result);
    if (task.kind === 'judge' || task.kind === 'remote') {
      await setSubmissionIfCurrent(tx, task, { status: JUDGE_STATUS.SYSTEM_ERROR, errorMessage: message });
    }
    await notify(tx, DONE_CHANNEL, String(task.id));
  };

  /** Ends a queued task no judge of its language came for: System Error with the reason for a submission (a rejudge
   * queues it again as usual), the same as the answer of a test run or a checker compile. */
  const endWithoutJudge = async (tx: Tx, task: TaskRow, minutes: number) => {
    const reason = NO_JUDGE_REASON(task.language, minutes);
    const result = failedAnswer(task, reason);
    await repo.failTask(tx, task.id, { lastError: reason, result: result ?? undefined, at: now() });
    await recordCheckerCompile(tx, task, result);
    if (task.kind === 'judge')
      await setSubmissionIfCurrent(tx, task, { status: JUDGE_STATUS.SYSTEM_ERROR, errorMessage: reason });
    await notify(tx, DONE_CHANNEL, String(task.id));
  };

  /** Claims the next task this worker can judge, or null. Never waits inside a transaction. */
  const claimOnce = async (w: WorkerIdentity): Promise<JudgeTask | null> => {
    if (w.languages.length === 0) return null;
    for (;;) {
      const claimed = await repo.transaction(async (tx) => {
        // The statement that leases the task also checks that the worker has not said goodbye (one statement).
        const at = now();
        const task = await repo.leaseNextQueued(tx, w.languages, {
          leaseOwner: w.name,
          leaseExpiresAt: new Date(at.getTime() + LEASE_MS),
          at,
        });
        if (!task) return null;
        let sub: ClaimedSubmission | undefined;
        if (task.kind === 'judge') {
          [sub] = await repo.setSubmissionIfStatus(tx, task, JUDGE_STATUS.PENDING, {
            status: JUDGE_STATUS.COMPILING,
            judger: w.name,
            gmtModified: at,
          });
          if (!sub) {
            await retire(tx, task.id, 'submission no longer pending');
            return 'retry' as const;
          }
        }
        return { task, sub };
      });
      if (claimed === 'retry') continue;
      if (!claimed) return null;
      try {
        return await taskForWorker(claimed.task, claimed.sub);
      } catch (e) {
        await repo.transaction((tx) =>
          failAttempt(tx, claimed.task, `cannot prepare the task: ${(e as Error).message}`),
        );
      }
    }
  };

  const headersNow = async () => (deps.headers ? await deps.headers.forWorker() : []);
  const problemOf = async (pid: number) => {
    const problem = await deps.problems.forJudging(pid);
    if (!problem) throw new Error('problem is gone');
    return problemForWorker(problem, await headersNow());
  };

  /** Loads what the task needs (its problem with the cases; a judging's source came with its claim) and shapes it
   * for the worker. */
  const taskForWorker = async (task: TaskRow, sub: ClaimedSubmission | undefined): Promise<JudgeTask> => {
    if (task.kind === 'judge') {
      if (!sub) throw new Error('submission is gone');
      return judgeTaskOf(task, sub, await problemOf(sub.pid));
    }
    if (task.kind === 'testRun') return testRunTaskOf(task, await problemOf((task.payload as TestRunPayload).pid));
    if (task.kind === 'package') return packageTaskOf(task, await headersNow());
    return compileCheckerTaskOf(task, await headersNow());
  };

  /** The running task row for (taskId, attempt), locked, or null when that attempt is no longer current. */
  const currentAttempt = async (tx: Tx, taskId: number, attempt: number) => {
    const task = await repo.lockTask(tx, taskId);
    return task && task.state === 'running' && task.attempt === attempt ? task : null;
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
      await requeueHandedBack(tx, task, w.name);
      return true;
    });
  };
  /** A running task (locked) goes back to the queue from `owner`, its attempt not counted. */
  const requeueHandedBack = async (tx: Tx, task: TaskRow, owner: string) => {
    await accounts.release(tx, [task.id]);
    await repo.requeueTask(tx, task.id, { attempt: task.attempt - 1, lastError: `handed back by ${owner}`, at: now() });
    if (task.kind === 'judge' || task.kind === 'remote')
      await setSubmissionIfCurrent(tx, task, { status: JUDGE_STATUS.PENDING, judger: null });
    await notify(tx, TASK_CHANNEL);
  };

  /** The long polls this instance holds open now (`pollsOpen`). */
  let pollsOpen = 0;
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
    deps.onPollsOpen?.(++pollsOpen);
    try {
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
    } finally {
      deps.onPollsOpen?.(--pollsOpen);
    }
  };

  return {
    /** Resolves once this instance listens for wake-ups (tests wait for it before they count on one). */
    listening: () => subscriptions.then(() => undefined),

    /** The workers' claims (long polls) this instance holds open now. One from a worker that has gone stays open
     * until this instance sees its connection close. */
    pollsOpen: () => pollsOpen,

    async enqueue(
      t: {
        kind: 'judge' | 'testRun' | 'compileChecker' | 'remote' | 'package';
        language: string;
        submitId?: number;
        version?: number;
        priority?: number;
        publicKey?: string;
        uid?: string;
        payload?: TestRunPayload | CompileCheckerPayload | RemotePayload | PackagePayload;
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
      await registry.recordLocal(w);
      return longPoll(w, waitMs, signal, () => claimOnce(w));
    },

    /** The remote judging loop's long poll (its own loop: remote tasks never take a local judging slot). */
    async claimRemote(w: RemoteWorkerIdentity, waitMs: number, signal?: AbortSignal): Promise<RemoteJudgeTask | null> {
      await registry.recordRemote(w);
      return longPoll(w, waitMs, signal, () => accounts.claim(w));
    },

    /** Shutting down (SIGTERM): every long poll of this instance answers empty now, and later ones at once. */
    releaseLongPolls() {
      closing = true;
      events.emit('task');
    },

    /** A stopping worker hands its task back. */
    release: handBack,

    /** A stopped worker's goodbye (judgeProtocol.goodbye): it claims nothing more; the tasks still leased to it go
     * back to the queue. */
    goodbye: (w: { name: string }): Promise<number> =>
      repo.transaction(async (tx) => {
        const leased = await repo.stopWorker(tx, w.name, now());
        for (const task of leased) await requeueHandedBack(tx, task, w.name);
        return leased.length;
      }),

    /** Keeps the task's lease (and a remote task's account lease); a remote task's run id is stored at once. */
    async heartbeat(
      w: { name: string },
      taskId: number,
      attempt: number,
      status?: 6 | 7 | 9,
      runId?: string,
    ): Promise<boolean> {
      await registry.touch(w.name);
      const leaseExpiresAt = new Date(now().getTime() + LEASE_MS);
      if (status && !runId) {
        // A heartbeat that moves the judging on is one statement (no transaction around it); a judgement version that
        // moved on is retired in a transaction of its own.
        const beat = await repo.heartbeatWithStatus({ id: taskId, attempt, owner: w.name, leaseExpiresAt, status });
        if (!beat) return false;
        if ((beat.kind === 'judge' || beat.kind === 'remote') && !beat.current) {
          await repo.transaction(async (tx) => {
            const task = await currentAttempt(tx, taskId, attempt);
            if (task && task.leaseOwner === w.name) await retire(tx, task.id, 'judgement version moved on');
          });
          return false;
        }
        return true;
      }
      return repo.transaction(async (tx) => {
        const task = await repo.extendLease(tx, { id: taskId, attempt, owner: w.name, leaseExpiresAt });
        if (!task) return false;
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
        package?: PackageReport;
        failure?: string;
      },
    ): Promise<boolean> {
      const accepted = await repo.transaction(async (tx) => {
        const task = await currentAttempt(tx, r.taskId, r.attempt);
        if (!task || task.leaseOwner !== w.name) return null;
        if (r.failure !== undefined) {
          await failAttempt(tx, task, `${w.name}: ${r.failure}`);
          return task;
        }
        const at = now();
        const isJudgement = task.kind === 'judge' || task.kind === 'remote';
        if (isJudgement) {
          const j = r.judge;
          if (!j) throw new Error(`a ${task.kind} task needs a judge report`);
          const sub = await repo.lockCurrentSubmission(tx, task);
          if (!sub) {
            await retire(tx, task.id, 'stale report: judgement version moved on');
            return null;
          }
          const problem = sub.place;
          const isOi = problem?.type === 1;
          await setSubmissionIfCurrent(tx, task, {
            status: j.status,
            timeMs: j.time,
            memoryKb: j.memory,
            score: problem ? verdictScore(problem, j.status, j.score) : null,
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
              outputFromLine: c.outputFromLine ?? null,
              outputBytes: c.outputBytes ?? null,
            })),
          );
        }
        const result = isJudgement
          ? null
          : task.kind === 'testRun'
            ? r.testRun
            : task.kind === 'package'
              ? r.package
              : r.compile;
        if (!isJudgement && !result) throw new Error(`a ${task.kind} task needs its report`);
        await repo.finishTask(tx, task.id, { result, at });
        await recordCheckerCompile(tx, task, result);
        if (task.kind === 'remote') await accounts.release(tx, [task.id]);
        await notify(tx, DONE_CHANNEL, String(task.id));
        return task;
      });
      if (!accepted) return false;
      deps.onReported?.(accepted, r);
      return true;
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
        registry.languagesHeardWithin(languageWaitMinutes),
        registry.languagesHeardWithin(QUICK_TASK_WAIT_MINUTES),
        registry.sitesHeardSince(new Date(now().getTime() - languageWaitMinutes * 60_000)),
        registry.sitesHeardSince(registry.aliveSince()),
      ]);
      return repo.transaction(async (tx) => {
        const at = now().getTime();
        const waitedTooLong = async (kinds: string[], minutes: number, heard: string[]) => {
          const before = new Date(at - minutes * 60_000);
          for (const task of await repo.lockQueuedWithoutJudge(tx, kinds, before, heard))
            await endWithoutJudge(tx, task, minutes);
        };
        await waitedTooLong(['judge'], languageWaitMinutes, heardForJudgements);
        await waitedTooLong(['testRun', 'compileChecker', 'package'], QUICK_TASK_WAIT_MINUTES, heardForQuickTasks);
        // A remote task no worker of its site came for, the same bound as a submission's language.
        const remoteBefore = new Date(at - languageWaitMinutes * 60_000);
        for (const task of await repo.lockRemoteQueuedWithoutWorker(tx, remoteBefore, [...sitesHeard.keys()])) {
          const { oj } = task.payload as RemotePayload;
          await accounts.end(tx, task, JUDGE_STATUS.SYSTEM_ERROR, NO_JUDGE_REASON(oj, languageWaitMinutes));
        }
        await registry.forget(tx, at);
        const expired = await repo.lockExpired(tx, now());
        for (const task of expired)
          await failAttempt(tx, task, `lease expired: judge ${task.leaseOwner} stopped responding`);
        // Remote tasks that waited too long for an idle account of their pool: Submitted Failed; System Error when
        // the pool has no account at all. Only while a worker of the site is live, counted from when the oldest live
        // one started, so time without a worker (a restart) is not an account's wait: that wait is the one above.
        const accountBefore = new Date(now().getTime() - accountWaitMs);
        const sitesWaiting = [...sitesLive].filter(([, since]) => since < accountBefore).map(([site]) => site);
        await accounts.endWaited(tx, accountBefore, sitesWaiting);
        return expired.length;
      });
    },

    /** Accounts in a site's pool (no account: a remote submission is System Error at once). */
    remotePoolSize: (oj: string, tx?: Tx) => accounts.poolSize(tx, oj),

    offeredLanguages: registry.offeredLanguages,
    languagesWithoutJudge: registry.languagesWithoutJudge,
    offeredRemote: registry.offeredRemote,
    listJudges: registry.listJudges,
    status: registry.status,

    listTasksOf: repo.tasksOf,
    task: repo.task,
    taskByKey: repo.taskByKey,

    /** Drops queued tasks of submissions (before a rejudge enqueues new ones), ending their account leases. */
    async retireQueuedOf(tx: Tx, submitId: number | number[]) {
      const retired = await repo.supersedeTasksOf(tx, submitId);
      await accounts.release(
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
