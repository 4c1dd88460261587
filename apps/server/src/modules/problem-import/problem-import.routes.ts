import { importFormats, packageCheck } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind, type SignedInContext } from '../../http/bind.js';
import type { AppServices } from '../../services.js';

const importerOf = (ctx: SignedInContext) => ({ uid: ctx.user.uid, username: ctx.user.username });

export const registerProblemImportRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  const i = s.problemImport;
  bind(app, deps, importFormats.importFpsProblem, (b, ctx) => i.importFps(b.file, importerOf(ctx)));
  bind(app, deps, importFormats.importQdojProblem, (b, ctx) => i.importQdoj(b.file, importerOf(ctx)));
  bind(app, deps, importFormats.importHydroProblem, (b, ctx) => i.importHydro(b.file, importerOf(ctx)));
  bind(app, deps, importFormats.importPolygonProblem, (b, ctx) =>
    s.importJobs.importPolygon(b.file, b.language, importerOf(ctx), ctx.locale),
  );
  // Import jobs and the package check (decision 0054).
  const jobs = s.importJobs;
  bind(app, deps, importFormats.getImportJob, (q, ctx) => jobs.get(ctx.user, q.id, ctx.locale));
  bind(app, deps, packageCheck.getProblemSolutions, (q, ctx) => jobs.solutions(ctx.user, q.pid));
  bind(app, deps, packageCheck.addProblemSolution, (b, ctx) => jobs.addSolution(ctx.user, b));
  bind(app, deps, packageCheck.deleteProblemSolution, (q, ctx) => jobs.removeSolution(ctx.user, q.id));
  bind(app, deps, packageCheck.startPackageCheck, (b, ctx) => jobs.startCheck(ctx.user, b.pid));
  bind(app, deps, packageCheck.getPackageCheck, (q, ctx) => jobs.lastCheck(ctx.user, q.pid, ctx.locale));
};
