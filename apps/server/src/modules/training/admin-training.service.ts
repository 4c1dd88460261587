import {
  type AdminTraining,
  type adminTraining,
  type Page,
  type TrainingDto,
  type TrainingProblemEntry,
  training,
} from '@oj/shared';

const { TRAINING_AUTH } = training;

import type { z } from 'zod';
import { AppError, badRequest, notFound } from '../../http/app-error.js';
import type { AuthUser } from '../auth/session.service.js';
import type { ProblemRepository } from '../problem/problem.repository.js';
import { managesAllProblems } from '../problem/problem-access.js';
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
});

/** Training administration (spec 3 §2.3, §5; reference §2 AdminTrainingController, decision 0019): who manages a
 * training is training-access.ts's rule; deleting one is root's. */
export const createAdminTrainingService = (deps: { repo: TrainingRepository; problems: ProblemRepository }) => {
  const { repo } = deps;

  const managed = async (tid: number, viewer: AuthUser) => {
    const t = await repo.byId(tid);
    if (!t) throw notFound();
    if (!managesTraining(t.training, viewer)) throw new AppError(403, 'trainingNotOwned');
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

  /** Spec 3 §5: the category must exist (the site's), a private training needs its password. */
  const fieldsOf = async (f: TrainingFormOut) => {
    const category = await repo.category(f.trainingCategory.id);
    if (!category || category.gid !== null) throw badRequest('trainingCategoryUnknown', 'trainingCategory.id');
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
    };
  };

  const checkDisplayId = async (tid: number, displayId: string, self?: number) => {
    const taken = await repo.problemByDisplayId(tid, displayId);
    if (taken && taken.id !== self) throw badRequest('trainingDisplayIdTaken', 'displayId', { displayId });
  };

  return {
    /** Root and problem_admin see every training of the site, an admin their own. */
    async list(
      q: { currentPage: number; limit: number; keyword?: string },
      viewer: AuthUser,
    ): Promise<Page<AdminTraining>> {
      const { rows, total } = await repo.page(
        { gid: null, visibleOnly: false, keyword: q.keyword, uid: managesAllProblems(viewer) ? undefined : viewer.uid },
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

    async create(f: TrainingFormOut, viewer: AuthUser) {
      const row = await repo.create({ ...(await fieldsOf(f)), uid: viewer.uid, author: viewer.username, gid: null });
      return dto(row.id);
    },

    async update(f: TrainingFormOut & { training: { id: number } }, viewer: AuthUser) {
      await managed(f.training.id, viewer);
      await repo.update(f.training.id, await fieldsOf(f));
      return dto(f.training.id);
    },

    async remove(tid: number) {
      if (!(await repo.byId(tid))) throw notFound();
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

    async removeProblem(q: { tid: number; pid: number }, viewer: AuthUser) {
      await managed(q.tid, viewer);
      if (!(await repo.removeProblem(q.tid, q.pid))) throw notFound();
      return null;
    },

    async createCategory(b: { name: string; color: string }) {
      return toTrainingCategory(await repo.createCategory({ ...b, gid: null }));
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
