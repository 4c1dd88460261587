import { and, asc, count, desc, eq, gt, inArray, isNull, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  judgeCases,
  judgeLanguages,
  judgeRemoteSites,
  judges,
  judgeTasks,
  problems,
  remoteJudgeAccounts,
  submissions,
} from '../../db/schema.js';
import { scoringColumns } from '../submission/verdict-score.js';

export type JudgeTaskRow = typeof judgeTasks.$inferSelect;
export type JudgeTaskValues = typeof judgeTasks.$inferInsert;
export type SubmissionValues = Partial<typeof submissions.$inferInsert>;
export type JudgeCaseValues = typeof judgeCases.$inferInsert;
/** What a worker needs of a submission it claims: its source, and its problem's id. */
export type ClaimedSubmission = { submitId: number; pid: number; code: string };

/** What a worker says about itself on every long poll. */
export interface JudgeRecord {
  name: string;
  concurrency: number;
  running: number;
  version?: string;
}

/** False when the worker has said goodbye: a condition of the statement that picks the tasks it claims, evaluated
 * once before the rows (PostgreSQL's one-time filter). The worker's row is share-locked until the claim commits, so a
 * goodbye (which updates the row) either comes first and is seen here, or waits and then sees the claim's lease. A
 * worker with no row yet may claim. */
const workerMayClaim = (name: string) =>
  sql<boolean>`coalesce((select ${judges.stoppedAt} is null from ${judges} where ${judges.name} = ${name} for share), true)`;

/** The judge queue's SQL: the tasks, the leases of the remote accounts, the judges' heartbeats
 * and what a verdict writes to its submission. Each step runs in the transaction it is given; which steps make one
 * claim, report or hand-back is the service's business (judge-queue.service.ts). `now` stamps the bookkeeping
 * columns (updatedAt, gmtModified, lastHeartbeat). */
