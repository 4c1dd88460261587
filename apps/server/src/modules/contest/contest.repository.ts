import type { RoleName } from '@oj/shared';
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type Db, preparedQuery } from '../../db/client.js';
import { containsPattern } from '../../db/like-pattern.js';
import {
  contestAnnouncements,
  contestCells,
  contestProblems,
  contestRegisters,
  contests,
  contestVirtualRuns,
  otherContests,
  problems,
  roles,
  submissions,
  userRecords,
  userRoles,
  users,
} from '../../db/schema.js';
import { boundedMap } from '../../lib/bounded-map.js';
import { nextTurn } from '../../lib/next-turn.js';
import type { BoardUser, CellSummary } from './contest-ranking.js';

/** The submissions a contest's board counts: made in [start, end), by anyone but the excluded users. */
export interface ContestWindow {
  cid: number;
  start: Date;
  end: Date;
  excludedUids: string[];
}

/** The where clause of a contest window, for the staff's and the downloads' reads of submissions. */
export const inContestWindow = (w: ContestWindow): SQL =>
  and(
    eq(submissions.cid, w.cid),
    gte(submissions.submitTime, w.start),
    lt(submissions.submitTime, w.end),
    // A virtual participation's submissions are made after the end; an end moved later never counts them either.
    isNull(submissions.vrid),
    w.excludedUids.length ? notInArray(submissions.uid, w.excludedUids) : undefined,
  ) as SQL;

export type ContestRow = typeof contests.$inferSelect;
export type NewContest = typeof contests.$inferInsert;
export type ContestProblemRow = typeof contestProblems.$inferSelect;
export type ContestCellRow = typeof contestCells.$inferSelect;
export type VirtualRunRow = typeof contestVirtualRuns.$inferSelect;
export type ContestAnnouncementRow = typeof contestAnnouncements.$inferSelect & { username: string };

/** Every contest page asks for its contest (a scoreboard refresh too): the query is built once per database and
 * prepared once per connection. */
const contestByIdQuery = preparedQuery((db) =>
  db
    .select()
    .from(contests)
    .where(eq(contests.id, sql.placeholder('id')))
    .prepare('contest_by_id'),
);

/** How many JSON texts a whole board's cells and users come in (boardCells, boardUsersOf): by user, so that no one
 * text holds the server long while parsed. */
const JSON_PARTS = 16;
const jsonPart = (uid: AnyColumn) => sql`abs(hashtext(${uid})) % ${sql.raw(String(JSON_PARTS))}`;

/** The items of JSON texts of arrays, each text parsed and its items made into `U`s in a turn of the event loop of
 * its own. */
const parsedParts = async <T, U>(parts: { j: string }[], make: (item: T) => U): Promise<U[]> => {
  const out: U[] = [];
  for (const [i, part] of parts.entries()) {
    if (i > 0) await nextTurn();
    for (const item of JSON.parse(part.j) as T[]) out.push(make(item));
  }
  return out;
};

/** How many contests' rows `recentById` keeps (a few contests' boards are watched at a time). */
const RECENT_CONTESTS = 256;

