import { importFormats } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind, type SignedInContext } from '../../http/bind.js';
import type { AppServices } from '../../services.js';

const importerOf = (ctx: SignedInContext) => ({ uid: ctx.user.uid, username: ctx.user.username });

export const registerProblemImportRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  const i = s.problemImport;
  bind(app, deps, importFormats.importFpsProblem, (b, ctx) => i.importFps(b.file, importerOf(ctx)));
  bind(app, deps, importFormats.importQdojProblem, (b, ctx) => i.importQdoj(b.file, importerOf(ctx)));
  bind(app, deps, importFormats.importHydroProblem, (b, ctx) => i.importHydro(b.file, importerOf(ctx)));
};
