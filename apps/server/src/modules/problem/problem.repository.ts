import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { codeTemplates, problemCases, problemLanguages, problems, problemTags, tags } from '../../db/schema.js';

export type ProblemRow = typeof problems.$inferSelect;
export type NewProblem = typeof problems.$inferInsert;
export type ProblemCaseRow = typeof problemCases.$inferSelect;
export type NewProblemCase = Omit<typeof problemCases.$inferInsert, 'pid' | 'id'>;

/** The columns of a problem a judge worker gets (judge/judge-task.mapper.ts), not its statement. */
const judgingColumns = {
  id: problems.id,
  problemId: problems.problemId,
  type: problems.type,
  difficulty: problems.difficulty,
  timeLimitMs: problems.timeLimitMs,
  memoryLimitMb: problems.memoryLimitMb,
  stackLimitMb: problems.stackLimitMb,
  judgeMode: problems.judgeMode,
  judgeCaseMode: problems.judgeCaseMode,
  isRemoveEndBlank: problems.isRemoveEndBlank,
  ioScore: problems.ioScore,
  caseVersion: problems.caseVersion,
  spjCode: problems.spjCode,
  spjLanguage: problems.spjLanguage,
  userExtraFile: problems.userExtraFile,
  judgeExtraFile: problems.judgeExtraFile,
};
/** A case as judging needs it. */
export type JudgingCase = Pick<
  ProblemCaseRow,
  'id' | 'seq' | 'inputName' | 'inputSha256' | 'outputSha256' | 'inputSize' | 'outputSize' | 'score' | 'groupNum'
>;
/** What judging needs of a problem: its limits, modes and checker, and its cases in order. */
export type ProblemForJudging = Pick<ProblemRow, keyof typeof judgingColumns> & { cases: JudgingCase[] };

export interface ProblemGraph {
  problem: Omit<NewProblem, 'id'>;
  cases: NewProblemCase[];
  languages: string[];
  codeTemplates: Record<string, string>;
  /** Templates stored switched off (status 0). */
  disabledCodeTemplates?: Record<string, string>;
  /** Tag names in the local bank; created when missing. */
  tagNames: string[];
}

export const createProblemRepository = (db: Db) => ({
  async findById(id: number): Promise<ProblemRow | undefined> {
    const [row] = await db.select().from(problems).where(eq(problems.id, id)).limit(1);
    return row;
  },

  async findByProblemId(problemId: string): Promise<ProblemRow | undefined> {
    const [row] = await db
      .select()
      .from(problems)
      .where(sql`upper(${problems.problemId}) = upper(${problemId})`)
      .limit(1);
    return row;
  },

  /** What judging needs of a problem, its cases with it, in one statement (a claim asks for it with every task). */
  async forJudging(pid: number): Promise<ProblemForJudging | undefined> {
    // Written out: inside a select from one table, drizzle names a column without its table, which the subquery
    // would read as its own.
    const [row] = await db
      .select({
        ...judgingColumns,
        cases: sql<JudgingCase[]>`coalesce((select json_agg(json_build_object('id', c.id, 'seq', c.seq,
          'inputName', c.input_name, 'inputSha256', c.input_sha256, 'outputSha256', c.output_sha256,
          'inputSize', c.input_size, 'outputSize', c.output_size, 'score', c.score, 'groupNum', c.group_num)
          order by c.seq) from problem_cases c where c.pid = "problems"."id"), '[]'::json)`,
      })
      .from(problems)
      .where(eq(problems.id, pid));
    return row;
  },

  cases(pid: number): Promise<ProblemCaseRow[]> {
    return db.select().from(problemCases).where(eq(problemCases.pid, pid)).orderBy(asc(problemCases.seq));
  },

  async languages(pid: number): Promise<string[]> {
    const rows = await db.select().from(problemLanguages).where(eq(problemLanguages.pid, pid));
    return rows.map((r) => r.language);
  },

  async setProblemId(id: number, problemId: string, tx?: Tx): Promise<ProblemRow> {
    const [row] = await (tx ?? db).update(problems).set({ problemId }).where(eq(problems.id, id)).returning();
    return row;
  },

  async count(): Promise<number> {
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(problems);
    return n;
  },

  /** Inserts a problem with its cases, languages, templates and tags in one transaction (the caller's, when given). */
  async create(g: ProblemGraph, inTx?: Tx): Promise<ProblemRow> {
    const within = <T>(fn: (tx: Tx) => Promise<T>) => (inTx ? fn(inTx) : db.transaction(fn));
    return within(async (tx) => {
      const [row] = await tx.insert(problems).values(g.problem).returning();
      if (g.cases.length) await tx.insert(problemCases).values(g.cases.map((c) => ({ ...c, pid: row.id })));
      if (g.languages.length) {
        await tx.insert(problemLanguages).values(g.languages.map((language) => ({ pid: row.id, language })));
      }
      const templates = [
        ...Object.entries(g.codeTemplates).map(([language, code]) => ({ pid: row.id, language, code, status: 1 })),
        ...Object.entries(g.disabledCodeTemplates ?? {}).map(([language, code]) => ({
          pid: row.id,
          language,
          code,
          status: 0,
        })),
      ];
      if (templates.length) await tx.insert(codeTemplates).values(templates);
      if (g.tagNames.length) {
        await tx
          .insert(tags)
          .values(g.tagNames.map((name) => ({ name, oj: 'ME' })))
          .onConflictDoNothing();
        const tagRows = await tx.select().from(tags).where(inArray(tags.name, g.tagNames));
        const ids = [...new Set(tagRows.filter((t) => t.oj === 'ME' && t.gid === null).map((t) => t.id))];
        if (ids.length) await tx.insert(problemTags).values(ids.map((tid) => ({ pid: row.id, tid })));
      }
      return row;
    });
  },
});
export type ProblemRepository = ReturnType<typeof createProblemRepository>;
