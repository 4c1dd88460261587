import { group as groupContract, JUDGE_STATUS } from '@oj/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type Db, preparedQuery } from '../../db/client.js';
import { containsPattern } from '../../db/like-pattern.js';
import {
  groupMembers,
  groups,
  homeworkTotals,
  mineMessages,
  problemCounts,
  problems,
  submissions,
  trainingCategories,
  trainingCells,
  trainingExtensions,
  trainingProblems,
  trainingRegisters,
  trainings,
  userAcProblems,
  users,
} from '../../db/schema.js';

const { MEMBER_LEVEL } = groupContract;

export type TrainingRow = typeof trainings.$inferSelect;
export type NewTraining = typeof trainings.$inferInsert;
export type TrainingCategoryRow = typeof trainingCategories.$inferSelect;
export type TrainingProblemRow = typeof trainingProblems.$inferSelect;

/** A training with its category's name and colour. */
export interface TrainingWithCategory {
  training: TrainingRow;
  category: TrainingCategoryRow | null;
}

/** PostgreSQL's foreign_key_violation (node-postgres and PGlite carry the code on the error or its cause). */
const foreignKeyViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: unknown } | null;
  return !!err && (err.code === '23503' || (err.cause !== undefined && foreignKeyViolation(err.cause)));
};

/** Which trainings a list shows: the site's or a group's (`gid`), hidden ones too for admin lists, and only those
 * `uid` created when given. */
export interface TrainingFilter {
  gid: number | null;
  visibleOnly: boolean;
  keyword?: string;
  categoryId?: number;
  auth?: string;
  uid?: string;
}

const withCategoryOf = (db: Db) =>
  db
    .select({ training: trainings, category: trainingCategories })
    .from(trainings)
    .leftJoin(trainingCategories, eq(trainingCategories.id, trainings.categoryId));

/** Every training page asks for its training and, for a private one, the caller's registration: both prepared once
 * per connection. */
const trainingByIdQuery = preparedQuery((db) =>
  withCategoryOf(db)
    .where(eq(trainings.id, sql.placeholder('id')))
    .prepare('training_by_id'),
);
const registrationQuery = preparedQuery((db) =>
  db
    .select({ uid: trainingRegisters.uid })
    .from(trainingRegisters)
    .where(and(eq(trainingRegisters.tid, sql.placeholder('tid')), eq(trainingRegisters.uid, sql.placeholder('uid'))))
    .prepare('training_registration'),
);

