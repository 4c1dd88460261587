import {
  type FullScreenProblem,
  type GroupRole,
  group as g,
  JUDGE_STATUS,
  type Page,
  type Submission,
  type Tag,
  type Training,
  type TrainingAuth,
  type TrainingCategory,
  type TrainingProblem,
  type TrainingRankRow,
  training,
} from '@oj/shared';

const { TRAINING_AUTH } = training;

import { AppError, badRequest, forbidden, notFound } from '../../http/app-error.js';
import { PreSerialized } from '../../http/pre-serialized.js';
import { boundedMap } from '../../lib/bounded-map.js';
import type { PasswordAttemptsService } from '../access/password-attempts.service.js';
import type { AuthUser } from '../auth/session.service.js';
import type { GroupPolicy } from '../group/group-policy.js';
import { toTag } from '../problem/problem.mapper.js';
import { mayReadProblem } from '../problem/problem-access.js';
import type { ProblemCatalogService } from '../problem/problem-catalog.service.js';
import type { ProblemCatalogQueries } from '../problem/problem-queries.js';
import { toSubmission } from '../submission/submission.mapper.js';
import type { SubmissionService } from '../submission/submission.service.js';
import { deadlinesFor, homeworkRuleOf, homeworkScore, homeworkStateOf, isBeforeOpen } from './homework.js';
import type {
  TrainingCategoryRow,
  TrainingRepository,
  TrainingRow,
  TrainingWithCategory,
} from './training.repository.js';
import { managesTraining } from './training-access.js';

export const toTrainingCategory = (c: TrainingCategoryRow): TrainingCategory => ({
  id: c.id,
  name: c.name,
  color: c.color,
  gid: c.gid,
  gmtCreate: c.gmtCreate.toISOString(),
  gmtModified: c.gmtModified.toISOString(),
});

const authOf = (t: TrainingRow): TrainingAuth =>
  t.auth === TRAINING_AUTH.PRIVATE ? TRAINING_AUTH.PRIVATE : TRAINING_AUTH.PUBLIC;

/** What the viewer has of a training: its problems' count, those he solved, and for an assignment his extended due
 * time and counted points (the sum of his problem scores, 0-100 each). */
interface ViewerCounts {
  problemCount: number;
  acCount: number;
  homework?: { extendedDue: Date | null; points: number };
}

const homeworkOfViewer = (t: TrainingRow, c: ViewerCounts, now: Date) => {
  const hw = c.homework;
  const extended = hw?.extendedDue ? deadlinesFor(t, hw.extendedDue) : undefined;
  return {
    ...homeworkRuleOf(t),
    myDueTime: extended?.due?.toISOString() ?? null,
    myLateUntil: extended?.lateUntil?.toISOString() ?? null,
    homeworkState: hw ? homeworkStateOf(t, hw.extendedDue, now) : null,
    homeworkScore: hw ? homeworkScore(hw.points, c.problemCount) : null,
  };
};

const toTraining = (
  { training: t, category }: TrainingWithCategory,
  counts: ViewerCounts,
  withContent: boolean,
  now: Date,
): Training => ({
  id: t.id,
  title: t.title,
  description: withContent ? t.description : null,
  author: t.author,
  auth: authOf(t),
  categoryId: category?.id ?? null,
  categoryName: category?.name ?? null,
  categoryColor: category?.color ?? null,
  rank: t.rank,
  problemCount: counts.problemCount,
  acCount: counts.acCount,
  gid: t.gid,
  gmtModified: t.gmtModified.toISOString(),
  ...homeworkOfViewer(t, counts, now),
});

type ProblemSetRow = Awaited<ReturnType<TrainingRepository['problems']>>[number] & { tags: Tag[] };
/** How long a training's problem list (with the bank's counts) is reused. */
const PROBLEM_CACHE_MS = 5000;

/** How long a cached rank page may serve (names, schools and avatars are not versioned) and how many are kept. */
export const RANK_CACHE = { maxAgeMs: 30_000, maxEntries: 2000 };

/** Trainings as students and visitors see them (decision 0019): the list,
 * access to private ones, their problems, submitting to them and the rank of a private one. */
/** A training with what the viewer is to it: its admin, and their role in its group (a group's training). */
type LoadedTraining = TrainingWithCategory & { manages: boolean; groupRole?: GroupRole };

