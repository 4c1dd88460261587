import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { files, importJobs, judgeHeaders, problemCases, testDataUploads } from '../../db/schema.js';

/** What the upload quota counts and what the storage collector asks of the database. */
export const createUploadRepository = (db: Db) => ({
  /** Uploads of a user since `since`: rows of `files` (avatars, statement images and files, carousel images,
   * deleted ones included) and test-data uploads (counted by what they stored), with their bytes. */
  async usageSince(uid: string, since: Date): Promise<{ count: number; bytes: number }> {
    const stored = await db
      .select({ size: files.size })
      .from(files)
      .where(and(eq(files.uid, uid), gte(files.gmtCreate, since)));
    const uploads = await db
      .select({ cases: testDataUploads.cases })
      .from(testDataUploads)
      .where(and(eq(testDataUploads.uid, uid), gte(testDataUploads.gmtCreate, since)));
    let bytes = stored.reduce((sum, f) => sum + f.size, 0);
    for (const u of uploads) for (const c of u.cases) bytes += c.inputSize + c.outputSize;
    return { count: stored.length + uploads.length, bytes };
  },

  /** Hashes of the test data some problem, some live upload (not yet expired at `at`), a judge header or a running
   * import job refers to. */
  async referencedTestData(at: Date): Promise<Set<string>> {
    const used = new Set<string>();
    const cases = await db
      .selectDistinct({ input: problemCases.inputSha256, output: problemCases.outputSha256 })
      .from(problemCases);
    for (const c of cases) used.add(c.input).add(c.output);
    const uploads = await db
      .select({ cases: testDataUploads.cases })
      .from(testDataUploads)
      .where(gte(testDataUploads.expiresAt, at));
    for (const u of uploads) for (const c of u.cases) used.add(c.inputSha256).add(c.outputSha256);
    for (const h of await db.select({ sha256: judgeHeaders.sha256 }).from(judgeHeaders)) used.add(h.sha256);
    const jobs = await db.select({ files: importJobs.files }).from(importJobs).where(eq(importJobs.status, 'running'));
    for (const j of jobs) for (const sha256 of j.files) used.add(sha256);
    return used;
  },

  /** Drops upload rows that expired before `before`; answers how many. */
  async purgeUploads(before: Date): Promise<number> {
    const rows = await db
      .delete(testDataUploads)
      .where(lt(testDataUploads.expiresAt, before))
      .returning({ id: testDataUploads.id });
    return rows.length;
  },

  /** The `files` rows of the given stored names: name -> deleted. */
  async fileStates(names: string[]): Promise<Map<string, boolean>> {
    const out = new Map<string, boolean>();
    if (!names.length) return out;
    const rows = await db
      .select({ name: files.name, deleted: files.deleted })
      .from(files)
      .where(inArray(files.name, names));
    for (const r of rows) out.set(r.name, r.deleted !== 0);
    return out;
  },
});
export type UploadRepository = ReturnType<typeof createUploadRepository>;
