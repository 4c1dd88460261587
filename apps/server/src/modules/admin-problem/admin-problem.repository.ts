import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  codeTemplates,
  files,
  problemCases,
  problemLanguages,
  problems,
  problemTags,
  tags,
  testDataUploads,
} from '../../db/schema.js';
import type { NewProblem, NewProblemCase, ProblemRow } from '../problem/problem-queries.js';

export type TagRow = typeof tags.$inferSelect;
export type TemplateRow = typeof codeTemplates.$inferSelect;
export type UploadRow = typeof testDataUploads.$inferSelect;
export type FileRow = typeof files.$inferSelect;

export interface ProblemUpdate {
  problem: Partial<Omit<NewProblem, 'id'>>;
  /** Replaces every case when given; absent keeps the stored ones. */
  cases?: NewProblemCase[];
  languages: string[];
  templates: { language: string; code: string; status: number }[];
  tags: { id?: number | null; name: string }[];
  /** A group problem's group: its new tags are the group's (tags.gid), and it finds the group's and the site's. */
  tagGid?: number | null;
}

/** Problem administration: the only code of the admin area that touches the problem tables. */
export const createAdminProblemRepository = (db: Db) => {
  /** Tag ids for the form's tags: existing ones by id, others by name in the local bank (created when new). */
  const resolveTags = async (tx: Tx, wanted: { id?: number | null; name: string }[], gid: number | null) => {
    const ids = new Set<number>();
    const byId = wanted.filter((t) => t.id);
    if (byId.length) {
      const rows = await tx
        .select({ id: tags.id })
        .from(tags)
        .where(
          and(
            inArray(
              tags.id,
              byId.map((t) => t.id as number),
            ),
            // The site's tags, and a group problem's own group's: never another group's.
            gid === null ? sql`${tags.gid} is null` : or(sql`${tags.gid} is null`, eq(tags.gid, gid)),
          ),
        );
      for (const r of rows) ids.add(r.id);
    }
    const names = wanted.filter((t) => !t.id).map((t) => t.name);
    if (names.length) {
      await tx
        .insert(tags)
        .values(names.map((name) => ({ name, oj: 'ME', gid })))
        .onConflictDoNothing();
      const rows = await tx
        .select()
        .from(tags)
        .where(
          and(
            inArray(tags.name, names),
            eq(tags.oj, 'ME'),
            gid === null ? sql`${tags.gid} is null` : eq(tags.gid, gid),
          ),
        );
      for (const r of rows) ids.add(r.id);
    }
    return [...ids];
  };

  return {
    async list(q: { keyword?: string; auth?: number; author?: string; limit: number; offset: number }) {
      const where: SQL[] = [eq(problems.isGroup, 0)];
      if (q.keyword) {
        const like = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        where.push(
          or(ilike(problems.title, like), ilike(problems.problemId, like), ilike(problems.author, like)) as SQL,
        );
      }
      if (q.auth) where.push(eq(problems.auth, q.auth));
      if (q.author !== undefined) where.push(eq(problems.author, q.author));
      const cond = and(...where);
      const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(problems).where(cond);
      const rows = await db
        .select()
        .from(problems)
        .where(cond)
        .orderBy(desc(problems.id))
        .limit(q.limit)
        .offset(q.offset);
      return { rows, total: n };
    },

    async tagsOf(pid: number): Promise<TagRow[]> {
      const rows = await db
        .select({ tag: tags })
        .from(problemTags)
        .innerJoin(tags, eq(tags.id, problemTags.tid))
        .where(eq(problemTags.pid, pid))
        .orderBy(asc(tags.id));
      return rows.map((r) => r.tag);
    },

    templatesOf: (pid: number): Promise<TemplateRow[]> =>
      db.select().from(codeTemplates).where(eq(codeTemplates.pid, pid)).orderBy(asc(codeTemplates.id)),

    async create(u: ProblemUpdate & { problem: Omit<NewProblem, 'id'> }): Promise<ProblemRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(problems).values(u.problem).returning();
        await writeParts(tx, row.id, u);
        return row;
      });
    },

    async update(pid: number, u: ProblemUpdate): Promise<ProblemRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(problems)
          .set({ ...u.problem, gmtModified: new Date() })
          .where(eq(problems.id, pid))
          .returning();
        await tx.delete(problemLanguages).where(eq(problemLanguages.pid, pid));
        await tx.delete(codeTemplates).where(eq(codeTemplates.pid, pid));
        await tx.delete(problemTags).where(eq(problemTags.pid, pid));
        if (u.cases) await tx.delete(problemCases).where(eq(problemCases.pid, pid));
        await writeParts(tx, pid, u);
        return row;
      });
    },

    async remove(pid: number) {
      await db.delete(problems).where(eq(problems.id, pid));
    },

    async setAuth(pid: number, auth: number, modifiedUser: string) {
      await db.update(problems).set({ auth, modifiedUser, gmtModified: new Date() }).where(eq(problems.id, pid));
    },

    async problemIdTaken(problemId: string, exceptPid?: number) {
      const rows = await db
        .select({ id: problems.id })
        .from(problems)
        .where(sql`upper(${problems.problemId}) = upper(${problemId})`);
      return rows.some((r) => r.id !== exceptPid);
    },

    /** Special judge and interactive problems whose checker has no compile state: saved before the state was kept,
     * or imported without a compile (the sample problems). */
    async problemsWithUncompiledChecker(): Promise<number[]> {
      const rows = await db
        .select({ id: problems.id })
        .from(problems)
        .where(
          and(
            inArray(problems.judgeMode, ['spj', 'interactive']),
            isNotNull(problems.spjCode),
            isNull(problems.checkerState),
          ),
        )
        .orderBy(problems.id);
      return rows.map((r) => r.id);
    },

    /** 'compiling' when a checker compile is queued, null for a problem without a checker (clears the last answer). */
    setCheckerCompiling: (pid: number, compiling: boolean) =>
      db
        .update(problems)
        .set({ checkerState: compiling ? 'compiling' : null, checkerError: null, checkerCompiledAt: null })
        .where(eq(problems.id, pid)),

    setProblemId: (pid: number, problemId: string) =>
      db.update(problems).set({ problemId }).where(eq(problems.id, pid)),

    // ---- test data uploads waiting for their form -------------------------------------------------------------
    async saveUpload(u: typeof testDataUploads.$inferInsert) {
      await db.insert(testDataUploads).values(u);
    },
    async findUpload(id: string): Promise<UploadRow | undefined> {
      const [row] = await db.select().from(testDataUploads).where(eq(testDataUploads.id, id));
      return row;
    },
    /** A saved form used its upload: the row expires at once but stays a while, since the upload quota counts
     * it (the storage collector drops expired rows once the quota window has passed). */
    async useUpload(id: string, at: Date) {
      await db
        .update(testDataUploads)
        .set({ expiresAt: new Date(at.getTime() - 1) })
        .where(eq(testDataUploads.id, id));
    },

    // ---- markdown uploads ---------------------------------------------------------------------------------------
    async saveFile(f: typeof files.$inferInsert): Promise<FileRow> {
      const [row] = await db.insert(files).values(f).returning();
      return row;
    },
    async findFile(id: number): Promise<FileRow | undefined> {
      const [row] = await db.select().from(files).where(eq(files.id, id));
      return row;
    },
    async findFileByName(name: string): Promise<FileRow | undefined> {
      const [row] = await db
        .select()
        .from(files)
        .where(and(eq(files.name, name), eq(files.deleted, 0)));
      return row;
    },
    async markFileDeleted(id: number) {
      await db.update(files).set({ deleted: 1 }).where(eq(files.id, id));
    },
  };

  async function writeParts(tx: Tx, pid: number, u: ProblemUpdate) {
    if (u.cases?.length) await tx.insert(problemCases).values(u.cases.map((c) => ({ ...c, pid })));
    if (u.languages.length) {
      await tx.insert(problemLanguages).values(u.languages.map((language) => ({ pid, language })));
    }
    if (u.templates.length) await tx.insert(codeTemplates).values(u.templates.map((t) => ({ ...t, pid })));
    const tagIds = await resolveTags(tx, u.tags, u.tagGid ?? null);
    if (tagIds.length) await tx.insert(problemTags).values(tagIds.map((tid) => ({ pid, tid })));
  }
};
export type AdminProblemRepository = ReturnType<typeof createAdminProblemRepository>;
