import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { importJobs, judgeTasks, problemSolutions, problems } from '../../db/schema.js';

export type ImportJobRow = typeof importJobs.$inferSelect;
export type NewImportJob = typeof importJobs.$inferInsert;
export type NewProblemSolution = Omit<typeof problemSolutions.$inferInsert, 'id' | 'pid' | 'gmtCreate'>;

/** The SQL of background imports and package checks (import-job.service.ts). */
export const createImportJobRepository = (db: Db) => ({
  transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),

  insert: async (tx: Tx, values: NewImportJob) => (await tx.insert(importJobs).values(values).returning())[0],

  update: (tx: Tx | undefined, id: number, values: Partial<NewImportJob>) =>
    (tx ?? db)
      .update(importJobs)
      .set({ ...values, gmtModified: new Date() })
      .where(eq(importJobs.id, id)),

  /** The job with the display id of its problem. */
  async find(id: number) {
    const [row] = await db
      .select({ job: importJobs, problemId: problems.problemId })
      .from(importJobs)
      .leftJoin(problems, eq(problems.id, importJobs.pid))
      .where(eq(importJobs.id, id))
      .limit(1);
    return row;
  },

  async lock(tx: Tx, id: number) {
    const [row] = await tx.select().from(importJobs).where(eq(importJobs.id, id)).for('update').limit(1);
    return row;
  },

  async byTask(taskId: number) {
    const [row] = await db.select({ id: importJobs.id }).from(importJobs).where(eq(importJobs.taskId, taskId)).limit(1);
    return row?.id;
  },

  /** The task's state, its answer and why it failed. */
  async taskOutcome(tx: Tx, taskId: number) {
    const [row] = await tx
      .select({ state: judgeTasks.state, result: judgeTasks.result, lastError: judgeTasks.lastError })
      .from(judgeTasks)
      .where(eq(judgeTasks.id, taskId))
      .limit(1);
    return row;
  },

  /** The job's progress, when (taskId, attempt) is the running attempt leased to `worker`; false otherwise. */
  async setProgress(worker: string, taskId: number, attempt: number, stepsDone: number, stepsTotal: number) {
    const progress = Math.min(99, Math.floor((stepsDone / Math.max(1, stepsTotal)) * 100));
    const rows = await db
      .update(importJobs)
      .set({ progress, stage: 'running', stepsDone, stepsTotal, gmtModified: new Date() })
      .where(
        and(
          eq(importJobs.taskId, taskId),
          eq(importJobs.status, 'running'),
          sql`exists (select 1 from ${judgeTasks} where ${judgeTasks.id} = ${taskId} and ${judgeTasks.attempt} = ${attempt}
            and ${judgeTasks.leaseOwner} = ${worker} and ${judgeTasks.state} = 'running')`,
        ),
      )
      .returning({ id: importJobs.id });
    return rows.length > 0;
  },

  /** Running jobs whose task has ended (a report the server did not get to finish, a task that failed for good). */
  async endedRunning(): Promise<number[]> {
    const rows = await db
      .select({ id: importJobs.id })
      .from(importJobs)
      .innerJoin(judgeTasks, eq(judgeTasks.id, importJobs.taskId))
      .where(and(eq(importJobs.status, 'running'), sql`${judgeTasks.state} in ('done', 'failed')`));
    return rows.map((r) => r.id);
  },

  solutionsOf: (pid: number) =>
    db.select().from(problemSolutions).where(eq(problemSolutions.pid, pid)).orderBy(asc(problemSolutions.id)),

  async solution(id: number) {
    const [row] = await db.select().from(problemSolutions).where(eq(problemSolutions.id, id)).limit(1);
    return row;
  },

  addSolution: async (pid: number, row: NewProblemSolution) =>
    (
      await db
        .insert(problemSolutions)
        .values({ ...row, pid })
        .returning()
    )[0],

  removeSolution: (id: number) => db.delete(problemSolutions).where(eq(problemSolutions.id, id)),

  insertSolutions: async (tx: Tx, pid: number, rows: NewProblemSolution[]) => {
    if (rows.length) await tx.insert(problemSolutions).values(rows.map((r) => ({ ...r, pid })));
  },

  /** The last job that reported on the problem (its package check). */
  async lastOf(pid: number) {
    const [row] = await db
      .select()
      .from(importJobs)
      .where(eq(importJobs.pid, pid))
      .orderBy(desc(importJobs.id))
      .limit(1);
    return row;
  },
});
export type ImportJobRepository = ReturnType<typeof createImportJobRepository>;
