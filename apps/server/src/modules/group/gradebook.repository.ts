import { group as groupContract, JUDGE_STATUS } from '@oj/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  contestCells,
  contestProblems,
  contests,
  groupMembers,
  groups,
  homeworkTotals,
  problems,
  submissions,
  trainingCells,
  trainingExtensions,
  trainingProblems,
  trainings,
  users,
} from '../../db/schema.js';

const { MEMBER_LEVEL } = groupContract;

/** Verdicts that count as a failed try for "who is stuck" (a judged answer that is not Accepted). */
const FAILED = [
  JUDGE_STATUS.PRESENTATION_ERROR,
  JUDGE_STATUS.COMPILE_ERROR,
  JUDGE_STATUS.WRONG_ANSWER,
  JUDGE_STATUS.TIME_LIMIT_EXCEEDED,
  JUDGE_STATUS.MEMORY_LIMIT_EXCEEDED,
  JUDGE_STATUS.RUNTIME_ERROR,
  JUDGE_STATUS.PARTIAL_ACCEPTED,
];

const ids = (list: number[]) =>
  sql.join(
    list.map((n) => sql`${n}`),
    sql`, `,
  );

type Rows<T> = { rows: T[] };

/** The group's assignments: its visible trainings with a due time, its visible contests (the gradebook's columns). */
const assignedTrainings = (gid: number) =>
  sql`select id from ${trainings} where gid = ${gid} and status = 1 and due_time is not null`;
const groupContests = (gid: number) => sql`select id from ${contests} where gid = ${gid} and visible = 1`;

/** A student of the group (with groups joined): a member at the member level who is not its owner. */
const studentOf = (gid: number) =>
  and(eq(groupMembers.gid, gid), eq(groupMembers.auth, MEMBER_LEVEL.MEMBER), sql`${groupMembers.uid} <> ${groups.uid}`);

/** The gradebook's reads (decision 0052): the group's students, its assignments, and their cells (training cells
 * with their homework figures, contest board cells), never the submissions but for one assignment's matrix and the
 * lab's recent tries. */
