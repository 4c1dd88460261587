import {
  type AssignmentKind,
  type AssignmentMatrix,
  type AssignmentProblemCell,
  gradebook as contract,
  type Gradebook,
  type GradebookAssignment,
  type GradebookCell,
  JUDGE_STATUS,
  type Locale,
  type StuckStudent,
  type TrainingExtension,
} from '@oj/shared';
import { badRequest, notFound } from '../../http/app-error.js';
import type { BinaryAnswer } from '../../http/bind.js';
import { PreSerialized } from '../../http/pre-serialized.js';
import { csvFile } from '../../lib/csv.js';
import { type Cell, type Sheet, writeXlsx, XLSX_CONTENT_TYPE } from '../../lib/xlsx.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/session.service.js';
import { deadlinesFor, homeworkRuleOf, homeworkScore } from '../training/homework.js';
import type { GradebookRepository } from './gradebook.repository.js';
import type { GroupPolicy } from './group-policy.js';

const { STUCK_WINDOW_HOURS } = contract;

const round2 = (n: number) => Math.round(n * 100) / 100;
const mean = (xs: number[]) => (xs.length ? round2(xs.reduce((a, b) => a + b, 0) / xs.length) : null);
const iso = (d: Date | null) => d?.toISOString() ?? null;

type TrainingColumn = Awaited<ReturnType<GradebookRepository['trainings']>>[number];
type ContestColumn = Awaited<ReturnType<GradebookRepository['contests']>>[number];
/** A column with what its matrix and cells need. */
type Column =
  | { assignment: GradebookAssignment; training: TrainingColumn['training'] }
  | { assignment: GradebookAssignment; contest: ContestColumn['contest']; maxScore: number };

const EXPORT_LABELS: Record<
  Locale,
  Record<
    'username' | 'realname' | 'nickname' | 'total' | 'average' | 'score' | 'late' | 'extended' | 'grid' | 'legend',
    string
  >
> = {
  'zh-CN': {
    username: '用户名',
    realname: '真实姓名',
    nickname: '昵称',
    total: '总评(%)',
    average: '班级平均',
    score: '得分(%)',
    late: '迟交',
    extended: '延期',
    grid: '成绩册',
    legend: '黄色：含迟交（已扣分）；蓝色：已延期；灰色：未开始',
  },
  'en-US': {
    username: 'Username',
    realname: 'Real name',
    nickname: 'Nickname',
    total: 'Total (%)',
    average: 'Class average',
    score: 'Score (%)',
    late: 'Late',
    extended: 'Extended',
    grid: 'Gradebook',
    legend: 'Yellow: late work counted with its penalty; blue: extended; grey: not started',
  },
};
const LATE_FILL = '#FDE68A';
const EXTENDED_FILL = '#BFDBFE';
const NOT_STARTED_COLOR = '#9CA3AF';

/** Homework extensions and a group's gradebook (decision 0052): its admins' (the group policy's `admin`, which the
 * super admin meets), every call. */