/** Trainings, their categories, problems, registrations and rank cells: the only code touching those tables. */
export const createTrainingRepository = (db: Db) => {
  const withCategory = () => withCategoryOf(db);

  const whereOf = (f: TrainingFilter): SQL | undefined => {
    const keyword = f.keyword?.trim();
    return and(
      f.gid === null ? isNull(trainings.gid) : eq(trainings.gid, f.gid),
      f.visibleOnly ? eq(trainings.status, 1) : undefined,
      f.categoryId ? eq(trainings.categoryId, f.categoryId) : undefined,
      f.auth ? eq(trainings.auth, f.auth) : undefined,
      f.uid ? eq(trainings.uid, f.uid) : undefined,
      keyword
        ? or(
            ilike(trainings.title, containsPattern(keyword)),
            /^\d+$/.test(keyword) && Number(keyword) <= 2_147_483_647 ? eq(trainings.id, Number(keyword)) : undefined,
          )
        : undefined,
    );
  };

  /** Whatever changes what the rank shows bumps its version, first in the transaction: it takes the training's lock,
   * which the rank trigger takes too (migration 0013). */
  const touch = (tx: Pick<Db, 'update'>, tid: number, modified = false) =>
    tx
      .update(trainings)
      .set({ rankVersion: sql`${trainings.rankVersion} + 1`, ...(modified ? { gmtModified: new Date() } : {}) })
      .where(eq(trainings.id, tid));

  return {
    async byId(id: number): Promise<TrainingWithCategory | undefined> {
      const [row] = await trainingByIdQuery(db).execute({ id });
      return row;
    },

    /** Ordered by rank (ascending), then the newest first. */
    async page(f: TrainingFilter, offset: number, limit: number) {
      const where = whereOf(f);
      const [rows, [{ total }]] = await Promise.all([
        withCategory().where(where).orderBy(asc(trainings.rank), desc(trainings.id)).limit(limit).offset(offset),
        db.select({ total: count() }).from(trainings).where(where),
      ]);
      return { rows, total };
    },

    async create(t: NewTraining): Promise<TrainingRow> {
      const [row] = await db.insert(trainings).values(t).returning();
      return row;
    },

    async update(id: number, t: Partial<NewTraining>) {
      await db
        .update(trainings)
        .set({ ...t, gmtModified: new Date() })
        .where(eq(trainings.id, id));
    },

    async remove(id: number) {
      await db.delete(trainings).where(eq(trainings.id, id));
    },

    /** Problems per training. */
    async problemCounts(tids: number[]): Promise<Map<number, number>> {
      if (!tids.length) return new Map();
      const rows = await db
        .select({ tid: trainingProblems.tid, n: count() })
        .from(trainingProblems)
        .where(inArray(trainingProblems.tid, tids))
        .groupBy(trainingProblems.tid);
      return new Map(rows.map((r) => [r.tid, r.n]));
    },

    /** Per training, the problems of it the user has solved: in the public bank (user_acproblems), and for a
     * group's training in the group too (its accepted submissions outside contests, which the bank never counts). */
    async acCounts(tids: number[], uid: string): Promise<Map<number, number>> {
      if (!tids.length) return new Map();
      const solvedInBank = sql`exists (select 1 from ${userAcProblems} a where a.uid = ${uid} and a.pid = ${trainingProblems.pid})`;
      const solvedInGroup = sql`(${trainings.gid} is not null and exists (select 1 from ${submissions} s
        where s.gid = ${trainings.gid} and s.uid = ${uid} and s.pid = ${trainingProblems.pid} and s.cid = 0
        and s.status = ${JUDGE_STATUS.ACCEPTED}))`;
      const rows = await db
        .select({ tid: trainingProblems.tid, n: count() })
        .from(trainingProblems)
        .innerJoin(trainings, eq(trainings.id, trainingProblems.tid))
        .where(and(inArray(trainingProblems.tid, tids), or(solvedInBank, solvedInGroup)))
        .groupBy(trainingProblems.tid);
      return new Map(rows.map((r) => [r.tid, r.n]));
    },

    /** Per assignment among these trainings, the student's extended due time (null: none) and counted points (the
     * sum of his problem scores, 0-100 each; homework_totals, kept with his cells). */
    async homeworkOf(tids: number[], uid: string): Promise<Map<number, { extendedDue: Date | null; points: number }>> {
      if (!tids.length) return new Map();
      const rows = await db
        .select({ tid: trainings.id, due: trainingExtensions.dueTime, points: homeworkTotals.points })
        .from(trainings)
        .leftJoin(trainingExtensions, and(eq(trainingExtensions.tid, trainings.id), eq(trainingExtensions.uid, uid)))
        .leftJoin(homeworkTotals, and(eq(homeworkTotals.tid, trainings.id), eq(homeworkTotals.uid, uid)))
        .where(and(inArray(trainings.id, tids), isNotNull(trainings.dueTime)));
      return new Map(rows.map((r) => [r.tid, { extendedDue: r.due, points: r.points ?? 0 }]));
    },

    /** The homework figures of a training's cells again, after its rule changed (migration 0031). */
    async syncHomework(tid: number) {
      await db.execute(sql`select oj_sync_training_homework(${tid}::integer, null::text)`);
    },

    /**
     * Claims the group assignments whose students are to be told now, and tells them, in one transaction (decision
     * 0052): `open` those open (no open time, or past it) and not yet due, once; `due` those due within `withinMs`,
     * to the students who have not solved every problem and have no later due time of their own. The claim is an
     * update of the notice's time: a second instance sweeping at once waits on its row lock and then finds it taken.
     */
    async sendHomeworkNotices(
      kind: 'open' | 'due',
      at: Date,
      withinMs: number,
      text: (t: { title: string; group: string; due: Date }) => {
        title: string;
        content: string;
        vars: (solved: number, total: number) => Record<string, string>;
      },
    ): Promise<number> {
      return db.transaction(async (tx) => {
        const column = kind === 'open' ? trainings.openNoticeAt : trainings.dueNoticeAt;
        const window =
          kind === 'open'
            ? sql`${trainings.dueTime} > ${at}`
            : sql`${trainings.dueTime} > ${at} and ${trainings.dueTime} <= ${new Date(at.getTime() + withinMs)}`;
        const claimed = await tx
          .update(trainings)
          .set({ [kind === 'open' ? 'openNoticeAt' : 'dueNoticeAt']: at })
          .where(
            and(
              isNull(column),
              sql`${trainings.gid} is not null and ${trainings.status} = 1 and ${trainings.dueTime} is not null`,
              sql`(${trainings.openTime} is null or ${trainings.openTime} <= ${at})`,
              window,
            ),
          )
          .returning({ id: trainings.id, title: trainings.title, gid: trainings.gid, dueTime: trainings.dueTime });
        let sent = 0;
        for (const c of claimed) {
          const r = (await tx.execute(sql`
            select m.uid, g.name as group_name,
              (select count(*)::int from ${trainingCells} tc where tc.tid = ${c.id} and tc.uid = m.uid and tc.hw_solved)
                as solved,
              (select count(*)::int from ${trainingProblems} tp where tp.tid = ${c.id}) as total
            from ${groupMembers} m join ${groups} g on g.id = m.gid
            where m.gid = ${c.gid} and m.auth = ${MEMBER_LEVEL.MEMBER} and m.uid <> g.uid
              and not exists (select 1 from ${trainingExtensions} e where e.tid = ${c.id} and e.uid = m.uid
                and e.due_time > ${c.dueTime})`)) as unknown as {
            rows: { uid: string; group_name: string; solved: number; total: number }[];
          };
          const told = kind === 'open' ? r.rows : r.rows.filter((x) => Number(x.solved) < Number(x.total));
          if (!told.length) continue;
          const m = text({ title: c.title, group: told[0].group_name, due: c.dueTime as Date });
          await tx.insert(mineMessages).values(
            told.map((x) => ({
              recipientUid: x.uid,
              title: m.title,
              content: m.content,
              vars: m.vars(Number(x.solved), Number(x.total)),
            })),
          );
          sent += told.length;
        }
        return sent;
      });
    },

    // ---- categories ----

    /** Every category, the site's and the groups' (one list, decision 0024). */
    categories(): Promise<TrainingCategoryRow[]> {
      return db.select().from(trainingCategories).orderBy(asc(trainingCategories.id));
    },

    async category(id: number): Promise<TrainingCategoryRow | undefined> {
      const [row] = await db.select().from(trainingCategories).where(eq(trainingCategories.id, id));
      return row;
    },

    async createCategory(c: { name: string; color: string; gid: number | null }): Promise<TrainingCategoryRow> {
      const [row] = await db.insert(trainingCategories).values(c).returning();
      return row;
    },

    async updateCategory(id: number, c: { name: string; color: string }) {
      const [row] = await db
        .update(trainingCategories)
        .set({ ...c, gmtModified: new Date() })
        .where(eq(trainingCategories.id, id))
        .returning();
      return row as TrainingCategoryRow | undefined;
    },

    /** Deletes the category unless a training uses it; the titles of those that do otherwise (up to 10). One
     * statement each, and the foreign key refuses a training added in between. */
    async removeCategory(id: number): Promise<{ usedBy: string[] }> {
      const usedBy = async () =>
        (
          await db
            .select({ title: trainings.title })
            .from(trainings)
            .where(eq(trainings.categoryId, id))
            .orderBy(asc(trainings.id))
            .limit(10)
        ).map((u) => u.title);
      const used = await usedBy();
      if (used.length) return { usedBy: used };
      try {
        await db.delete(trainingCategories).where(eq(trainingCategories.id, id));
      } catch (e) {
        if (foreignKeyViolation(e)) return { usedBy: await usedBy() };
        throw e;
      }
      return { usedBy: [] };
    },

    // ---- problems of a training ----

    /** In the training's order, with the bank's problem and its public counts. */
    problems(tid: number) {
      return db
        .select({
          tp: trainingProblems,
          problem: {
            id: problems.id,
            problemId: problems.problemId,
            title: problems.title,
            author: problems.author,
            auth: problems.auth,
            isGroup: problems.isGroup,
            gid: problems.gid,
            type: problems.type,
            difficulty: problems.difficulty,
            modifiedUser: problems.modifiedUser,
            gmtCreate: problems.gmtCreate,
            gmtModified: problems.gmtModified,
          },
          counts: problemCounts,
        })
        .from(trainingProblems)
        .innerJoin(problems, eq(problems.id, trainingProblems.pid))
        .leftJoin(problemCounts, eq(problemCounts.pid, trainingProblems.pid))
        .where(eq(trainingProblems.tid, tid))
        .orderBy(asc(trainingProblems.rank), asc(trainingProblems.id));
    },

    async problemByDisplayId(tid: number, displayId: string): Promise<TrainingProblemRow | undefined> {
      const [row] = await db
        .select()
        .from(trainingProblems)
        .where(
          and(eq(trainingProblems.tid, tid), sql`upper(${trainingProblems.displayId}) = upper(${displayId})`) as SQL,
        );
      return row;
    },

    async problemEntry(id: number): Promise<TrainingProblemRow | undefined> {
      const [row] = await db.select().from(trainingProblems).where(eq(trainingProblems.id, id));
      return row;
    },

    async problemByPid(tid: number, pid: number): Promise<TrainingProblemRow | undefined> {
      const [row] = await db
        .select()
        .from(trainingProblems)
        .where(and(eq(trainingProblems.tid, tid), eq(trainingProblems.pid, pid)));
      return row;
    },

    /** Public bank problems (auth 1, not a group's) not in the training, for the add dialog. */
    async bankProblemsOutside(tid: number, keyword: string | undefined, offset: number, limit: number) {
      const inTraining = db
        .select({ pid: trainingProblems.pid })
        .from(trainingProblems)
        .where(eq(trainingProblems.tid, tid));
      const k = keyword?.trim();
      const where = and(
        eq(problems.auth, 1),
        eq(problems.isGroup, 0),
        notInArray(problems.id, inTraining),
        k ? or(ilike(problems.problemId, containsPattern(k)), ilike(problems.title, containsPattern(k))) : undefined,
      );
      const [rows, [{ total }]] = await Promise.all([
        db.select().from(problems).where(where).orderBy(asc(problems.id)).limit(limit).offset(offset),
        db.select({ total: count() }).from(problems).where(where),
      ]);
      return { rows, total };
    },

    /** Appended after the last problem; then the cells of submissions made to the training while the problem was
     * in it before, if it was. null when the problem or its display id is already there (unique keys). */
    async addProblem(tid: number, pid: number, displayId: string): Promise<TrainingProblemRow | null> {
      return db.transaction(async (tx) => {
        await touch(tx, tid, true);
        const [{ last }] = await tx
          .select({ last: sql<number>`coalesce(max(${trainingProblems.rank}), 0)`.mapWith(Number) })
          .from(trainingProblems)
          .where(eq(trainingProblems.tid, tid));
        const rows = await tx
          .insert(trainingProblems)
          .values({ tid, pid, displayId, rank: last + 1 })
          .onConflictDoNothing()
          .returning();
        if (!rows.length) return null;
        await tx.execute(sql`select oj_rebuild_training_problem(${tid}, ${pid})`);
        return rows[0];
      });
    },

    async updateProblem(tp: TrainingProblemRow, change: { displayId?: string; rank?: number }) {
      return db.transaction(async (tx) => {
        await touch(tx, tp.tid, true);
        const [row] = await tx
          .update(trainingProblems)
          .set({ ...change, gmtModified: new Date() })
          .where(eq(trainingProblems.id, tp.id))
          .returning();
        return row as TrainingProblemRow | undefined;
      });
    },

    /** The problem leaves the training with its rank cells; every rank row's totals again. */
    async removeProblem(tid: number, pid: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        await touch(tx, tid, true);
        const rows = await tx
          .delete(trainingProblems)
          .where(and(eq(trainingProblems.tid, tid), eq(trainingProblems.pid, pid)))
          .returning();
        if (!rows.length) return false;
        await tx.execute(sql`select oj_sync_training_totals(${tid})`);
        return true;
      });
    },

    // ---- registrations and rank ----

    async isRegistered(tid: number, uid: string) {
      const [row] = await registrationQuery(db).execute({ tid, uid });
      return !!row;
    },

    /** false when already registered; the new rank row starts from the user's cells (an author who submitted
     * before registering, say). */
    async register(tid: number, uid: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await touch(tx, tid);
        const rows = await tx.insert(trainingRegisters).values({ tid, uid }).onConflictDoNothing().returning();
        if (!rows.length) return false;
        await tx.execute(sql`select oj_sync_training_total(${tid}, ${uid})`);
        return true;
      });
    },

    /** One page of registered users by ac (desc), then total run time (asc); keyword matches the username, the
     * nickname or the real name. The page is cut from the rank index before the users are joined. */
    async rankPage(tid: number, keyword: string | undefined, offset: number, limit: number) {
      const k = keyword?.trim();
      const matching = k
        ? or(
            ilike(users.username, containsPattern(k)),
            ilike(users.nickname, containsPattern(k)),
            ilike(users.realname, containsPattern(k)),
          )
        : undefined;
      const order = [desc(trainingRegisters.ac), asc(trainingRegisters.totalRunTime), asc(trainingRegisters.uid)];
      const ranked = db
        .select({ uid: trainingRegisters.uid, ac: trainingRegisters.ac, totalRunTime: trainingRegisters.totalRunTime })
        .from(trainingRegisters)
        .where(
          and(
            eq(trainingRegisters.tid, tid),
            matching
              ? inArray(trainingRegisters.uid, db.select({ uid: users.uid }).from(users).where(matching))
              : undefined,
          ),
        )
        .orderBy(...order)
        .limit(limit)
        .offset(offset)
        .as('ranked');
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({
            uid: ranked.uid,
            ac: ranked.ac,
            totalRunTime: ranked.totalRunTime,
            username: users.username,
            nickname: users.nickname,
            realname: users.realname,
            school: users.school,
            gender: users.gender,
            avatar: users.avatar,
          })
          .from(ranked)
          .innerJoin(users, eq(users.uid, ranked.uid))
          .orderBy(desc(ranked.ac), asc(ranked.totalRunTime), asc(ranked.uid)),
        db
          .select({ total: count() })
          .from(trainingRegisters)
          .where(
            and(
              eq(trainingRegisters.tid, tid),
              matching
                ? inArray(trainingRegisters.uid, db.select({ uid: users.uid }).from(users).where(matching))
                : undefined,
            ),
          ),
      ]);
      return { rows, total };
    },

    /** The cells of some users (their problems by training-problem id). */
    cellsOf(tid: number, uids: string[]) {
      if (!uids.length) return Promise.resolve([]);
      return db
        .select({
          uid: trainingCells.uid,
          tpid: trainingCells.tpid,
          status: trainingCells.status,
          score: trainingCells.score,
          runTime: trainingCells.runTime,
        })
        .from(trainingCells)
        .where(and(eq(trainingCells.tid, tid), inArray(trainingCells.uid, uids)));
    },

    /** The training's problems' display ids by training-problem id. */
    async displayIds(tid: number): Promise<Map<number, string>> {
      const rows = await db
        .select({ id: trainingProblems.id, displayId: trainingProblems.displayId })
        .from(trainingProblems)
        .where(eq(trainingProblems.tid, tid));
      return new Map(rows.map((r) => [r.id, r.displayId]));
    },
  };
};
export type TrainingRepository = ReturnType<typeof createTrainingRepository>;