export const createGradebookRepository = (db: Db) => ({
  groupName: async (gid: number) =>
    (await db.select({ name: groups.name }).from(groups).where(eq(groups.id, gid)))[0]?.name ?? '',

  /** The group's students: members who are not its admins (nor its owner), by username. */
  students: (gid: number) =>
    db
      .select({ uid: users.uid, username: users.username, realname: users.realname, nickname: users.nickname })
      .from(groupMembers)
      .innerJoin(users, eq(users.uid, groupMembers.uid))
      .innerJoin(groups, eq(groups.id, groupMembers.gid))
      .where(studentOf(gid))
      .orderBy(asc(users.username)),

  isStudent: async (gid: number, uid: string) =>
    (
      await db
        .select({ uid: groupMembers.uid })
        .from(groupMembers)
        .innerJoin(groups, eq(groups.id, groupMembers.gid))
        .where(and(studentOf(gid), eq(groupMembers.uid, uid)))
    ).length > 0,

  training: async (tid: number) => (await db.select().from(trainings).where(eq(trainings.id, tid)))[0],

  /** The group's visible trainings with a due time, with their problem counts. */
  trainings: (gid: number) =>
    db
      .select({
        training: trainings,
        problemCount: sql<number>`(select count(*)::int from ${trainingProblems} tp where tp.tid = "trainings"."id")`,
      })
      .from(trainings)
      .where(sql`${trainings.id} in (${assignedTrainings(gid)})`),

  /** The group's visible contests, with their problem counts and most points (the problems' full scores). */
  contests: (gid: number) =>
    db
      .select({
        contest: contests,
        problemCount: sql<number>`(select count(*)::int from ${contestProblems} cp where cp.cid = "contests"."id")`,
        maxScore: sql<number>`(select coalesce(sum(p.io_score), 0)::int from ${contestProblems} cp
          join ${problems} p on p.id = cp.pid where cp.cid = "contests"."id")`,
      })
      .from(contests)
      .where(sql`${contests.id} in (${groupContests(gid)})`),

  /** Per training and student: counted points (0-100 per problem, to 1/100), counted Accepted problems, a late one;
   * a row once he tried anything in it. Read as one text of lines "tid points solved late uid": 6,000 rows sent
   * and parsed one by one cost three times as much. */
  async trainingTotals(gid: number) {
    const r = (await db.execute(sql`
      select coalesce(string_agg(tid || ' ' || round(points * 100)::bigint || ' ' || solved || ' ' || late::int
        || ' ' || uid, E'\n'), '') as lines
      from ${homeworkTotals} where tid in (${assignedTrainings(gid)})`)) as unknown as Rows<{ lines: string }>;
    const text = r.rows[0].lines;
    return text
      ? text.split('\n').map((line) => {
          const [tid, points, solved, late] = line.split(' ', 4);
          return {
            tid: Number(tid),
            points: Number(points) / 100,
            solved: Number(solved),
            late: late === '1',
            uid: line.slice(tid.length + points.length + solved.length + late.length + 4),
          };
        })
      : [];
  },

  extensions: (gid: number) =>
    db
      .select({ tid: trainingExtensions.tid, uid: trainingExtensions.uid, dueTime: trainingExtensions.dueTime })
      .from(trainingExtensions)
      .where(sql`${trainingExtensions.tid} in (${assignedTrainings(gid)})`),

  /** Per contest and participant, the board's totals from its cells, real-time and sealed. */
  async contestTotals(gid: number) {
    const r = (await db.execute(sql`
      select cid, uid, sum(total)::int as tries,
        count(*) filter (where ac_time_s is not null)::int as solved,
        coalesce(sum(ac_time_s + errors * 1200) filter (where ac_time_s is not null), 0)::int as total_time,
        count(*) filter (where sealed_ac_time_s is not null)::int as sealed_solved,
        coalesce(sum(sealed_ac_time_s + sealed_errors * 1200) filter (where sealed_ac_time_s is not null), 0)::int
          as sealed_total_time,
        coalesce(sum(score_recent), 0)::int as score_recent, coalesce(sum(score_highest), 0)::int as score_highest,
        coalesce(sum(sealed_score_recent), 0)::int as sealed_score_recent,
        coalesce(sum(sealed_score_highest), 0)::int as sealed_score_highest
      from ${contestCells} where cid in (${groupContests(gid)}) group by cid, uid`)) as unknown as Rows<
      Record<string, number> & { uid: string }
    >;
    return r.rows.map((x) => ({
      cid: Number(x.cid),
      uid: x.uid,
      tries: Number(x.tries),
      real: {
        solved: Number(x.solved),
        totalTime: Number(x.total_time),
        recent: Number(x.score_recent),
        highest: Number(x.score_highest),
      },
      sealed: {
        solved: Number(x.sealed_solved),
        totalTime: Number(x.sealed_total_time),
        recent: Number(x.sealed_score_recent),
        highest: Number(x.sealed_score_highest),
      },
    }));
  },

  // ---- one assignment's matrix ----

  trainingProblems: (tid: number) =>
    db
      .select({
        tpid: trainingProblems.id,
        pid: problems.id,
        displayId: trainingProblems.displayId,
        title: problems.title,
        problemId: problems.problemId,
      })
      .from(trainingProblems)
      .innerJoin(problems, eq(problems.id, trainingProblems.pid))
      .where(eq(trainingProblems.tid, tid))
      .orderBy(asc(trainingProblems.rank), asc(trainingProblems.id)),

  trainingCells: (tid: number) =>
    db
      .select({
        uid: trainingCells.uid,
        tpid: trainingCells.tpid,
        status: trainingCells.status,
        hwScore: trainingCells.hwScore,
        hwLate: trainingCells.hwLate,
        attempts: trainingCells.attempts,
        lastSubmitTime: trainingCells.lastSubmitTime,
      })
      .from(trainingCells)
      .where(eq(trainingCells.tid, tid)),

  contestProblems: (cid: number) =>
    db
      .select({
        cpid: contestProblems.id,
        pid: problems.id,
        displayId: contestProblems.displayId,
        title: contestProblems.displayTitle,
        problemId: problems.problemId,
        type: problems.type,
        ioScore: problems.ioScore,
      })
      .from(contestProblems)
      .innerJoin(problems, eq(problems.id, contestProblems.pid))
      .where(eq(contestProblems.cid, cid))
      .orderBy(asc(contestProblems.displayId)),

  /** Per participant and problem of a contest (real participation): tries, the last one's time and verdict, an
   * Accepted, and the board cell's scores. */
  async contestTries(cid: number) {
    const r = (await db.execute(sql`
      select s.uid, s.cpid, count(*)::int as attempts, max(s.submit_time) as last_time,
        bool_or(s.status = ${JUDGE_STATUS.ACCEPTED}) as ac,
        (array_agg(s.status order by s.submit_id desc))[1] as last_status,
        max(c.score_recent) as score_recent, max(c.score_highest) as score_highest
      from ${submissions} s
      left join ${contestCells} c on c.cid = s.cid and c.uid = s.uid and c.cpid = s.cpid
      where s.cid = ${cid} and s.vrid is null
      group by s.uid, s.cpid`)) as unknown as Rows<{
      uid: string;
      cpid: number;
      attempts: number;
      last_time: Date | string;
      ac: boolean;
      last_status: number;
      score_recent: number | null;
      score_highest: number | null;
    }>;
    return r.rows.map((x) => ({
      uid: x.uid,
      cpid: Number(x.cpid),
      attempts: Number(x.attempts),
      lastSubmitTime: new Date(x.last_time),
      ac: x.ac,
      lastStatus: Number(x.last_status),
      scoreRecent: x.score_recent === null ? null : Number(x.score_recent),
      scoreHighest: x.score_highest === null ? null : Number(x.score_highest),
    }));
  },

  // ---- extensions ----

  setExtension: (tid: number, uid: string, dueTime: Date | null, by: string) =>
    db.transaction(async (tx) => {
      if (dueTime === null) {
        await tx
          .delete(trainingExtensions)
          .where(and(eq(trainingExtensions.tid, tid), eq(trainingExtensions.uid, uid)));
      } else {
        await tx
          .insert(trainingExtensions)
          .values({ tid, uid, dueTime, setBy: by })
          .onConflictDoUpdate({
            target: [trainingExtensions.tid, trainingExtensions.uid],
            set: { dueTime, setBy: by, gmtCreate: new Date() },
          });
      }
      // His submissions count by his own due time (migration 0031).
      await tx.execute(sql`select oj_sync_training_homework(${tid}::integer, ${uid}::text)`);
    }),

  // ---- who is stuck ----

  /** Students' (uid, assignment, problem) with only failed tries since `since`, at least `attempts` of them, the
   * first before `stuckBefore`. */
  async stuck(gid: number, q: { since: Date; stuckBefore: Date; attempts: number }) {
    const r = (await db.execute(sql`
      with tries as (
        select s.uid, s.tid, s.cid, s.pid, s.cpid, s.status, s.submit_time, s.submit_id
        from ${submissions} s
        where s.submit_time >= ${q.since}
          and (s.tid in (select id from ${trainings} where gid = ${gid})
            or (s.cid <> 0 and s.vrid is null and s.cid in (select id from ${contests} where gid = ${gid})))
          and s.uid in (select m.uid from ${groupMembers} m join ${groups} g on g.id = m.gid
            where m.gid = ${gid} and m.auth = ${MEMBER_LEVEL.MEMBER} and m.uid <> g.uid)
      ), stuck as (
        select uid, tid, cid, pid, cpid, count(*)::int as attempts, min(submit_time) as first_time,
          max(submit_time) as last_time, (array_agg(status order by submit_id desc))[1] as last_status
        from tries
        group by uid, tid, cid, pid, cpid
        having bool_and(status in (${ids(FAILED)})) and count(*) >= ${q.attempts}
          and min(submit_time) <= ${q.stuckBefore}
      )
      select k.*, u.username, u.realname, u.nickname,
        coalesce(t.title, c.title) as title, coalesce(tp.display_id, cp.display_id) as display_id
      from stuck k
      join ${users} u on u.uid = k.uid
      left join ${trainings} t on t.id = k.tid
      left join ${trainingProblems} tp on tp.tid = k.tid and tp.pid = k.pid
      left join ${contests} c on k.tid is null and c.id = k.cid
      left join ${contestProblems} cp on k.tid is null and cp.id = k.cpid
      order by k.first_time, u.username`)) as unknown as Rows<{
      uid: string;
      tid: number | null;
      cid: number;
      pid: number;
      attempts: number;
      first_time: Date | string;
      last_time: Date | string;
      last_status: number;
      username: string;
      realname: string | null;
      nickname: string | null;
      title: string | null;
      display_id: string | null;
    }>;
    return r.rows;
  },
});
export type GradebookRepository = ReturnType<typeof createGradebookRepository>;
