import { sql } from 'drizzle-orm';
import { type Db, migrationsApplied } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import type { JudgeQueue } from '../judge/judge-queue.service.js';

/** Liveness and readiness of this instance: what a load balancer asks before it sends work here. */
export const createHealthService = (deps: { db: Db; queue: JudgeQueue }) => {
  let stopping = false;
  return {
    /** From now on readiness answers 503 (main.ts, on SIGTERM: the balancer stops sending work while requests in
     * flight finish). */
    markStopping() {
      stopping = true;
    },
    /** The first reason this instance cannot do its work, as a 503; else the judges heard from and the queue. */
    async ready() {
      if (stopping) throw new AppError(503, 'notReadyStopping');
      try {
        await deps.db.execute(sql`SELECT 1`);
      } catch {
        throw new AppError(503, 'notReadyDatabase');
      }
      if (!(await migrationsApplied(deps.db))) throw new AppError(503, 'notReadyMigrations');
      const status = await deps.queue.status();
      if (status.judges === 0) throw new AppError(503, 'notReadyJudge');
      return { status: 'ready' as const, judges: status.judges, queued: status.queued };
    },
  };
};
export type HealthService = ReturnType<typeof createHealthService>;