export const createTrainingService = (deps: {
  repo: TrainingRepository;
  catalogRepo: ProblemCatalogQueries;
  catalog: ProblemCatalogService;
  internal: SubmissionService;
  /** Registration passwords: wrong tries limited per user and training, as for contests (decision 0015). */
  passwords: PasswordAttemptsService;
  /** A group's trainings are its members' (decision 0024). */
  groupPolicy: GroupPolicy;
  /** A group's own problems are counted over the group's submissions (the bank never counts them). */
  groupProblemCounts: (gid: number, pids: number[]) => Promise<Map<number, { total: number; ac: number }>>;
  now?: () => Date;
}) => {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  /** Rank pages by training, view (admin or not), page, size and keyword, with the rank version they were made at. */
  const rankPages = boundedMap<string, { version: number; at: number; json: string }>(RANK_CACHE.maxEntries);

  /** A training as one viewer meets it: a group's is its members' only (the group policy: 401 for a visitor, 403
   * for a stranger, 404 for a group they may not see); a hidden one does not exist for anyone but its admins. */
  const load = async (tid: number, viewer: AuthUser | undefined): Promise<LoadedTraining> => {
    const t = await repo.byId(tid);
    if (!t) throw notFound();
    const gid = t.training.gid;
    const groupRole = gid === null ? undefined : (await deps.groupPolicy.require(gid, viewer, 'member')).role;
    const manages = managesTraining(t.training, viewer, groupRole);
    if (t.training.status !== 1 && !manages) throw notFound();
    return { ...t, manages, groupRole };
  };

  /** The one "may open the training" rule: a public one is everybody's who is signed in (a group's: its
   * members'); a private one its registered users' and its admins'. */
  const hasAccess = async (t: LoadedTraining, viewer: AuthUser) =>
    authOf(t.training) === TRAINING_AUTH.PUBLIC || t.manages || (await repo.isRegistered(t.training.id, viewer.uid));
  /** ... and an assignment before its open time is its admins' only (decision 0052). */
  const checkAccess = async (t: LoadedTraining, viewer: AuthUser) => {
    if (!(await hasAccess(t, viewer))) throw forbidden('trainingNoAccess');
    if (!t.manages && isBeforeOpen(t.training, now())) {
      throw new AppError(403, 'homeworkNotOpen', { time: t.training.openTime?.toISOString() ?? '' });
    }
  };

  const countsOf = async (tids: number[], viewer: AuthUser | undefined) => {
    const [problems, solved, homework] = await Promise.all([
      repo.problemCounts(tids),
      viewer ? repo.acCounts(tids, viewer.uid) : Promise.resolve(new Map<number, number>()),
      viewer ? repo.homeworkOf(tids, viewer.uid) : Promise.resolve(undefined),
    ]);
    return (tid: number): ViewerCounts => ({
      problemCount: problems.get(tid) ?? 0,
      acCount: solved.get(tid) ?? 0,
      homework: homework?.get(tid),
    });
  };

  /** A training's problems with their tags and public counts, kept for PROBLEM_CACHE_MS while the training is
   * unchanged (its problem list and order bump gmtModified): the counts may lag by as much. */
  const problemSets = boundedMap<number, { modified: number; at: number; rows: Promise<ProblemSetRow[]> }>(
    RANK_CACHE.maxEntries,
  );
  const problemSet = (t: TrainingRow): Promise<ProblemSetRow[]> => {
    const at = Date.now();
    const cached = problemSets.get(t.id);
    if (cached && cached.modified === t.gmtModified.getTime() && at - cached.at < PROBLEM_CACHE_MS) return cached.rows;
    const rows = (async () => {
      const list = await repo.problems(t.id);
      const tagMap = await deps.catalogRepo.tagsOf(list.map((r) => r.problem.id));
      return list.map((r) => ({ ...r, tags: (tagMap.get(r.problem.id) ?? []).map(toTag) }));
    })();
    problemSets.set(t.id, { modified: t.gmtModified.getTime(), at, rows });
    rows.catch(() => problemSets.delete(t.id));
    return rows;
  };

  /** The training's problems the viewer may read (a problem made private after it was added is its admins'): in a
   * group's training its group's problems by the group's rule (decision 0023), which the training's load has asked. */
  const readableProblems = async (t: LoadedTraining, viewer: AuthUser) =>
    (await problemSet(t.training)).filter(({ problem: p }) =>
      p.isGroup === 1 && p.gid !== null && p.gid === t.training.gid
        ? p.auth === 1 || (!!t.groupRole && g.isGroupAdmin(t.groupRole))
        : mayReadProblem(p, viewer),
    );

  const problemInTraining = async (t: TrainingRow, displayId: string | number, viewer: AuthUser) => {
    const tp =
      typeof displayId === 'number'
        ? await repo.problemByPid(t.id, displayId)
        : await repo.problemByDisplayId(t.id, displayId);
    if (!tp) throw notFound();
    return { tp, problem: await deps.catalog.visibleProblem(tp.pid, viewer) };
  };

  return {
    /** One list for the whole site: the site's categories and those group admins made (with their gid). */
    async categories(): Promise<TrainingCategory[]> {
      return (await repo.categories()).map(toTrainingCategory);
    },

    /** The site's visible trainings (or, given `gid`, a group's, once the group policy let the caller in);
     * everyone sees the cards, a signed-in user their progress. */
    async list(
      q: { currentPage: number; limit: number; keyword?: string; categoryId?: number; auth?: TrainingAuth },
      viewer: AuthUser | undefined,
      gid: number | null = null,
    ): Promise<Page<Training>> {
      const { rows, total } = await repo.page(
        { gid, visibleOnly: true, keyword: q.keyword, categoryId: q.categoryId, auth: q.auth },
        (q.currentPage - 1) * q.limit,
        q.limit,
      );
      const counts = await countsOf(
        rows.map((r) => r.training.id),
        viewer,
      );
      const at = now();
      return {
        records: rows.map((r) => toTraining(r, counts(r.training.id), !isBeforeOpen(r.training, at), at)),
        total,
        size: q.limit,
        current: q.currentPage,
      };
    },

    /** Without access to a private training: its card, the description withheld (decision 0019). */
    async detail(tid: number, viewer: AuthUser): Promise<Training> {
      const t = await load(tid, viewer);
      const counts = await countsOf([tid], viewer);
      const at = now();
      const open = t.manages || !isBeforeOpen(t.training, at);
      return toTraining(t, counts(tid), open && (await hasAccess(t, viewer)), at);
    },

    async register(input: { tid: number; password?: string | null }, viewer: AuthUser) {
      const { training: t } = await load(input.tid, viewer);
      if (authOf(t) === TRAINING_AUTH.PUBLIC) throw badRequest('trainingPublicNoRegister');
      if (!input.password) throw badRequest('trainingPasswordRequired', 'password');
      if (!(await deps.passwords.verify(viewer.uid, { kind: 'training', id: t.id }, input.password, t.privatePwd))) {
        throw badRequest('trainingPasswordWrong', 'password');
      }
      if (!(await repo.register(t.id, viewer.uid))) throw badRequest('trainingAlreadyRegistered');
      return null;
    },

    async access(tid: number, viewer: AuthUser) {
      return { access: await hasAccess(await load(tid, viewer), viewer) };
    },

    /** In the training's order, named by display id, with the public bank's counts and the viewer's status. */
    async problems(tid: number, viewer: AuthUser): Promise<TrainingProblem[]> {
      const t = await load(tid, viewer);
      await checkAccess(t, viewer);
      const rows = await readableProblems(t, viewer);
      const gid = t.training.gid;
      const own = gid === null ? [] : rows.filter((r) => r.problem.gid === gid).map((r) => r.problem.id);
      const [status, groupCounts] = await Promise.all([
        deps.catalog.userProblemStatus(
          viewer.uid,
          rows.map((r) => r.problem.id),
        ),
        gid !== null && own.length ? deps.groupProblemCounts(gid, own) : Promise.resolve(undefined),
      ]);
      return rows.map(({ tp, problem: p, tags, counts }) => {
        const c = groupCounts?.get(p.id) ?? counts;
        return {
          pid: p.id,
          problemId: tp.displayId,
          title: p.title,
          difficulty: p.difficulty,
          type: p.type,
          tags,
          ac: c?.ac ?? 0,
          total: c?.total ?? 0,
          myStatus: status[p.id]?.status ?? JUDGE_STATUS.NOT_SUBMITTED,
        };
      });
    },

    /** The problem page of a training problem: the bank's page, named by its display id in the training. */
    async problemDetails(tid: number, displayId: string, viewer: AuthUser) {
      const t = await load(tid, viewer);
      await checkAccess(t, viewer);
      const { tp, problem } = await problemInTraining(t.training, displayId, viewer);
      const detail = await deps.catalog.detail(problem.problemId, viewer);
      return { ...detail, problem: { ...detail.problem, problemId: tp.displayId } };
    },

    /** The focus-mode page's problem switcher (get-full-screen-problem-list with tid). */
    async fullScreenProblems(tid: number, viewer: AuthUser): Promise<FullScreenProblem[]> {
      const t = await load(tid, viewer);
      await checkAccess(t, viewer);
      const rows = await readableProblems(t, viewer);
      const status = await deps.catalog.userProblemStatus(
        viewer.uid,
        rows.map((r) => r.problem.id),
      );
      return rows.map(({ tp, problem: p }) => ({
        pid: p.id,
        problemId: tp.displayId,
        title: p.title,
        status: status[p.id]?.status ?? JUDGE_STATUS.NOT_SUBMITTED,
        score: status[p.id]?.score ?? null,
      }));
    },

    /** A submission to a training problem that records the training, for the training rank. `pid` is the display
     * id (HOJ's client) or the problem's numeric id. A site training's is a public one (it counts in the bank as
     * any other); a group training's carries the group's id (`gid`, which the caller names too): it counts in the
     * group and never in the bank (decision 0024), and its author joins the training's rank. */
    async submit(
      input: {
        pid: string | number;
        language: string;
        code: string;
        tid: number;
        gid?: number | null;
        intervalS?: number;
      },
      viewer: AuthUser,
      ip: string,
    ): Promise<Submission> {
      const loaded = await load(input.tid, viewer);
      const t = loaded.training;
      if ((input.gid ?? null) !== t.gid) throw notFound();
      await checkAccess(loaded, viewer);
      const { tp, problem } = await problemInTraining(t, input.pid, viewer);
      await deps.catalog.checkLanguage(problem, input.language);
      const row = await deps.internal.submit({
        user: viewer,
        problem,
        language: input.language,
        code: input.code,
        ip,
        tid: t.id,
        gid: t.gid,
        intervalS: input.intervalS,
      });
      if (t.gid !== null && !(await repo.isRegistered(t.id, viewer.uid))) await repo.register(t.id, viewer.uid);
      return {
        ...toSubmission(
          { submission: row, title: problem.title, realname: null },
          { code: null, errorMessage: null, ip },
        ),
        displayId: tp.displayId,
      };
    },

    /** The rank of a private training (a group's: any of them): its registered users (a group training's: the
     * members who submitted to it) by solved problems, then run time. Real names only for the training's admins
     * (a group's root among them). A page is answered from memory while the training's rank version stands. */
    async rank(
      q: { tid: number; currentPage: number; limit: number; keyword?: string },
      viewer: AuthUser,
    ): Promise<PreSerialized<Page<TrainingRankRow>>> {
      const loaded = await load(q.tid, viewer);
      const t = loaded.training;
      await checkAccess(loaded, viewer);
      if (authOf(t) !== TRAINING_AUTH.PRIVATE && t.gid === null) throw badRequest('trainingRankPrivateOnly');
      const admin = loaded.manages;
      const keyword = q.keyword?.trim() ?? '';
      const key = `${t.id}:${admin ? 1 : 0}:${q.currentPage}:${q.limit}:${keyword}`;
      const cached = rankPages.get(key);
      const at = Date.now();
      if (cached && cached.version === t.rankVersion && at - cached.at < RANK_CACHE.maxAgeMs) {
        return new PreSerialized(cached.json);
      }
      const [{ rows, total }, displayIds] = await Promise.all([
        repo.rankPage(t.id, keyword, (q.currentPage - 1) * q.limit, q.limit),
        repo.displayIds(t.id),
      ]);
      const cells = await repo.cellsOf(
        t.id,
        rows.map((r) => r.uid),
      );
      const info = new Map<string, TrainingRankRow['submissionInfo']>();
      for (const c of cells) {
        const displayId = displayIds.get(c.tpid);
        if (displayId === undefined) continue;
        const own = info.get(c.uid) ?? {};
        own[displayId] = {
          status: c.status,
          score: c.score,
          isAC: c.status === JUDGE_STATUS.ACCEPTED,
          runTime: c.runTime,
        };
        info.set(c.uid, own);
      }
      const page: Page<TrainingRankRow> = {
        records: rows.map((r) => ({
          uid: r.uid,
          username: r.username,
          realname: admin ? r.realname : null,
          nickname: r.nickname,
          school: r.school,
          gender: r.gender,
          avatar: r.avatar,
          ac: r.ac,
          totalRunTime: r.totalRunTime,
          submissionInfo: info.get(r.uid) ?? {},
        })),
        total,
        size: q.limit,
        current: q.currentPage,
      };
      const json = JSON.stringify(page);
      // The version read before the page: a page newer than its version is only recomputed once more.
      rankPages.set(key, { version: t.rankVersion, at, json });
      return new PreSerialized(json);
    },
  };
};
export type TrainingService = ReturnType<typeof createTrainingService>;