/** Contests, their problems, registrations, announcements and board cells: the only code touching those tables. */
export const createContestRepository = (db: Db) => {
  /** Contest rows as the scoreboards read them (`recentById`), with when they were read; a change made here drops one,
   * so a read after it reads again (one under way when it was made is answered, not kept). */
  const recent = boundedMap<number, { at: number; row: Promise<ContestRow | undefined> }>(RECENT_CONTESTS);
  const changed = (id: number) => recent.delete(id);
  return {
    async byId(id: number): Promise<ContestRow | undefined> {
      const [row] = await contestByIdQuery(db).execute({ id });
      return row;
    },

    /** The contest as read at most `maxAgeMs` ago (0: now), for the scoreboards, which may show a board that old
     * anyway (contest-board-cache.ts, `boardTiming.recomputeMs`): under many refreshing clients that one read was
     * most of a board request's database work. A change made here (its settings, its removal) is seen at once;
     * another instance's, or a board version moved by a verdict, within `maxAgeMs`. */
    recentById(id: number, maxAgeMs: number): Promise<ContestRow | undefined> {
      const t = Date.now();
      const hit = recent.get(id);
      if (hit && t - hit.at < maxAgeMs) return hit.row;
      const row = contestByIdQuery(db)
        .execute({ id })
        .then(([r]) => r);
      if (maxAgeMs > 0) {
        // Every board request of the moment shares the one read; a failed one is not kept.
        recent.set(id, { at: t, row });
        row.catch(() => recent.get(id)?.row === row && recent.delete(id));
      }
      return row;
    },

    /** Just the board version (the scoreboard cache's freshness check). */
    async boardVersion(id: number): Promise<number | undefined> {
      const [row] = await db.select({ v: contests.boardVersion }).from(contests).where(eq(contests.id, id));
      return row?.v;
    },

    async page(f: {
      offset: number;
      limit: number;
      keyword?: string;
      type?: number;
      /** The site's contests (null) or a group's. */
      gid: number | null;
      /** Only visible ones (the public and the group's lists). */
      visibleOnly: boolean;
      /** -1 scheduled, 0 running, 1 ended, at `now`. */
      status?: number;
      now: Date;
      ownerUid?: string;
    }) {
      const where: SQL[] = [];
      where.push(f.gid === null ? sql`${contests.gid} is null` : eq(contests.gid, f.gid));
      if (f.visibleOnly) where.push(eq(contests.visible, 1));
      if (f.keyword) where.push(ilike(contests.title, containsPattern(f.keyword)));
      if (f.type !== undefined) where.push(eq(contests.type, f.type));
      if (f.ownerUid) where.push(eq(contests.uid, f.ownerUid));
      if (f.status === -1) where.push(sql`${contests.startTime} > ${f.now}`);
      if (f.status === 0) where.push(sql`${contests.startTime} <= ${f.now}`, sql`${contests.endTime} > ${f.now}`);
      if (f.status === 1) where.push(sql`${contests.endTime} <= ${f.now}`);
      const cond = where.length ? and(...where) : undefined;
      // HOJ's order: running first, then scheduled, then ended; newest start first within each.
      const statusOrder = sql`case when ${contests.startTime} > ${f.now} then 1 when ${contests.endTime} > ${f.now} then 0 else 2 end`;
      const [[{ total }], rows] = await Promise.all([
        db.select({ total: count() }).from(contests).where(cond),
        db
          .select()
          .from(contests)
          .where(cond)
          .orderBy(statusOrder, desc(contests.startTime), desc(contests.id))
          .limit(f.limit)
          .offset(f.offset),
      ]);
      return { total, rows };
    },

    /** Visible, non-group contests not ended and starting within the next 14 days, newest start first. */
    async recent(now: Date): Promise<ContestRow[]> {
      return db
        .select()
        .from(contests)
        .where(
          and(
            eq(contests.visible, 1),
            sql`${contests.gid} is null`,
            sql`${contests.endTime} > ${now}`,
            sql`${contests.startTime} < ${new Date(now.getTime() + 14 * 86_400_000)}`,
          ),
        )
        .orderBy(desc(contests.startTime))
        .limit(10);
    },

    async otherContests(now: Date) {
      return db
        .select()
        .from(otherContests)
        .where(sql`${otherContests.endTime} > ${now}`)
        .orderBy(asc(otherContests.startTime))
        .limit(20);
    },

    async otherContestPage(offset: number, limit: number) {
      const [rows, [{ n }]] = await Promise.all([
        db.select().from(otherContests).orderBy(desc(otherContests.startTime)).offset(offset).limit(limit),
        db.select({ n: count() }).from(otherContests),
      ]);
      return { rows, total: n };
    },

    async saveOtherContest(o: Omit<typeof otherContests.$inferInsert, 'gmtCreate'>) {
      const { id, ...fields } = o;
      const [row] = id
        ? await db.update(otherContests).set(fields).where(eq(otherContests.id, id)).returning()
        : await db.insert(otherContests).values(fields).returning();
      return row;
    },

    async removeOtherContest(id: number) {
      return (await db.delete(otherContests).where(eq(otherContests.id, id)).returning()).length > 0;
    },

    /** A contest's participants (its `count`): the users who registered or have a submission on its board (made in
     * its time; the board's cells say so without reading submissions), each once. The users a board never ranks (the
     * `excludedUids`: root, the creator) are staff, not participants. */
    async participantCounts(cids: number[], excludedUids: string[]): Promise<Map<number, number>> {
      if (cids.length === 0) return new Map();
      const people = sql`(select ${contestRegisters.cid} as cid, ${contestRegisters.uid} as uid from ${contestRegisters}
      where ${inArray(contestRegisters.cid, cids)}
      union
      select ${contestCells.cid}, ${contestCells.uid} from ${contestCells}
      where ${and(inArray(contestCells.cid, cids), gt(contestCells.total, 0))})`;
      const skip = excludedUids.length
        ? sql`and p.uid not in (${sql.join(
            excludedUids.map((u) => sql`${u}`),
            sql`, `,
          )})`
        : sql``;
      const result = (await db.execute(
        sql`select p.cid as cid, count(*)::int as n from ${people} p
        join ${contests} on ${contests.id} = p.cid
        where p.uid <> ${contests.uid} ${skip}
        group by p.cid`,
      )) as unknown as { rows: { cid: number; n: number }[] };
      return new Map(result.rows.map((r) => [Number(r.cid), Number(r.n)]));
    },

    async insert(c: NewContest): Promise<ContestRow> {
      const [row] = await db.insert(contests).values(c).returning();
      return row;
    },

    async update(id: number, c: Partial<NewContest>, dropRegistrations: boolean): Promise<ContestRow> {
      const updated = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(contests)
          .set({ ...c, gmtModified: new Date() })
          .where(eq(contests.id, id))
          .returning();
        if (dropRegistrations) await tx.delete(contestRegisters).where(eq(contestRegisters.cid, id));
        return row;
      });
      changed(id);
      return updated;
    },

    async remove(id: number) {
      await db.transaction(async (tx) => {
        // Contest submissions go with the contest (their board, registrations and problems cascade).
        await tx.delete(submissions).where(eq(submissions.cid, id));
        await tx.delete(contests).where(eq(contests.id, id));
      });
      changed(id);
    },

    async isRegistered(cid: number, uid: string) {
      const [row] = await db
        .select({ uid: contestRegisters.uid })
        .from(contestRegisters)
        .where(and(eq(contestRegisters.cid, cid), eq(contestRegisters.uid, uid)));
      return !!row;
    },

    /** false when already registered. */
    async register(cid: number, uid: string): Promise<boolean> {
      const rows = await db.insert(contestRegisters).values({ cid, uid }).onConflictDoNothing().returning();
      return rows.length > 0;
    },

    async problems(cid: number) {
      return db
        .select({
          cp: contestProblems,
          problemId: problems.problemId,
          title: problems.title,
          auth: problems.auth,
          type: problems.type,
          /** The OI full score. */
          ioScore: problems.ioScore,
          author: problems.author,
          modifiedUser: problems.modifiedUser,
          gmtCreate: problems.gmtCreate,
          gmtModified: problems.gmtModified,
        })
        .from(contestProblems)
        .innerJoin(problems, eq(problems.id, contestProblems.pid))
        .where(eq(contestProblems.cid, cid))
        .orderBy(asc(contestProblems.displayId));
    },

    async problemByDisplayId(cid: number, displayId: string) {
      const [row] = await db
        .select()
        .from(contestProblems)
        .where(and(eq(contestProblems.cid, cid), sql`upper(${contestProblems.displayId}) = upper(${displayId})`));
      return row;
    },

    async problemByPid(cid: number, pid: number) {
      const [row] = await db
        .select()
        .from(contestProblems)
        .where(and(eq(contestProblems.cid, cid), eq(contestProblems.pid, pid)));
      return row;
    },

    /** undefined when the contest has the problem or the display id already (two admins adding at once). */
    async insertProblem(p: typeof contestProblems.$inferInsert): Promise<ContestProblemRow | undefined> {
      const [row] = await db.insert(contestProblems).values(p).onConflictDoNothing().returning();
      return row;
    },

    async updateProblem(id: number, p: Partial<typeof contestProblems.$inferInsert>): Promise<ContestProblemRow> {
      const [row] = await db
        .update(contestProblems)
        .set({ ...p, gmtModified: new Date() })
        .where(eq(contestProblems.id, id))
        .returning();
      return row;
    },

    async removeProblem(id: number) {
      await db.transaction(async (tx) => {
        await tx.delete(submissions).where(eq(submissions.cpid, id));
        await tx.delete(contestProblems).where(eq(contestProblems.id, id));
      });
    },

    /** AC and total per contest problem, from the board cells (real-time or sealed view). */
    async problemCounts(cid: number, sealed: boolean, excludedUids: string[]) {
      const acTime = sealed ? contestCells.sealedAcTimeS : contestCells.acTimeS;
      const rows = await db
        .select({
          cpid: contestCells.cpid,
          ac: sql<number>`count(*) filter (where ${acTime} is not null)`.mapWith(Number),
          total: sql<number>`sum(${contestCells.total})`.mapWith(Number),
        })
        .from(contestCells)
        .where(
          and(
            eq(contestCells.cid, cid),
            gt(contestCells.total, 0),
            excludedUids.length ? notInArray(contestCells.uid, excludedUids) : undefined,
          ),
        )
        .groupBy(contestCells.cpid);
      return new Map(rows.map((r) => [r.cpid, r]));
    },

    async cells(cid: number): Promise<ContestCellRow[]> {
      return db
        .select()
        .from(contestCells)
        .where(and(eq(contestCells.cid, cid), gt(contestCells.total, 0)));
    },

    /** Every cell of a contest as one board view sees it (users x problems, 60,000 for 5,000 people and 12
     * problems), aggregated by PostgreSQL into JSON texts of just the view's columns: parsed natively in a few ms,
     * where 60,000 rows of 15 columns took ~150 ms of the server's CPU through the driver. The users are spread over
     * `JSON_PARTS` texts, each parsed in a turn of the event loop of its own (one text of a 20,000-user contest's
     * 240,000 cells held the server for about 0.1 s). In the returned cells the real and the sealed fields both hold
     * the view's values, and the other contest type's fields are empty. With `since`, only the cells stamped above
     * that board version, those whose tries are gone included (total 0); without, only cells with tries. `version` is
     * the highest stamp read (0 when none). */
    async boardCells(
      cid: number,
      view: { sealed: boolean; oi: boolean; since?: number },
    ): Promise<{ version: number; cells: { uid: string; cpid: number; cell: CellSummary }[] }> {
      const c = contestCells;
      const s = view.sealed;
      const columns = view.oi
        ? sql`${s ? c.sealedScoreRecent : c.scoreRecent}, ${s ? c.sealedScoreHighest : c.scoreHighest},
          ${s ? c.sealedAcMinRunMs : c.acMinRunMs}`
        : sql`${s ? c.sealedAcTimeS : c.acTimeS}, ${s ? c.sealedErrors : c.errors}, ${s ? c.sealedPending : c.pending}`;
      const parts = await db
        .select({
          j: sql<string>`json_agg(json_build_array(${c.uid}, ${c.cpid}, ${c.total}, ${columns}))::text`,
          v: sql<string>`max(${c.version})::text`,
        })
        .from(c)
        .where(and(eq(c.cid, cid), view.since === undefined ? gt(c.total, 0) : gt(c.version, view.since)))
        .groupBy(jsonPart(c.uid));
      type Read = [string, number, number, number | null, number | null, number | null];
      const version = parts.reduce((v, part) => Math.max(v, Number(part.v)), 0);
      const cells = await parsedParts(parts, ([uid, cpid, total, x, y, z]: Read) => ({
        uid,
        cpid,
        cell: view.oi
          ? {
              total,
              acTimeS: null,
              errors: 0,
              pending: 0,
              sealedAcTimeS: null,
              sealedErrors: 0,
              sealedPending: 0,
              scoreRecent: x,
              scoreHighest: y,
              acMinRunMs: z,
              sealedScoreRecent: x,
              sealedScoreHighest: y,
              sealedAcMinRunMs: z,
            }
          : {
              total,
              acTimeS: x,
              errors: y ?? 0,
              pending: z ?? 0,
              sealedAcTimeS: x,
              sealedErrors: y ?? 0,
              sealedPending: z ?? 0,
              scoreRecent: null,
              scoreHighest: null,
              acMinRunMs: null,
              sealedScoreRecent: null,
              sealedScoreHighest: null,
              sealedAcMinRunMs: null,
            },
      }));
      return { version, cells };
    },

    /** The users with a cell in the contest, as the board shows them (JSON texts by user, as boardCells). */
    async boardUsersOf(cid: number): Promise<BoardUser[]> {
      const parts = await db
        .select({
          j: sql<string>`json_agg(json_build_array(${users.uid}, ${users.username}, ${users.nickname},
        ${users.realname}, ${users.school}, ${users.gender}, ${users.avatar},
        (SELECT ur.rating FROM ${userRecords} ur WHERE ur.uid = ${users}.uid)))::text`,
        })
        .from(users)
        .where(
          inArray(
            users.uid,
            db
              .selectDistinct({ uid: contestCells.uid })
              .from(contestCells)
              .where(and(eq(contestCells.cid, cid), gt(contestCells.total, 0))),
          ),
        )
        .groupBy(jsonPart(users.uid));
      type Cell = string | null;
      return parsedParts(parts, (a: [string, string, Cell, Cell, Cell, Cell, Cell, number | null]) => ({
        uid: a[0],
        username: a[1],
        nickname: a[2],
        realname: a[3],
        school: a[4],
        gender: a[5],
        avatar: a[6],
        rating: a[7],
      }));
    },

    async boardUsers(uids: string[]) {
      if (uids.length === 0) return [];
      return db
        .select({
          uid: users.uid,
          username: users.username,
          nickname: users.nickname,
          realname: users.realname,
          school: users.school,
          gender: users.gender,
          avatar: users.avatar,
          rating: userRecords.rating,
        })
        .from(users)
        .leftJoin(userRecords, eq(userRecords.uid, users.uid))
        .where(inArray(users.uid, uids));
    },

    /** Users holding any of these roles. */
    async uidsWithRoles(names: readonly RoleName[]): Promise<string[]> {
      const rows = await db
        .selectDistinct({ uid: userRoles.uid })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(inArray(roles.role, [...names]));
      return rows.map((r) => r.uid);
    },

    async userByName(username: string) {
      const [row] = await db.select({ uid: users.uid }).from(users).where(eq(users.username, username));
      return row;
    },

    async submissionsPage(f: {
      cid: number;
      uid?: string;
      uids?: string[];
      cpid?: number;
      status?: number;
      /** Others' submissions only before this time (the seal); the viewer's own always when `ownUid` is set. */
      othersBefore?: Date;
      ownUid?: string;
      /** Only submissions before this time (the end, unless containsEnd). */
      before?: Date;
      offset: number;
      limit: number;
    }) {
      const where: SQL[] = [eq(submissions.cid, f.cid)];
      if (f.uid !== undefined) where.push(eq(submissions.uid, f.uid));
      if (f.uids) where.push(inArray(submissions.uid, f.uids));
      if (f.cpid !== undefined) where.push(eq(submissions.cpid, f.cpid));
      if (f.status !== undefined) where.push(eq(submissions.status, f.status));
      if (f.before) where.push(lt(submissions.submitTime, f.before));
      if (f.othersBefore) {
        const cut = lt(submissions.submitTime, f.othersBefore);
        where.push(f.ownUid ? (or(cut, eq(submissions.uid, f.ownUid)) as SQL) : cut);
      }
      const cond = and(...where);
      const [[{ total }], rows] = await Promise.all([
        db.select({ total: count() }).from(submissions).where(cond),
        db
          .select({ submission: submissions, title: problems.title, realname: users.realname })
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

    /** One user's submissions in a contest, newest first (a participant has a few hundred at most). */
    userSubmissions(cid: number, uid: string) {
      return db
        .select({
          pid: submissions.pid,
          status: submissions.status,
          score: submissions.score,
          submitTime: submissions.submitTime,
        })
        .from(submissions)
        .where(and(eq(submissions.cid, cid), eq(submissions.uid, uid)))
        .orderBy(desc(submissions.submitId));
    },

    async hasSubmitted(cid: number, uid: string, cpid: number) {
      const [row] = await db
        .select({ id: submissions.submitId })
        .from(submissions)
        .where(and(eq(submissions.cid, cid), eq(submissions.uid, uid), eq(submissions.cpid, cpid)))
        .limit(1);
      return !!row;
    },

    // ---- virtual participation ----
    /** A user's latest virtual run of a contest. */
    async virtualRun(cid: number, uid: string): Promise<VirtualRunRow | undefined> {
      const [row] = await db
        .select()
        .from(contestVirtualRuns)
        .where(and(eq(contestVirtualRuns.cid, cid), eq(contestVirtualRuns.uid, uid)));
      return row;
    },
    /** Starts a run unless the user's last one is still going (one statement: two calls at once start one run); a new
     * run replaces an ended one with a new id. Undefined when one is going. */
    async startVirtualRun(v: { cid: number; uid: string; startTime: Date; endTime: Date; live: boolean }) {
      const [row] = await db
        .insert(contestVirtualRuns)
        .values({ cid: v.cid, uid: v.uid, startTime: v.startTime, endTime: v.endTime, live: v.live ? 1 : 0 })
        .onConflictDoUpdate({
          target: [contestVirtualRuns.cid, contestVirtualRuns.uid],
          set: {
            id: sql`nextval(pg_get_serial_sequence('contest_virtual_runs', 'id'))`,
            startTime: sql`excluded.start_time`,
            endTime: sql`excluded.end_time`,
            live: sql`excluded.live`,
          },
          setWhere: sql`${contestVirtualRuns.endTime} <= excluded.start_time`,
        })
        .returning();
      return row;
    },
    /** Every user's latest virtual run of a contest. */
    virtualRuns(cid: number): Promise<VirtualRunRow[]> {
      return db.select().from(contestVirtualRuns).where(eq(contestVirtualRuns.cid, cid));
    },
    /** Whether a user is on the contest's real board (he took part live). */
    async onBoard(cid: number, uid: string) {
      const [row] = await db
        .select({ uid: contestCells.uid })
        .from(contestCells)
        .where(and(eq(contestCells.cid, cid), eq(contestCells.uid, uid), gt(contestCells.total, 0)))
        .limit(1);
      return !!row;
    },
    /** The tries a replayed board counts: the real ones in a window, or those of some virtual runs. */
    async tries(which: { window: ContestWindow } | { cid: number; vrids: number[] }) {
      if ('vrids' in which && which.vrids.length === 0) return [];
      return db
        .select({
          submitId: submissions.submitId,
          uid: submissions.uid,
          cpid: submissions.cpid,
          vrid: submissions.vrid,
          submitTime: submissions.submitTime,
          status: submissions.status,
          score: submissions.score,
          timeMs: submissions.timeMs,
        })
        .from(submissions)
        .where(
          'window' in which
            ? inContestWindow(which.window)
            : and(eq(submissions.cid, which.cid), inArray(submissions.vrid, which.vrids)),
        );
    },

    /** How many of a contest problem's submissions in the window have each status (HOJ's contest problemCount). */
    async problemStatusCounts(w: ContestWindow, cpid: number) {
      const rows = await db
        .select({ status: submissions.status, n: count() })
        .from(submissions)
        .where(and(inContestWindow(w), eq(submissions.cpid, cpid)))
        .groupBy(submissions.status);
      return new Map(rows.map((r) => [r.status, Number(r.n)]));
    },

    /** A contest's announcements, newest first; with `before`, those made before it (a virtual participant's). */
    async announcements(cid: number, offset: number, limit: number, before?: Date) {
      const cond = and(
        eq(contestAnnouncements.cid, cid),
        before ? lt(contestAnnouncements.gmtCreate, before) : undefined,
      );
      const [[{ total }], rows] = await Promise.all([
        db.select({ total: count() }).from(contestAnnouncements).where(cond),
        db
          .select({ a: contestAnnouncements, username: users.username })
          .from(contestAnnouncements)
          .innerJoin(users, eq(users.uid, contestAnnouncements.uid))
          .where(cond)
          .orderBy(desc(contestAnnouncements.id))
          .limit(limit)
          .offset(offset),
      ]);
      return { total, rows: rows.map((r) => ({ ...r.a, username: r.username })) };
    },

    async announcementsExcept(cid: number, readIds: number[], before?: Date): Promise<ContestAnnouncementRow[]> {
      const rows = await db
        .select({ a: contestAnnouncements, username: users.username })
        .from(contestAnnouncements)
        .innerJoin(users, eq(users.uid, contestAnnouncements.uid))
        .where(
          and(
            eq(contestAnnouncements.cid, cid),
            readIds.length ? notInArray(contestAnnouncements.id, readIds) : undefined,
            before ? lt(contestAnnouncements.gmtCreate, before) : undefined,
          ),
        )
        .orderBy(desc(contestAnnouncements.id));
      return rows.map((r) => ({ ...r.a, username: r.username }));
    },

    async announcementById(id: number) {
      const [row] = await db.select().from(contestAnnouncements).where(eq(contestAnnouncements.id, id));
      return row;
    },

    async saveAnnouncement(a: { id?: number | null; cid: number; title: string; content: string; uid: string }) {
      const [row] = a.id
        ? await db
            .update(contestAnnouncements)
            .set({ title: a.title, content: a.content, gmtModified: new Date() })
            .where(and(eq(contestAnnouncements.id, a.id), eq(contestAnnouncements.cid, a.cid)))
            .returning()
        : await db
            .insert(contestAnnouncements)
            .values({ cid: a.cid, title: a.title, content: a.content, uid: a.uid })
            .returning();
      return row;
    },

    async removeAnnouncement(id: number) {
      await db.delete(contestAnnouncements).where(eq(contestAnnouncements.id, id));
    },

    async usernameOf(uid: string) {
      const [row] = await db.select({ username: users.username }).from(users).where(eq(users.uid, uid));
      return row?.username ?? '';
    },
  };
};
export type ContestRepository = ReturnType<typeof createContestRepository>;
