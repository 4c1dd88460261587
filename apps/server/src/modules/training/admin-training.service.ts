import {
  type AdminTraining,
  type adminTraining,
  isRoot,
  type Page,
  type TrainingDto,
  type TrainingProblemEntry,
  training,
} from '@oj/shared';

const { TRAINING_AUTH } = training;

import type { z } from 'zod';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error.js';
import type { AuthUser } from '../auth/session.service.js';
import type { GroupPolicy } from '../group/group-policy.js';
import { managesAllProblems } from '../problem/problem-access.js';
import type { ProblemLookup } from '../problem/problem-queries.js';
import { homeworkFieldsOf, homeworkRuleOf, ruleChanged } from './homework.js';
import type { TrainingProblemRow, TrainingRepository, TrainingWithCategory } from './training.repository.js';
import { toTrainingCategory } from './training.service.js';
import { managesTraining } from './training-access.js';

type TrainingFormOut = z.output<typeof adminTraining.trainingForm>;

const toEntry = (tp: TrainingProblemRow): TrainingProblemEntry => ({
  id: tp.id,
  tid: tp.tid,
  pid: tp.pid,
  displayId: tp.displayId,
  rank: tp.rank,
  gmtCreate: tp.gmtCreate.toISOString(),
  gmtModified: tp.gmtModified.toISOString(),
});

const toAdminTraining = ({ training: t, category }: TrainingWithCategory, problemCount: number): AdminTraining => ({
  id: t.id,
  title: t.title,
  description: t.description,
  author: t.author,
  auth: t.auth === TRAINING_AUTH.PRIVATE ? TRAINING_AUTH.PRIVATE : TRAINING_AUTH.PUBLIC,
  privatePwd: t.privatePwd,
  status: t.status === 1,
  rank: t.rank,
  isGroup: t.gid !== null,
  gid: t.gid,
  categoryId: category?.id ?? null,
  categoryName: category?.name ?? null,
  categoryColor: category?.color ?? null,
  problemCount,
  gmtCreate: t.gmtCreate.toISOString(),
  gmtModified: t.gmtModified.toISOString(),
  ...homeworkRuleOf(t),
});

/** Training administration (HOJ's AdminTrainingController; decisions 0019 and 0024): who
 * manages a training is training-access.ts's rule, for a group's training with the viewer's role in the group (the
 * group policy: a stranger to the group is 403 before anything else); deleting a site training is root's. The
 * group's calls (group-training.service.ts) come here too. */
