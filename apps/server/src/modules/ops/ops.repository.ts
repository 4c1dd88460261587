import { count, inArray, min } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { judges, judgeTasks } from '../../db/schema.js';

/** Read-only figures for the metrics endpoint: the judge queue and the judge registry, as every server instance
 * sees them in the shared database. */
export const createOpsRepository = (db: Db) => ({
  /** Queued and running tasks by kind and state, with the oldest queued task's creation time. */
  queue: () =>
    db
      .select({ kind: judgeTasks.kind, state: judgeTasks.state, n: count(), oldest: min(judgeTasks.createdAt) })
      .from(judgeTasks)
      .where(inArray(judgeTasks.state, ['queued', 'running']))
      .groupBy(judgeTasks.kind, judgeTasks.state),

  judges: () =>
    db
      .select({
        name: judges.name,
        concurrency: judges.concurrency,
        running: judges.running,
        lastHeartbeat: judges.lastHeartbeat,
      })
      .from(judges),
});
export type OpsRepository = ReturnType<typeof createOpsRepository>;
