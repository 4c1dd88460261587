import { plagiarism } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind } from '../../http/bind.js';
import type { AppServices } from '../../services.js';
import { actorOf } from '../audit/audit-actor.js';

export const registerPlagiarismRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  const p = s.plagiarism;
  bind(app, deps, plagiarism.startCheck, (b, ctx) => p.start(b, ctx.user));
  bind(app, deps, plagiarism.getCheck, (q, ctx) => p.get(q, ctx.user));
  bind(app, deps, plagiarism.listChecks, (q, ctx) => p.list(q, ctx.user));
  bind(app, deps, plagiarism.listPairs, (q, ctx) => p.pairs(q, ctx.user));
  bind(app, deps, plagiarism.getPair, (q, ctx) => p.pair(q, ctx.user, ctx.locale));
  bind(app, deps, plagiarism.setDecision, (b, ctx) => p.decide(b, ctx.user, actorOf(ctx)));
  bind(app, deps, plagiarism.setBaseFile, (b, ctx) => p.setBaseFile(b, ctx.user));
  bind(app, deps, plagiarism.listBaseFiles, (q, ctx) => p.baseFiles(q, ctx.user));
  bind(app, deps, plagiarism.downloadCheck, (q, ctx) => p.exportCheck(q, ctx.user, ctx.locale));
  bind(app, deps, plagiarism.setWatch, (b, ctx) => p.setWatch(b, ctx.user, actorOf(ctx)));
  bind(app, deps, plagiarism.getWatch, (q, ctx) => p.getWatch(q, ctx.user));
  bind(app, deps, plagiarism.setClusterDecision, (b, ctx) => p.decideCluster(b, ctx.user, actorOf(ctx)));
};