export const createGradebookService = (deps: {
  repo: GradebookRepository;
  policy: GroupPolicy;
  audit: Pick<AuditService, 'record'>;
  now?: () => Date;
}) => {
  const { repo, policy } = deps;
  const now = deps.now ?? (() => new Date());

  /** The group's assignments in date order (due time, a contest's end), trainings before contests on a tie. */
  const columnsOf = async (gid: number): Promise<Column[]> => {
    const [ts, cs] = await Promise.all([repo.trainings(gid), repo.contests(gid)]);
    const columns: Column[] = [
      ...ts.map(({ training: t, problemCount }) => ({
        training: t,
        assignment: {
          kind: 'training' as const,
          id: t.id,
          title: t.title,
          ...homeworkRuleOf(t),
          dueTime: (t.dueTime as Date).toISOString(),
          contestType: null,
          problemCount,
          average: null,
        },
      })),
      ...cs.map(({ contest: c, problemCount, maxScore }) => ({
        contest: c,
        maxScore,
        assignment: {
          kind: 'contest' as const,
          id: c.id,
          title: c.title,
          openTime: c.startTime.toISOString(),
          dueTime: c.endTime.toISOString(),
          lateUntil: null,
          latePenalty: 0,
          latePenaltyUnit: 'day' as const,
          latePenaltyFloor: 0,
          contestType: c.type === 1 ? ('OI' as const) : ('ACM' as const),
          problemCount,
          average: null,
        },
      })),
    ];
    const rank = (k: AssignmentKind) => (k === 'training' ? 0 : 1);
    return columns.sort(
      (a, b) =>
        a.assignment.dueTime.localeCompare(b.assignment.dueTime) ||
        rank(a.assignment.kind) - rank(b.assignment.kind) ||
        a.assignment.id - b.assignment.id,
    );
  };

  const emptyCell = (total: number): GradebookCell => ({
    score: 0,
    solved: 0,
    total,
    late: false,
    extended: false,
    dueTime: null,
    started: false,
    totalTime: null,
    totalScore: null,
    maxScore: null,
  });

  /** A contest shows its sealed figures while it runs sealed, as its public board does; the real ones once over. */
  const sealedNow = (c: ContestColumn['contest'], at: Date) =>
    c.sealRank === 1 && !!c.sealRankTime && at >= c.sealRankTime && at < c.endTime;

  const build = async (gid: number): Promise<{ book: Gradebook; columns: Column[] }> => {
    // One round trip: every read names the group's assignments itself.
    const [groupName, students, columns, tTotals, extensions, cTotals] = await Promise.all([
      repo.groupName(gid),
      repo.students(gid),
      columnsOf(gid),
      repo.trainingTotals(gid),
      repo.extensions(gid),
      repo.contestTotals(gid),
    ]);
    const tBy = new Map(tTotals.map((x) => [`${x.tid}:${x.uid}`, x]));
    const extBy = new Map(extensions.map((x) => [`${x.tid}:${x.uid}`, x.dueTime]));
    const cBy = new Map(cTotals.map((x) => [`${x.cid}:${x.uid}`, x]));
    const at = now();

    const cellOf = (col: Column, uid: string): GradebookCell => {
      const n = col.assignment.problemCount;
      if ('training' in col) {
        const key = `${col.training.id}:${uid}`;
        const x = tBy.get(key);
        const ext = extBy.get(key) ?? null;
        return {
          ...emptyCell(n),
          score: x ? homeworkScore(x.points, n) : 0,
          solved: x?.solved ?? 0,
          late: x?.late ?? false,
          extended: ext !== null,
          dueTime: iso(ext),
          started: !!x,
        };
      }
      const x = cBy.get(`${col.contest.id}:${uid}`);
      const f = x && (sealedNow(col.contest, at) ? x.sealed : x.real);
      const oi = col.contest.type === 1;
      const totalScore = f ? (col.contest.oiRankScoreType === 'Highest' ? f.highest : f.recent) : 0;
      return {
        ...emptyCell(n),
        score: oi
          ? col.maxScore
            ? round2((totalScore / col.maxScore) * 100)
            : 0
          : n
            ? round2(((f?.solved ?? 0) / n) * 100)
            : 0,
        solved: f?.solved ?? 0,
        started: !!x && x.tries > 0,
        totalTime: oi ? null : (f?.totalTime ?? 0),
        totalScore: oi ? totalScore : null,
        maxScore: oi ? col.maxScore : null,
      };
    };

    const rows = students.map((s) => {
      const cells = columns.map((c) => cellOf(c, s.uid));
      return { ...s, total: mean(cells.map((c) => c.score)), cells };
    });
    const assignments = columns.map((c, i) => ({ ...c.assignment, average: mean(rows.map((r) => r.cells[i].score)) }));
    columns.forEach((c, i) => {
      c.assignment = assignments[i];
    });
    const totals = rows.flatMap((r) => (r.total === null ? [] : [r.total]));
    return { book: { gid, groupName, assignments, students: rows, average: mean(totals) }, columns };
  };

  /** Requests for one group's gradebook that arrive while it is being built share that build (a class's teachers,
   * their refetch after a live event); a request never gets a build that had finished before it came. */
  const building = new Map<number, Promise<PreSerialized<Gradebook>>>();
  const shared = (gid: number) => {
    let p = building.get(gid);
    if (!p) {
      // Serialized once for all who share it (a class's gradebook is about 1 MB of JSON).
      p = build(gid)
        .then(({ book }) => new PreSerialized<Gradebook>(JSON.stringify(book)))
        .finally(() => building.delete(gid));
      building.set(gid, p);
    }
    return p;
  };

  const matrixOf = async (gid: number, book: Gradebook, col: Column): Promise<AssignmentMatrix> => {
    const index = book.assignments.findIndex((a) => a.kind === col.assignment.kind && a.id === col.assignment.id);
    const base = (s: Gradebook['students'][number]) => ({
      uid: s.uid,
      username: s.username,
      realname: s.realname,
      nickname: s.nickname,
      cell: s.cells[index],
    });
    const none: AssignmentProblemCell = {
      status: JUDGE_STATUS.NOT_SUBMITTED,
      score: null,
      attempts: 0,
      lastSubmitTime: null,
      late: false,
    };
    if ('training' in col) {
      const [problems, cells] = await Promise.all([
        repo.trainingProblems(col.training.id),
        repo.trainingCells(col.training.id),
      ]);
      const by = new Map(cells.map((c) => [`${c.uid}:${c.tpid}`, c]));
      return {
        gid,
        assignment: col.assignment,
        problems: problems.map(({ tpid: _, ...p }) => p),
        students: book.students.map((s) => ({
          ...base(s),
          problems: problems.map((p) => {
            const c = by.get(`${s.uid}:${p.tpid}`);
            return c
              ? {
                  status: c.status,
                  score: c.hwScore === null ? null : round2(c.hwScore),
                  attempts: c.attempts,
                  lastSubmitTime: iso(c.lastSubmitTime),
                  late: c.hwLate && c.hwScore !== null,
                }
              : none;
          }),
        })),
      };
    }
    const [problems, tries] = await Promise.all([
      repo.contestProblems(col.contest.id),
      repo.contestTries(col.contest.id),
    ]);
    const by = new Map(tries.map((c) => [`${c.uid}:${c.cpid}`, c]));
    const highest = col.contest.oiRankScoreType === 'Highest';
    return {
      gid,
      assignment: col.assignment,
      problems: problems.map((p) => ({ pid: p.pid, displayId: p.displayId, title: p.title, problemId: p.problemId })),
      students: book.students.map((s) => ({
        ...base(s),
        problems: problems.map((p) => {
          const c = by.get(`${s.uid}:${p.cpid}`);
          if (!c) return none;
          const oiScore = highest ? c.scoreHighest : c.scoreRecent;
          return {
            status: c.ac ? JUDGE_STATUS.ACCEPTED : c.lastStatus,
            score:
              col.contest.type === 1
                ? p.ioScore > 0 && oiScore !== null
                  ? round2((oiScore / p.ioScore) * 100)
                  : null
                : c.ac
                  ? 100
                  : 0,
            attempts: c.attempts,
            lastSubmitTime: iso(c.lastSubmitTime),
            late: false,
          };
        }),
      })),
    };
  };

  return {
    async gradebook(gid: number, viewer: AuthUser): Promise<PreSerialized<Gradebook>> {
      await policy.require(gid, viewer, 'admin');
      return shared(gid);
    },

    async assignment(q: { gid: number; kind: AssignmentKind; id: number }, viewer: AuthUser) {
      await policy.require(q.gid, viewer, 'admin');
      const { book, columns } = await build(q.gid);
      const col = columns.find((c) => c.assignment.kind === q.kind && c.assignment.id === q.id);
      if (!col) throw notFound();
      return matrixOf(q.gid, book, col);
    },

    async stuck(q: { gid: number; attempts: number; minutes: number }, viewer: AuthUser): Promise<StuckStudent[]> {
      await policy.require(q.gid, viewer, 'admin');
      const at = now().getTime();
      const rows = await repo.stuck(q.gid, {
        since: new Date(at - STUCK_WINDOW_HOURS * 3600_000),
        stuckBefore: new Date(at - q.minutes * 60_000),
        attempts: q.attempts,
      });
      return rows.map((r) => ({
        uid: r.uid,
        username: r.username,
        realname: r.realname,
        nickname: r.nickname,
        kind: r.tid === null ? 'contest' : 'training',
        id: r.tid ?? Number(r.cid),
        title: r.title ?? '',
        pid: Number(r.pid),
        displayId: r.display_id ?? '',
        attempts: Number(r.attempts),
        lastStatus: Number(r.last_status),
        firstSubmitTime: new Date(r.first_time).toISOString(),
        lastSubmitTime: new Date(r.last_time).toISOString(),
      }));
    },

    /** A later due time for one student of a group training with a due time; null removes it. */
    async setExtension(
      b: { tid: number; uid: string; dueTime: string | null },
      viewer: AuthUser,
      actor: Actor,
    ): Promise<TrainingExtension> {
      const t = await repo.training(b.tid);
      if (!t || t.gid === null) throw notFound();
      await policy.require(t.gid, viewer, 'admin');
      if (!t.dueTime) throw badRequest('homeworkNoDueTime', 'tid');
      if (!(await repo.isStudent(t.gid, b.uid))) throw badRequest('homeworkExtensionNotStudent', 'uid');
      const due = b.dueTime === null ? null : new Date(b.dueTime);
      if (due && due <= t.dueTime) throw badRequest('homeworkExtensionTooEarly', 'dueTime');
      await repo.setExtension(t.id, b.uid, due, viewer.uid);
      await deps.audit.record(
        actor,
        'homeworkExtension',
        { type: 'training', id: t.id },
        { uid: b.uid, dueTime: iso(due) },
      );
      const own = due ? deadlinesFor(t, due) : null;
      return { tid: t.id, uid: b.uid, dueTime: iso(own?.due ?? null), lateUntil: iso(own?.lateUntil ?? null) };
    },

    /** The gradebook as a workbook (the grid, then one students x problems sheet per assignment) or CSV (the grid). */
    async file(q: { gid: number; format: 'xlsx' | 'csv' }, viewer: AuthUser, locale: Locale): Promise<BinaryAnswer> {
      await policy.require(q.gid, viewer, 'admin');
      const { book, columns } = await build(q.gid);
      const L = EXPORT_LABELS[locale];
      const name = `group_${q.gid}_gradebook`;
      const header = [L.username, L.realname, L.nickname, L.total, ...book.assignments.map((a) => a.title)];
      if (q.format === 'csv') {
        const rows = [
          header,
          ...book.students.map((s) => [s.username, s.realname, s.nickname, s.total, ...s.cells.map((c) => c.score)]),
          [L.average, null, null, book.average, ...book.assignments.map((a) => a.average)],
        ];
        return { body: csvFile(rows), contentType: 'text/csv; charset=utf-8', filename: `${name}.csv` };
      }
      const styled = (c: GradebookCell): Cell =>
        c.late
          ? { value: c.score, fill: LATE_FILL }
          : c.extended
            ? { value: c.score, fill: EXTENDED_FILL }
            : c.started
              ? c.score
              : { value: c.score, color: NOT_STARTED_COLOR };
      const sheets: Sheet[] = [
        {
          name: L.grid,
          header: true,
          rows: [
            header,
            ...book.students.map((s) => [s.username, s.realname, s.nickname, s.total, ...s.cells.map(styled)]),
            [{ value: L.average, bold: true }, null, null, book.average, ...book.assignments.map((a) => a.average)],
            [],
            [L.legend],
          ],
          widths: [18, 14, 14, 10, ...book.assignments.map(() => 14)],
        },
      ];
      for (const [i, col] of columns.entries()) {
        const m = await matrixOf(q.gid, book, col);
        sheets.push({
          name: `${i + 1} ${col.assignment.title}`,
          header: true,
          rows: [
            [L.username, L.realname, L.score, ...m.problems.map((p) => `${p.displayId} ${p.title}`)],
            ...m.students.map((s) => [
              s.username,
              s.realname,
              styled(s.cell),
              ...s.problems.map((p): Cell => (p.late ? { value: p.score, fill: LATE_FILL } : p.score)),
            ]),
          ],
          widths: [18, 14, 10, ...m.problems.map(() => 14)],
        });
      }
      const bytes = await writeXlsx(sheets);
      return { body: bytes, contentType: XLSX_CONTENT_TYPE, filename: `${name}.xlsx` };
    },
  };
};
export type GradebookService = ReturnType<typeof createGradebookService>;