export const createAdminTrainingService = (deps: {
  repo: TrainingRepository;
  problems: ProblemLookup;
  groupPolicy: GroupPolicy;
}) => {
  const { repo } = deps;

  const managed = async (tid: number, viewer: AuthUser) => {
    const t = await repo.byId(tid);
    if (!t) throw notFound();
    const gid = t.training.gid;
    const role = gid === null ? undefined : (await deps.groupPolicy.require(gid, viewer, 'admin')).role;
    if (!managesTraining(t.training, viewer, role)) {
      throw new AppError(403, gid === null ? 'trainingNotOwned' : 'groupTrainingNotOwned');
    }
    return t;
  };

  const dto = async (tid: number): Promise<TrainingDto> => {
    const t = await repo.byId(tid);
    if (!t) throw notFound();
    const counts = await repo.problemCounts([tid]);
    return {
      training: toAdminTraining(t, counts.get(tid) ?? 0),
      trainingCategory: t.category ? toTrainingCategory(t.category) : null,
    };
  };

  /** The category must exist (one list for the site and its groups), a private training needs its
   * password; the homework rule is checked over the stored one (homework.ts). */
  const fieldsOf = async (f: TrainingFormOut, stored?: TrainingWithCategory) => {
    const category = await repo.category(f.trainingCategory.id);
    if (!category) throw badRequest('trainingCategoryUnknown', 'trainingCategory.id');
    const pwd = f.training.privatePwd?.trim();
    if (f.training.auth === TRAINING_AUTH.PRIVATE && !pwd) {
      throw badRequest('trainingPasswordMissing', 'training.privatePwd');
    }
    return {
      title: f.training.title,
      description: f.training.description,
      auth: f.training.auth,
      privatePwd: f.training.auth === TRAINING_AUTH.PRIVATE ? (pwd ?? null) : null,
      rank: f.training.rank,
      status: f.training.status === false ? 0 : 1,
      categoryId: category.id,
      ...homeworkFieldsOf(f.training, stored?.training),
    };
  };

  const checkDisplayId = async (tid: number, displayId: string, self?: number) => {
    const taken = await repo.problemByDisplayId(tid, displayId);
    if (taken && taken.id !== self) throw badRequest('trainingDisplayIdTaken', 'displayId', { displayId });
  };

  return {
    /** Root and problem_admin see every training of the site, an admin their own; given a group (whose admin the
     * caller is, as the group's service checked), every training of the group. */
    async list(
      q: { currentPage: number; limit: number; keyword?: string },
      viewer: AuthUser,
      gid: number | null = null,
    ): Promise<Page<AdminTraining>> {
      const own = gid === null && !managesAllProblems(viewer) ? viewer.uid : undefined;
      const { rows, total } = await repo.page(
        { gid, visibleOnly: false, keyword: q.keyword, uid: own },
        (q.currentPage - 1) * q.limit,
        q.limit,
      );
      const counts = await repo.problemCounts(rows.map((r) => r.training.id));
      return {
        records: rows.map((r) => toAdminTraining(r, counts.get(r.training.id) ?? 0)),
        total,
        size: q.limit,
        current: q.currentPage,
      };
    },

    async get(tid: number, viewer: AuthUser) {
      await managed(tid, viewer);
      return dto(tid);
    },

    /** A site training, or a group's (`gid`: the group's service checked the caller is its admin). */
    async create(f: TrainingFormOut, viewer: AuthUser, gid: number | null = null) {
      const row = await repo.create({ ...(await fieldsOf(f)), uid: viewer.uid, author: viewer.username, gid });
      return dto(row.id);
    },

    /** `gid` (the group's form) must be the training's group: 403 otherwise, as for a site training. */
    async update(f: TrainingFormOut & { training: { id: number; gid?: number } }, viewer: AuthUser) {
      const t = await managed(f.training.id, viewer);
      if (f.training.gid !== undefined && f.training.gid !== t.training.gid) throw forbidden('groupItemElsewhere');
      const fields = await fieldsOf(f, t);
      // A moved due time is reminded of again (homework-notices.ts).
      const dueNoticeAt = fields.dueTime?.getTime() === t.training.dueTime?.getTime() ? undefined : null;
      await repo.update(f.training.id, dueNoticeAt === null ? { ...fields, dueNoticeAt } : fields);
      // Submissions count by the new rule: the cells' homework figures again.
      if (ruleChanged(t.training, fields)) await repo.syncHomework(f.training.id);
      return dto(f.training.id);
    },

    /** A site training is root's to delete; a group's, whoever manages it. */
    async remove(tid: number, viewer: AuthUser) {
      const t = await repo.byId(tid);
      if (!t) throw notFound();
      if (t.training.gid === null && !isRoot(viewer.roles)) throw forbidden();
      if (t.training.gid !== null) await managed(tid, viewer);
      await repo.remove(tid);
      return null;
    },

    async changeStatus(q: { tid: number; status: boolean }, viewer: AuthUser) {
      await managed(q.tid, viewer);
      await repo.update(q.tid, { status: q.status ? 1 : 0 });
      return null;
    },

    /** queryExisted: the training's problems in order; otherwise the public bank's problems not in it. */
    async problemList(
      q: { tid: number; currentPage: number; limit: number; keyword?: string; queryExisted?: boolean },
      viewer: AuthUser,
    ) {
      await managed(q.tid, viewer);
      const offset = (q.currentPage - 1) * q.limit;
      const toItem = (p: Awaited<ReturnType<typeof repo.problems>>[number]['problem']) => ({
        id: p.id,
        problemId: p.problemId,
        title: p.title,
        author: p.author,
        auth: p.auth,
        type: p.type,
        difficulty: p.difficulty,
        modifiedUser: p.modifiedUser,
        gmtCreate: p.gmtCreate.toISOString(),
        gmtModified: p.gmtModified.toISOString(),
      });
      if (q.queryExisted) {
        const k = q.keyword?.trim().toLowerCase();
        const all = (await repo.problems(q.tid)).filter(
          (r) =>
            !k ||
            r.problem.problemId.toLowerCase().includes(k) ||
            r.problem.title.toLowerCase().includes(k) ||
            r.tp.displayId.toLowerCase().includes(k),
        );
        const shown = all.slice(offset, offset + q.limit);
        return {
          problemList: {
            records: shown.map((r) => toItem(r.problem)),
            total: all.length,
            size: q.limit,
            current: q.currentPage,
          },
          trainingProblemMap: Object.fromEntries(shown.map((r) => [String(r.problem.id), toEntry(r.tp)])),
        };
      }
      const { rows, total } = await repo.bankProblemsOutside(q.tid, q.keyword, offset, q.limit);
      return {
        problemList: { records: rows.map(toItem), total, size: q.limit, current: q.currentPage },
        trainingProblemMap: {},
      };
    },

    /** The admin rule and the display id of addFromPublic, checked before a remote import asks the site. */
    async checkAddable(b: { tid: number; displayId: string }, viewer: AuthUser) {
      await managed(b.tid, viewer);
      await checkDisplayId(b.tid, b.displayId);
    },

    /** Only public bank problems (decision 0019): a training's page never shows what its users may not read. */
    async addFromPublic(b: { tid: number; pid: number; displayId: string }, viewer: AuthUser) {
      await managed(b.tid, viewer);
      const p = await deps.problems.findById(b.pid);
      if (!p) throw notFound();
      if (p.auth !== 1 || p.isGroup !== 0) throw badRequest('trainingProblemNotPublic', 'pid');
      if (await repo.problemByPid(b.tid, b.pid)) throw badRequest('trainingProblemExists', 'pid');
      await checkDisplayId(b.tid, b.displayId);
      const row = await repo.addProblem(b.tid, b.pid, b.displayId);
      // Two admins adding at once: the unique keys let one in.
      if (!row) throw badRequest('trainingProblemExists', 'pid');
      return toEntry(row);
    },

    async updateProblem(b: { id: number; displayId?: string; rank?: number }, viewer: AuthUser) {
      const tp = await repo.problemEntry(b.id);
      if (!tp) throw notFound();
      await managed(tp.tid, viewer);
      if (b.displayId !== undefined) await checkDisplayId(tp.tid, b.displayId, tp.id);
      const row = await repo.updateProblem(tp, { displayId: b.displayId, rank: b.rank });
      if (!row) throw notFound();
      return toEntry(row);
    },

    /** A problem of the training's group, by its display id, which it keeps in the training. A problem of another
     * group (or of none) is 403: a group's problems reach only its own trainings. */
    async addFromGroup(b: { tid: number; problemId: string }, viewer: AuthUser) {
      const t = await managed(b.tid, viewer);
      const p = await deps.problems.findByProblemId(b.problemId);
      if (!p) throw notFound();
      if (p.isGroup !== 1 || p.gid === null || p.gid !== t.training.gid) throw forbidden('groupProblemNotInGroup');
      if (await repo.problemByPid(b.tid, p.id)) throw badRequest('trainingProblemExists', 'pid');
      await checkDisplayId(b.tid, p.problemId);
      const row = await repo.addProblem(b.tid, p.id, p.problemId);
      if (!row) throw badRequest('trainingProblemExists', 'pid');
      return toEntry(row);
    },

    async removeProblem(q: { tid: number; pid: number }, viewer: AuthUser) {
      await managed(q.tid, viewer);
      if (!(await repo.removeProblem(q.tid, q.pid))) throw notFound();
      return null;
    },

    /** A site category, or one a group admin makes from the group's form (`gid`, checked by the group's service). */
    async createCategory(b: { name: string; color: string }, gid: number | null = null) {
      return toTrainingCategory(await repo.createCategory({ name: b.name, color: b.color, gid }));
    },

    async updateCategory(b: { id: number; name: string; color: string }) {
      const row = await repo.updateCategory(b.id, { name: b.name, color: b.color });
      if (!row) throw notFound();
      return toTrainingCategory(row);
    },

    async removeCategory(cid: number) {
      if (!(await repo.category(cid))) throw notFound();
      const { usedBy } = await repo.removeCategory(cid);
      if (usedBy.length) throw badRequest('trainingCategoryInUse', 'cid', { titles: usedBy.join(', ') });
      return null;
    },
  };
};
export type AdminTrainingService = ReturnType<typeof createAdminTrainingService>;
