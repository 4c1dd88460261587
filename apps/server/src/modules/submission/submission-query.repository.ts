import { JUDGE_STATUS } from '@oj/shared';
import { and, asc, count, desc, eq, gte, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { judgeCases, problemCases, problems, submissions, users } from '../../db/schema.js';
import type { FailingCase } from './first-failure.js';

export interface SubmissionFilter {
  uid?: string;
  uids?: string[];
  pids?: number[];
  status?: number;
  cid?: number;
  /** A group's submissions, or (null) none of any group's. */
  gid?: number | null;
  offset: number;
  limit: number;
}

const listColumns = {
  submission: submissions,
  title: problems.title,
  realname: users.realname,
  // Who may read the problem decides whether its name is shown (submission-visibility.ts).
  problem: { auth: problems.auth, isGroup: problems.isGroup, author: problems.author },
};
export type SubmissionWithTitle = {
  submission: typeof submissions.$inferSelect;
  title: string;
  realname: string | null;
};
/** A row of this repository: the submission with what the visibility rule needs of its problem. */
export type SubmissionRow = SubmissionWithTitle & { problem: { auth: number; isGroup: number; author: string } };

/** Read side of submissions: lists, details, per-case results and the per-user queries behind the problem pages. */
export const createSubmissionQueryRepository = (db: Db) => ({
  async page(f: SubmissionFilter): Promise<{ total: number; rows: SubmissionRow[] }> {
    const where: SQL[] = [];
    if (f.uid !== undefined) where.push(eq(submissions.uid, f.uid));
    if (f.uids) where.push(inArray(submissions.uid, f.uids));
    if (f.pids) where.push(inArray(submissions.pid, f.pids));
    if (f.status !== undefined) where.push(eq(submissions.status, f.status));
    if (f.cid !== undefined) where.push(eq(submissions.cid, f.cid));
    if (f.gid === null) where.push(isNull(submissions.gid));
    else if (f.gid !== undefined) where.push(eq(submissions.gid, f.gid));
    const cond = where.length ? and(...where) : undefined;
    // The total and the page are independent: on PostgreSQL they run at once on two pooled connections.
    const [[{ total }], rows] = await Promise.all([
      db.select({ total: count() }).from(submissions).where(cond),
      db
        .select(listColumns)
        .from(submissions)
        .innerJoin(problems, eq(problems.id, submissions.pid))
        .innerJoin(users, eq(users.uid, submissions.uid))
        .where(cond)
        .orderBy(desc(submissions.submitId))
        .limit(f.limit)
        .offset(f.offset),
    ]);
    return { total, rows };
  },

  async byIds(ids: number[]): Promise<SubmissionRow[]> {
    if (ids.length === 0) return [];
    return db
      .select(listColumns)
      .from(submissions)
      .innerJoin(problems, eq(problems.id, submissions.pid))
      .innerJoin(users, eq(users.uid, submissions.uid))
      .where(inArray(submissions.submitId, ids));
  },

  async byId(id: number): Promise<SubmissionRow | undefined> {
    const [row] = await this.byIds([id]);
    return row;
  },

  /** Users whose username (or real name) matches, for the list's name filters. */
  async uidsByName(name: string, exact: boolean): Promise<string[]> {
    const rows = await db
      .select({ uid: users.uid })
      .from(users)
      .where(
        exact
          ? sql`lower(${users.username}) = lower(${name})`
          : sql`${users.username} ilike ${name} or ${users.realname} ilike ${name}`,
      )
      .limit(1000);
    return rows.map((r) => r.uid);
  },

  async pidsByDisplayId(problemId: string, exact: boolean): Promise<number[]> {
    const rows = await db
      .select({ id: problems.id })
      .from(problems)
      .where(
        exact
          ? sql`upper(${problems.problemId}) = upper(${problemId})`
          : sql`${problems.problemId} ilike ${`%${problemId.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
      )
      .limit(1000);
    return rows.map((r) => r.id);
  },

  /** Per problem: an AC if there is one, else the latest non-contest submission. */
  async statusByProblem(uid: string, pids: number[]) {
    if (pids.length === 0) return [];
    return db
      .selectDistinctOn([submissions.pid], {
        pid: submissions.pid,
        status: submissions.status,
        score: submissions.score,
      })
      .from(submissions)
      .where(and(eq(submissions.uid, uid), inArray(submissions.pid, pids), eq(submissions.cid, 0)))
      .orderBy(asc(submissions.pid), sql`(${submissions.status} = 0) desc`, desc(submissions.submitId));
  },

  async lastAccepted(uid: string, pid: number, cid: number) {
    const [row] = await db
      .select({ code: submissions.code, language: submissions.language })
      .from(submissions)
      .where(
        and(eq(submissions.uid, uid), eq(submissions.pid, pid), eq(submissions.cid, cid), eq(submissions.status, 0)),
      )
      .orderBy(desc(submissions.submitId))
      .limit(1);
    return row;
  },

  /** Case results with the test file names (shown to admins only). */
  cases(submitId: number) {
    return db
      .select({ c: judgeCases, inputName: problemCases.inputName, outputName: problemCases.outputName })
      .from(judgeCases)
      .leftJoin(problemCases, eq(problemCases.id, judgeCases.caseId))
      .where(eq(judgeCases.submitId, submitId))
      .orderBy(asc(judgeCases.seq));
  },

  /** The first case of a submission that is not Accepted (skipped ones not counted), with its test files. */
  async firstFailingCase(submitId: number): Promise<FailingCase | undefined> {
    const [row] = await db
      .select({ c: judgeCases, files: problemCases })
      .from(judgeCases)
      .leftJoin(problemCases, eq(problemCases.id, judgeCases.caseId))
      .where(
        and(
          eq(judgeCases.submitId, submitId),
          notInArray(judgeCases.status, [JUDGE_STATUS.ACCEPTED, JUDGE_STATUS.CANCELLED]),
        ),
      )
      .orderBy(asc(judgeCases.seq))
      .limit(1);
    if (!row) return undefined;
    const { c, files } = row;
    return {
      seq: c.seq,
      status: c.status,
      message: c.message,
      userOutput: c.userOutput,
      outputFromLine: c.outputFromLine,
      outputBytes: c.outputBytes,
      input: files ? { sha256: files.inputSha256, size: files.inputSize } : null,
      expected: files ? { sha256: files.outputSha256, size: files.outputSize } : null,
    };
  },

  async setShare(submitId: number, share: boolean) {
    await db
      .update(submissions)
      .set({ share: share ? 1 : 0 })
      .where(eq(submissions.submitId, submitId));
  },

  /** Submissions and ACs per local day since `from` (all submissions, contests included, as HOJ counts them). */
  dailyCounts(from: Date, timeZone: string, uid?: string) {
    const day = sql<string>`to_char(${submissions.submitTime} at time zone ${timeZone}, 'YYYY-MM-DD')`;
    return (
      db
        .select({
          day,
          total: sql<number>`count(*)::int`,
          ac: sql<number>`(count(*) filter (where ${submissions.status} = 0))::int`,
        })
        .from(submissions)
        .where(
          and(
            gte(submissions.submitTime, from),
            ...(uid === undefined ? [] : [eq(submissions.uid, uid), eq(submissions.cid, 0)]),
          ),
        )
        // By position: the day expression carries a bound parameter, so it cannot be repeated here.
        .groupBy(sql`1`)
    );
  },
});
export type SubmissionQueryRepository = ReturnType<typeof createSubmissionQueryRepository>;
