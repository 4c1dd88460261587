import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { containsPattern } from '../../db/like-pattern.js';
import {
  codeTemplates,
  problemCounts,
  problemLanguages,
  problems,
  problemTags,
  tagClassifications,
  tags,
} from '../../db/schema.js';

export type TagRow = typeof tags.$inferSelect;
export type TagClassificationRow = typeof tagClassifications.$inferSelect;
export type ProblemCountRow = typeof problemCounts.$inferSelect;
export type CodeTemplateRow = typeof codeTemplates.$inferSelect;

export interface ProblemListFilter {
  keyword?: string;
  difficulty?: number;
  /** Remote judge key, or 'local' for the local bank, or undefined for all. */
  bank?: { remote: string } | 'local';
  tagIds: number[];
  offset: number;
  limit: number;
}

/** The public problem bank: public, non-group problems. */
const publicProblem = and(eq(problems.auth, 1), eq(problems.isGroup, 0)) as SQL;

/** Read side of the problem bank: the list, tags, counts and templates the public pages need. */
export const createProblemCatalogRepository = (db: Db) => ({
  async page(f: ProblemListFilter) {
    const where: SQL[] = [publicProblem];
    if (f.keyword) {
      const like = containsPattern(f.keyword);
      where.push(
        // The expression of the trigram index problems_search_idx (migration 0004), so the index serves it.
        sql`(${problems.title} || E'\n' || ${problems.problemId} || E'\n' || ${problems.source}) ilike ${like}`,
      );
    }
    if (f.difficulty !== undefined) where.push(eq(problems.difficulty, f.difficulty));
    if (f.bank === 'local') where.push(eq(problems.isRemote, 0));
    else if (f.bank) {
      where.push(eq(problems.isRemote, 1), sql`upper(${problems.problemId}) like ${`${f.bank.remote}-%`}`);
    }
    if (f.tagIds.length) {
      // AND filter: the problem carries every one of the tags.
      const withAll = db
        .select({ pid: problemTags.pid })
        .from(problemTags)
        .where(inArray(problemTags.tid, f.tagIds))
        .groupBy(problemTags.pid)
        .having(sql`count(distinct ${problemTags.tid}) = ${new Set(f.tagIds).size}`);
      where.push(inArray(problems.id, withAll));
    }
    const cond = and(...where);
    // The total and the page are independent: on PostgreSQL they run at once on two pooled connections.
    const [[{ total }], rows] = await Promise.all([
      db.select({ total: count() }).from(problems).where(cond),
      db
        .select({
          pid: problems.id,
          problemId: problems.problemId,
          title: problems.title,
          difficulty: problems.difficulty,
          type: problems.type,
          counts: problemCounts,
        })
        .from(problems)
        .leftJoin(problemCounts, eq(problemCounts.pid, problems.id))
        .where(cond)
        .orderBy(sql`length(${problems.problemId})`, asc(problems.problemId))
        .limit(f.limit)
        .offset(f.offset),
    ]);
    return { total, rows };
  },

  /** Tags of each problem, by pid. */
  async tagsOf(pids: number[]): Promise<Map<number, TagRow[]>> {
    const out = new Map<number, TagRow[]>();
    if (pids.length === 0) return out;
    const rows = await db
      .select({ pid: problemTags.pid, tag: tags })
      .from(problemTags)
      .innerJoin(tags, eq(tags.id, problemTags.tid))
      .where(inArray(problemTags.pid, pids))
      .orderBy(asc(tags.id));
    for (const r of rows) out.set(r.pid, [...(out.get(r.pid) ?? []), r.tag]);
    return out;
  },

  /** Tags of one bank (`ME` for local problems), not those of groups. */
  tags(oj: string): Promise<TagRow[]> {
    return db
      .select()
      .from(tags)
      .where(and(eq(tags.oj, oj), isNull(tags.gid)))
      .orderBy(asc(tags.id));
  },

  classifications(oj: string): Promise<TagClassificationRow[]> {
    return db
      .select()
      .from(tagClassifications)
      .where(eq(tagClassifications.oj, oj))
      .orderBy(asc(tagClassifications.rank), asc(tagClassifications.id));
  },

  async counts(pid: number): Promise<ProblemCountRow | undefined> {
    const [row] = await db.select().from(problemCounts).where(eq(problemCounts.pid, pid));
    return row;
  },

  templates(pid: number): Promise<CodeTemplateRow[]> {
    return db.select().from(codeTemplates).where(eq(codeTemplates.pid, pid)).orderBy(asc(codeTemplates.id));
  },

  async languages(pid: number): Promise<string[]> {
    const rows = await db
      .select({ language: problemLanguages.language })
      .from(problemLanguages)
      .where(eq(problemLanguages.pid, pid));
    return rows.map((r) => r.language);
  },

  async randomPublic(): Promise<string | undefined> {
    const [{ n }] = await db.select({ n: count() }).from(problems).where(publicProblem);
    if (n === 0) return undefined;
    const [row] = await db
      .select({ problemId: problems.problemId })
      .from(problems)
      .where(publicProblem)
      .orderBy(asc(problems.id))
      .limit(1)
      .offset(Math.floor(Math.random() * n));
    return row?.problemId;
  },

  recentlyUpdated(limit: number) {
    return db
      .select({
        id: problems.id,
        problemId: problems.problemId,
        title: problems.title,
        type: problems.type,
        gmtCreate: problems.gmtCreate,
        gmtModified: problems.gmtModified,
      })
      .from(problems)
      .where(publicProblem)
      .orderBy(desc(problems.gmtModified), desc(problems.id))
      .limit(limit);
  },
});
export type ProblemCatalogRepository = ReturnType<typeof createProblemCatalogRepository>;
