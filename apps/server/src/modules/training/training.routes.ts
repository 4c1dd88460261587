import { adminTraining, training } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../http/app-error.js';
import { type BindDeps, bind } from '../../http/bind.js';
import type { AppServices } from '../../services.js';

export const registerTrainingRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  const t = s.trainings;
  bind(app, deps, training.getTrainingCategory, () => t.categories());
  bind(app, deps, training.getTrainingList, (q, ctx) => t.list(q, ctx.user));
  bind(app, deps, training.getTrainingDetail, (q, ctx) => t.detail(q.tid, ctx.user));
  bind(app, deps, training.getTrainingProblemList, (q, ctx) => t.problems(q.tid, ctx.user));
  bind(app, deps, training.registerTraining, (b, ctx) => t.register(b, ctx.user));
  bind(app, deps, training.getTrainingAccess, (q, ctx) => t.access(q.tid, ctx.user));
  bind(app, deps, training.getTrainingProblemDetails, (q, ctx) =>
    t.problemDetails(trainingIdOf(q), q.displayId, ctx.user),
  );
  bind(app, deps, training.getTrainingRank, (q, ctx) => t.rank(q, ctx.user));

  const a = s.adminTrainings;
  bind(app, deps, adminTraining.getAdminTrainingList, (q, ctx) => a.list(q, ctx.user));
  bind(app, deps, adminTraining.getAdminTraining, (q, ctx) => a.get(q.tid, ctx.user));
  bind(app, deps, adminTraining.createTraining, (b, ctx) => a.create(b, ctx.user));
  bind(app, deps, adminTraining.updateTraining, (b, ctx) => a.update(b, ctx.user));
  bind(app, deps, adminTraining.deleteTraining, (q, ctx) => a.remove(q.tid, ctx.user));
  bind(app, deps, adminTraining.changeTrainingStatus, (q, ctx) => a.changeStatus(q, ctx.user));
  bind(app, deps, adminTraining.getTrainingProblemList, (q, ctx) => a.problemList(q, ctx.user));
  bind(app, deps, adminTraining.updateTrainingProblem, (b, ctx) => a.updateProblem(b, ctx.user));
  bind(app, deps, adminTraining.deleteTrainingProblem, (q, ctx) => a.removeProblem(q, ctx.user));
  bind(app, deps, adminTraining.addTrainingProblemFromPublic, (b, ctx) => a.addFromPublic(b, ctx.user));
  bind(app, deps, adminTraining.createTrainingCategory, (b) => a.createCategory(b));
  bind(app, deps, adminTraining.updateTrainingCategory, (b) => a.updateCategory(b));
  bind(app, deps, adminTraining.deleteTrainingCategory, (q) => a.removeCategory(q.cid));
};

/** HOJ's client names the training `cid` on this call (decision 0019): either is taken, tid first. */
const trainingIdOf = (q: { tid?: number; cid?: number }) => {
  const tid = q.tid ?? q.cid;
  if (!tid) throw badRequest('fieldRequired', 'tid', { field: 'tid' });
  return tid;
};
