import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { NotifyBus } from '../../db/notify-bus.js';
import { judgeHeaders } from '../../db/schema.js';
import { busCache } from '../../lib/bus-cache.js';

export type JudgeHeaderRow = typeof judgeHeaders.$inferSelect;
export type JudgeHeaderValues = Pick<JudgeHeaderRow, 'name' | 'sha256' | 'size' | 'version' | 'uploadedBy'>;

/** The site's judge headers (table `judge_headers`); their bytes are in the test data store. */
export const createJudgeHeaderRepository = (db: Db) => ({
  list: (): Promise<JudgeHeaderRow[]> => db.select().from(judgeHeaders).orderBy(asc(judgeHeaders.name)),

  async find(name: string): Promise<JudgeHeaderRow | null> {
    const [row] = await db.select().from(judgeHeaders).where(eq(judgeHeaders.name, name));
    return row ?? null;
  },

  /** What a worker needs of each header to fetch it: its name, hash and size, by name. */
  forWorker: (): Promise<{ name: string; sha256: string; size: number }[]> =>
    db
      .select({ name: judgeHeaders.name, sha256: judgeHeaders.sha256, size: judgeHeaders.size })
      .from(judgeHeaders)
      .orderBy(asc(judgeHeaders.name)),

  /** Adds the header, or replaces the content of the one of the same name (its creation time stays). */
  async upsert(v: JudgeHeaderValues, at: Date): Promise<JudgeHeaderRow> {
    const [row] = await db
      .insert(judgeHeaders)
      .values({ ...v, gmtCreate: at, gmtModified: at })
      .onConflictDoUpdate({
        target: judgeHeaders.name,
        set: { sha256: v.sha256, size: v.size, version: v.version, uploadedBy: v.uploadedBy, gmtModified: at },
      })
      .returning();
    return row as JudgeHeaderRow;
  },

  /** Adds the header unless one of that name exists (which then stays as it is); true when it was added. */
  async insertIfMissing(v: JudgeHeaderValues, at: Date): Promise<boolean> {
    const rows = await db
      .insert(judgeHeaders)
      .values({ ...v, gmtCreate: at, gmtModified: at })
      .onConflictDoNothing({ target: judgeHeaders.name })
      .returning({ name: judgeHeaders.name });
    return rows.length > 0;
  },

  /** Removes the header; the removed row, or null when there was none. */
  async remove(name: string): Promise<JudgeHeaderRow | null> {
    const [row] = await db.delete(judgeHeaders).where(eq(judgeHeaders.name, name)).returning();
    return row ?? null;
  },
});
export type JudgeHeaderRepository = ReturnType<typeof createJudgeHeaderRepository>;

/** The headers a worker is told of with every task (each claim asked the database for them) read from memory
 * (lib/bus-cache.ts); every write of the table drops them here and on every instance. */
export const withWorkerHeadersCache = (repo: JudgeHeaderRepository, bus: NotifyBus): JudgeHeaderRepository => {
  const cache = busCache<Awaited<ReturnType<JudgeHeaderRepository['forWorker']>>>(bus, 'judge_headers');
  const KEY = 'all';
  return {
    ...repo,
    forWorker: () => cache.get(KEY, repo.forWorker),
    async upsert(v, at) {
      const row = await repo.upsert(v, at);
      await cache.written(KEY);
      return row;
    },
    async insertIfMissing(v, at) {
      const added = await repo.insertIfMissing(v, at);
      if (added) await cache.written(KEY);
      return added;
    },
    async remove(name) {
      const row = await repo.remove(name);
      if (row) await cache.written(KEY);
      return row;
    },
  };
};