export const createJudgeQueueRepository = (db: Db, now: () => Date = () => new Date()) => {
  /** The submission row of the task's judgement version (a rejudge moved it on: none). */
  const ofTask = (task: JudgeTaskRow) =>
    and(eq(submissions.submitId, task.submitId as number), eq(submissions.version, task.version));
  /** The task's running attempt `attempt`, held by `owner` (a heartbeat's task while it is still that worker's). */
  const heldAttempt = (v: { id: number; attempt: number; owner: string }) =>
    and(
      eq(judgeTasks.id, v.id),
      eq(judgeTasks.state, 'running'),
      eq(judgeTasks.attempt, v.attempt),
      eq(judgeTasks.leaseOwner, v.owner),
    );
  /** A remote task's site (its payload's `oj`: CF, GYM, HDU, ...). */
  const remoteSiteOf = sql<string>`${judgeTasks.payload}->>'oj'`;

  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),

    /** NOTIFY inside the caller's transaction: PostgreSQL delivers it on commit (never for a rollback), so no instance
     * wakes before the row it looks for is visible. Without a transaction: at once. */
    notify: (tx: Tx | undefined, channel: string, payload = '') =>
      (tx ?? db).execute(sql`SELECT pg_notify(${channel}, ${payload})`),

    /** Stamped with the queue's clock, as every later change of the task is: the waits measured from it (a lease, a
     * remote task's wait for an account, a task's wait for a judge of its language) all read one clock. */
    insertTask: async (tx: Tx | undefined, values: JudgeTaskValues) => {
      const at = now();
      return (
        await (tx ?? db)
          .insert(judgeTasks)
          .values({ createdAt: at, updatedAt: at, ...values })
          .returning()
      )[0];
    },

    insertTasks: async (tx: Tx, values: JudgeTaskValues[]) => {
      const at = now();
      await tx.insert(judgeTasks).values(values.map((v) => ({ createdAt: at, updatedAt: at, ...v })));
    },

    /** Leases the next queued local task in one of these languages (highest priority first, skipping tasks another
     * claim has locked) to a worker for its next attempt, in one statement; the task as leased, or none. */
    leaseNextQueued: async (
      tx: Tx,
      languages: string[],
      v: { leaseOwner: string; leaseExpiresAt: Date; at: Date },
    ): Promise<JudgeTaskRow | undefined> => {
      const next = tx
        .select({ id: judgeTasks.id })
        .from(judgeTasks)
        .where(
          and(
            eq(judgeTasks.state, 'queued'),
            ne(judgeTasks.kind, 'remote'),
            inArray(judgeTasks.language, languages),
            workerMayClaim(v.leaseOwner),
          ),
        )
        .orderBy(desc(judgeTasks.priority), asc(judgeTasks.id))
        .limit(1)
        .for('update', { skipLocked: true });
      return (
        await tx
          .update(judgeTasks)
          .set({
            state: 'running',
            attempt: sql`${judgeTasks.attempt} + 1`,
            leaseOwner: v.leaseOwner,
            leaseExpiresAt: v.leaseExpiresAt,
            updatedAt: v.at,
          })
          .where(eq(judgeTasks.id, next))
          .returning()
      )[0];
    },

    /** Up to 50 queued remote tasks, highest priority first, locked (skipping locked ones); none when the worker
     * claiming them has said goodbye. */
    lockQueuedRemote: (tx: Tx, worker: string) =>
      tx
        .select()
        .from(judgeTasks)
        .where(and(eq(judgeTasks.state, 'queued'), eq(judgeTasks.kind, 'remote'), workerMayClaim(worker)))
        .orderBy(desc(judgeTasks.priority), asc(judgeTasks.id))
        .limit(50)
        .for('update', { skipLocked: true }),

    /** Running tasks whose lease ran out before `at`, locked (skipping locked ones). */
    lockExpired: (tx: Tx, at: Date) =>
      tx
        .select()
        .from(judgeTasks)
        .where(and(eq(judgeTasks.state, 'running'), lt(judgeTasks.leaseExpiresAt, at)))
        .for('update', { skipLocked: true }),

    /** Queued local tasks of these kinds untouched since `before` whose language is not among `live`, locked
     * (skipping locked ones): the tasks that waited that long with no judge for their language. */
    lockQueuedWithoutJudge: (tx: Tx, kinds: string[], before: Date, live: string[]) =>
      tx
        .select()
        .from(judgeTasks)
        .where(
          and(
            eq(judgeTasks.state, 'queued'),
            inArray(judgeTasks.kind, kinds),
            lt(judgeTasks.updatedAt, before),
            live.length ? notInArray(judgeTasks.language, live) : undefined,
          ),
        )
        .for('update', { skipLocked: true }),

    /** Queued remote tasks of these sites untouched since `before`, locked (skipping locked ones). */
    lockRemoteQueuedSince: (tx: Tx, before: Date, sites: string[]) =>
      sites.length === 0
        ? Promise.resolve([])
        : tx
            .select()
            .from(judgeTasks)
            .where(
              and(
                eq(judgeTasks.state, 'queued'),
                eq(judgeTasks.kind, 'remote'),
                lt(judgeTasks.updatedAt, before),
                inArray(remoteSiteOf, sites),
              ),
            )
            .for('update', { skipLocked: true }),

    /** Queued remote tasks untouched since `before` whose site is not among `live`, locked (skipping locked ones): the
     * tasks that waited that long with no worker declaring their site. */
    lockRemoteQueuedWithoutWorker: (tx: Tx, before: Date, live: string[]) =>
      tx
        .select()
        .from(judgeTasks)
        .where(
          and(
            eq(judgeTasks.state, 'queued'),
            eq(judgeTasks.kind, 'remote'),
            lt(judgeTasks.updatedAt, before),
            live.length ? notInArray(remoteSiteOf, live) : undefined,
          ),
        )
        .for('update', { skipLocked: true }),

    /** Marks the worker as stopped (it claims nothing after this) and returns the tasks still leased to it, locked. */
    stopWorker: async (tx: Tx, name: string, at: Date): Promise<JudgeTaskRow[]> => {
      await tx.update(judges).set({ stoppedAt: at }).where(eq(judges.name, name));
      return tx
        .select()
        .from(judgeTasks)
        .where(and(eq(judgeTasks.state, 'running'), eq(judgeTasks.leaseOwner, name)))
        .orderBy(asc(judgeTasks.id))
        .for('update');
    },

    /** The task row, locked (waits for a lock another transaction holds). */
    lockTask: async (tx: Tx, id: number): Promise<JudgeTaskRow | undefined> =>
      (await tx.select().from(judgeTasks).where(eq(judgeTasks.id, id)).for('update'))[0],

    /** Leases the task to a worker for this attempt. */
    leaseTask: (tx: Tx, id: number, v: { attempt: number; leaseOwner: string; leaseExpiresAt: Date; at: Date }) =>
      tx
        .update(judgeTasks)
        .set({
          state: 'running',
          attempt: v.attempt,
          leaseOwner: v.leaseOwner,
          leaseExpiresAt: v.leaseExpiresAt,
          updatedAt: v.at,
        })
        .where(eq(judgeTasks.id, id)),

    /** Extends the lease of the task's running attempt `attempt` held by `owner`, in one statement that locks the row
     * as it sets it; the task as it is now, or none when that attempt is no longer current or not the owner's. */
    extendLease: async (
      tx: Tx,
      v: { id: number; attempt: number; owner: string; leaseExpiresAt: Date },
    ): Promise<JudgeTaskRow | undefined> =>
      (
        await tx
          .update(judgeTasks)
          .set({ leaseExpiresAt: v.leaseExpiresAt, updatedAt: now() })
          .where(heldAttempt(v))
          .returning()
      )[0],

    /** A heartbeat that moves the judging on (Compiling, Judging, Submitting), in one statement: extends the lease of
     * the task's running attempt `attempt` held by `owner` (and a remote task's account lease) and sets the status of
     * its submission when the task's judgement version is still the submission's. The task's kind, and whether its
     * submission was set (`current`; a task that judges no submission: false), or none when that attempt is no longer
     * current or not the owner's. */
    heartbeatWithStatus: async (v: {
      id: number;
      attempt: number;
      owner: string;
      leaseExpiresAt: Date;
      status: number;
    }): Promise<{ kind: string; current: boolean } | undefined> => {
      const at = now();
      const task = db.$with('task').as(
        db.update(judgeTasks).set({ leaseExpiresAt: v.leaseExpiresAt, updatedAt: at }).where(heldAttempt(v)).returning({
          id: judgeTasks.id,
          kind: judgeTasks.kind,
          submitId: judgeTasks.submitId,
          version: judgeTasks.version,
        }),
      );
      const account = db.$with('account').as(
        db
          .update(remoteJudgeAccounts)
          .set({ leaseExpiresAt: v.leaseExpiresAt })
          .from(task)
          .where(and(eq(task.kind, 'remote'), eq(remoteJudgeAccounts.leaseTaskId, task.id)))
          .returning({ id: remoteJudgeAccounts.id }),
      );
      const submission = db.$with('submission').as(
        db
          .update(submissions)
          .set({ status: v.status, gmtModified: at })
          .from(task)
          .where(
            and(
              inArray(task.kind, ['judge', 'remote']),
              eq(submissions.submitId, task.submitId),
              eq(submissions.version, task.version),
            ),
          )
          .returning({ submitId: submissions.submitId }),
      );
      const [row] = await db
        .with(task, account, submission)
        .select({ kind: task.kind, current: sql<boolean>`exists (select 1 from ${submission})` })
        .from(task);
      return row;
    },

    /** Queued again, without an owner; `attempt` when the attempt is given back (a worker handed the task back). */
    requeueTask: (tx: Tx, id: number, v: { lastError: string; at: Date; attempt?: number }) =>
      tx
        .update(judgeTasks)
        .set({
          state: 'queued',
          ...(v.attempt === undefined ? {} : { attempt: v.attempt }),
          leaseOwner: null,
          leaseExpiresAt: null,
          lastError: v.lastError,
          updatedAt: v.at,
        })
        .where(eq(judgeTasks.id, id)),

    /** Ends a task that has nothing left to judge. */
    retireTask: (tx: Tx, id: number, reason: string) =>
      tx
        .update(judgeTasks)
        .set({ state: 'done', lastError: reason, leaseOwner: null, updatedAt: now() })
        .where(eq(judgeTasks.id, id)),

    /** Failed for good; `result` (a compile check's or a test run's report) when given. */
    failTask: (tx: Tx, id: number, v: { lastError: string; at: Date; result?: JudgeTaskRow['result'] }) =>
      tx
        .update(judgeTasks)
        .set({
          state: 'failed',
          leaseOwner: null,
          leaseExpiresAt: null,
          lastError: v.lastError,
          ...(v.result === undefined ? {} : { result: v.result }),
          updatedAt: v.at,
        })
        .where(eq(judgeTasks.id, id)),

    /** Stores a saved problem's checker compile answer on the problem, unless a later save queued a newer compile
     * of it (its answer is the one that counts). */
    setCheckerState: (tx: Tx, pid: number, taskId: number, v: { ok: boolean; message: string; at: Date }) =>
      tx
        .update(problems)
        .set({ checkerState: v.ok ? 'ok' : 'error', checkerError: v.ok ? null : v.message, checkerCompiledAt: v.at })
        .where(
          and(
            eq(problems.id, pid),
            sql`not exists (select 1 from ${judgeTasks} where ${judgeTasks.kind} = 'compileChecker'
              and ${judgeTasks.payload}->>'pid' = ${String(pid)} and ${judgeTasks.id} > ${taskId})`,
          ),
        ),

    finishTask: (tx: Tx, id: number, v: { result: JudgeTaskRow['result']; at: Date }) =>
      tx
        .update(judgeTasks)
        .set({ state: 'done', result: v.result, leaseOwner: null, leaseExpiresAt: null, updatedAt: v.at })
        .where(eq(judgeTasks.id, id)),

    /** Ends the queued and running tasks of submissions (a rejudge supersedes them); answers their ids and kinds. */
    supersedeTasksOf: (tx: Tx, submitId: number | number[]) =>
      tx
        .update(judgeTasks)
        .set({ state: 'done', lastError: 'superseded', leaseOwner: null, updatedAt: now() })
        .where(
          and(
            Array.isArray(submitId) ? inArray(judgeTasks.submitId, submitId) : eq(judgeTasks.submitId, submitId),
            inArray(judgeTasks.state, ['queued', 'running']),
          ),
        )
        .returning({ id: judgeTasks.id, kind: judgeTasks.kind }),

    task: async (id: number) => (await db.select().from(judgeTasks).where(eq(judgeTasks.id, id)))[0],
    taskByKey: async (key: string) => (await db.select().from(judgeTasks).where(eq(judgeTasks.publicKey, key)))[0],
    tasksOf: (submitId: number) =>
      db.select().from(judgeTasks).where(eq(judgeTasks.submitId, submitId)).orderBy(asc(judgeTasks.id)),

    async queuedCount() {
      const [{ queued }] = await db.select({ queued: count() }).from(judgeTasks).where(eq(judgeTasks.state, 'queued'));
      return queued;
    },

    /** Ends the account leases these tasks hold. */
    releaseAccounts: (tx: Tx, taskIds: number[]) =>
      taskIds.length === 0
        ? Promise.resolve()
        : tx
            .update(remoteJudgeAccounts)
            .set({ leaseTaskId: null, leaseExpiresAt: null, gmtModified: now() })
            .where(inArray(remoteJudgeAccounts.leaseTaskId, taskIds)),

    async poolSize(tx: Tx | undefined, pool: string) {
      const [{ n }] = await (tx ?? db)
        .select({ n: count() })
        .from(remoteJudgeAccounts)
        .where(eq(remoteJudgeAccounts.oj, pool));
      return n;
    },

    /** An idle account of the pool (never leased, lease expired before `at`, or its task no longer running), the
     * least recently used first, locked (skipping locked ones); only `username` when given. */
    async lockIdleAccount(tx: Tx, pool: string, username: string | undefined, at: Date) {
      const [account] = await tx
        .select()
        .from(remoteJudgeAccounts)
        .where(
          and(
            eq(remoteJudgeAccounts.oj, pool),
            username === undefined ? undefined : eq(remoteJudgeAccounts.username, username),
            or(
              isNull(remoteJudgeAccounts.leaseTaskId),
              lt(remoteJudgeAccounts.leaseExpiresAt, at),
              sql`not exists (select 1 from ${judgeTasks} where ${judgeTasks.id} = ${remoteJudgeAccounts.leaseTaskId} and ${judgeTasks.state} = 'running')`,
            ),
          ),
        )
        .orderBy(asc(remoteJudgeAccounts.gmtModified), asc(remoteJudgeAccounts.id))
        .limit(1)
        .for('update', { skipLocked: true });
      return account;
    },

    /** Leases the account to the task, if its version is still the one read; answers the leased rows (none or one). */
    leaseAccount: (
      tx: Tx,
      account: { id: number; version: number },
      v: { taskId: number; leaseExpiresAt: Date; at: Date },
    ) =>
      tx
        .update(remoteJudgeAccounts)
        .set({
          leaseTaskId: v.taskId,
          leaseExpiresAt: v.leaseExpiresAt,
          version: account.version + 1,
          gmtModified: v.at,
        })
        .where(and(eq(remoteJudgeAccounts.id, account.id), eq(remoteJudgeAccounts.version, account.version)))
        .returning({ id: remoteJudgeAccounts.id }),

    extendAccountLease: (tx: Tx, taskId: number, leaseExpiresAt: Date) =>
      tx.update(remoteJudgeAccounts).set({ leaseExpiresAt }).where(eq(remoteJudgeAccounts.leaseTaskId, taskId)),

    /** The submission of the task's judgement version, or none when a rejudge moved it on. */
    currentSubmission: async (tx: Tx, task: JudgeTaskRow) =>
      (await tx.select().from(submissions).where(ofTask(task)))[0],

    /** Whether the task's judgement version is still the submission's (one row) or not (none). */
    currentSubmissionId: (tx: Tx, task: JudgeTaskRow) =>
      tx.select({ submitId: submissions.submitId }).from(submissions).where(ofTask(task)),

    /** What a verdict needs of the task's current submission, locked, and how it is scored (verdict-score.ts; no
     * `place` when its problem is gone), in one statement; none when a rejudge moved the submission on. */
    async lockCurrentSubmission(tx: Tx, task: JudgeTaskRow) {
      const [row] = await tx
        .select({
          pid: submissions.pid,
          uid: submissions.uid,
          cid: submissions.cid,
          ...scoringColumns(submissions.cid),
        })
        .from(submissions)
        .leftJoin(problems, eq(problems.id, submissions.pid))
        .where(ofTask(task))
        .for('update', { of: submissions });
      if (!row) return undefined;
      const { pid, uid, cid, type, ioScore, judgeCaseMode, oiContest } = row;
      const place = type === null ? undefined : { type, ioScore: ioScore ?? 0, judgeCaseMode, oiContest };
      return { pid, uid, cid, place };
    },

    /** Sets the submission when the task's judgement version is still current; answers the rows set (none or one). */
    setSubmissionIfCurrent: (tx: Tx, task: JudgeTaskRow, values: SubmissionValues) =>
      tx
        .update(submissions)
        .set({ ...values, gmtModified: now() })
        .where(ofTask(task))
        .returning({ submitId: submissions.submitId }),

    /** Sets the submission when the task's judgement version is current and its status is still `status`; what a
     * worker needs of it to judge it (none when it was not set). */
    setSubmissionIfStatus: (
      tx: Tx,
      task: JudgeTaskRow,
      status: number,
      values: SubmissionValues & { gmtModified: Date },
    ): Promise<ClaimedSubmission[]> =>
      tx
        .update(submissions)
        .set(values)
        .where(and(ofTask(task), eq(submissions.status, status)))
        .returning({ submitId: submissions.submitId, pid: submissions.pid, code: submissions.code }),

    setSubmission: (tx: Tx, submitId: number, values: SubmissionValues & { gmtModified: Date }) =>
      tx.update(submissions).set(values).where(eq(submissions.submitId, submitId)),

    /** The submission's per-case results become these (none: none). */
    async replaceCases(tx: Tx, submitId: number, cases: JudgeCaseValues[]) {
      await tx.delete(judgeCases).where(eq(judgeCases.submitId, submitId));
      if (cases.length) await tx.insert(judgeCases).values(cases);
    },

    /** A local worker's row of the judges' table, heartbeat now (a new row is stamped with the queue's clock: when the
     * worker first claimed). */
    recordWorker: (w: JudgeRecord & { languages: string[] }) =>
      db
        .insert(judges)
        .values({
          gmtCreate: now(),
          name: w.name,
          languages: w.languages,
          concurrency: w.concurrency,
          running: w.running,
          version: w.version,
          lastHeartbeat: now(),
        })
        .onConflictDoUpdate({
          target: judges.name,
          set: {
            languages: w.languages,
            concurrency: w.concurrency,
            running: w.running,
            version: w.version,
            lastHeartbeat: now(),
          },
        }),

    /** A remote judging loop's row (no local languages), heartbeat now; an existing row takes its remote judges. */
    recordRemoteWorker: (w: JudgeRecord & { remote: string[] }) =>
      db
        .insert(judges)
        .values({
          gmtCreate: now(),
          name: w.name,
          languages: [],
          remote: w.remote,
          concurrency: w.concurrency,
          running: w.running,
          version: w.version,
          lastHeartbeat: now(),
        })
        .onConflictDoUpdate({ target: judges.name, set: { remote: w.remote, lastHeartbeat: now() } }),

    /** The languages a judge declares join the catalogue, or are stamped as declared again (decision 0036). In one
     * order, so two judges declaring at once lock the rows alike. */
    async declareLanguages(languages: string[]) {
      if (languages.length === 0) return;
      const at = now();
      await db
        .insert(judgeLanguages)
        .values(
          [...new Set(languages)].sort().map((language) => ({ language, firstDeclaredAt: at, lastDeclaredAt: at })),
        )
        .onConflictDoUpdate({ target: judgeLanguages.language, set: { lastDeclaredAt: at } });
    },

    /** Every language on offer, by name. */
    catalogue: () => db.select().from(judgeLanguages).orderBy(asc(judgeLanguages.language)),

    /** Languages no judge has declared since `before` leave the catalogue; answers their names. */
    forgetLanguages: async (tx: Tx, before: Date) =>
      (
        await tx
          .delete(judgeLanguages)
          .where(lt(judgeLanguages.lastDeclaredAt, before))
          .returning({ language: judgeLanguages.language })
      ).map((r) => r.language),

    /** The remote sites a worker declares join the remote catalogue, or are stamped as declared again (decision 0036,
     * "Remote sites"); in one order, as the languages. */
    async declareRemoteSites(sites: string[]) {
      if (sites.length === 0) return;
      const at = now();
      await db
        .insert(judgeRemoteSites)
        .values([...new Set(sites)].sort().map((site) => ({ site, firstDeclaredAt: at, lastDeclaredAt: at })))
        .onConflictDoUpdate({ target: judgeRemoteSites.site, set: { lastDeclaredAt: at } });
    },

    /** Every remote site on offer, by name. */
    remoteCatalogue: () => db.select().from(judgeRemoteSites).orderBy(asc(judgeRemoteSites.site)),

    /** Sites no worker has declared since `before` leave the remote catalogue; answers their names. */
    forgetRemoteSites: async (tx: Tx, before: Date) =>
      (
        await tx
          .delete(judgeRemoteSites)
          .where(lt(judgeRemoteSites.lastDeclaredAt, before))
          .returning({ site: judgeRemoteSites.site })
      ).map((r) => r.site),

    /** Queued remote tasks by site (for the sites without a live worker). */
    queuedBySite: async () =>
      db
        .select({ site: remoteSiteOf, queued: count() })
        .from(judgeTasks)
        .where(and(eq(judgeTasks.state, 'queued'), eq(judgeTasks.kind, 'remote')))
        .groupBy(remoteSiteOf),

    /** Queued tasks by language (for the languages without a live judge). */
    queuedByLanguage: async () =>
      db
        .select({ language: judgeTasks.language, queued: count() })
        .from(judgeTasks)
        .where(and(eq(judgeTasks.state, 'queued'), ne(judgeTasks.kind, 'remote')))
        .groupBy(judgeTasks.language),

    touchJudge: (name: string) => db.update(judges).set({ lastHeartbeat: now() }).where(eq(judges.name, name)),

    /** Judges heard from after `since`. */
    liveJudgeLanguages: (since: Date) =>
      db.select({ languages: judges.languages }).from(judges).where(gt(judges.lastHeartbeat, since)),
    liveJudgeRemote: (since: Date) =>
      db
        .select({ remote: judges.remote, gmtCreate: judges.gmtCreate })
        .from(judges)
        .where(gt(judges.lastHeartbeat, since)),

    listJudges: () => db.select().from(judges).orderBy(asc(judges.name)),
  };
};
export type JudgeQueueRepository = ReturnType<typeof createJudgeQueueRepository>;
