import { adminJudgeHeader } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind } from '../../http/bind.js';
import type { AppServices } from '../../services.js';
import { actorOf } from '../audit/audit-actor.js';

export const registerJudgeHeaderRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  const h = s.judgeHeaders;
  bind(app, deps, adminJudgeHeader.getJudgeHeaders, () => h.list());
  bind(app, deps, adminJudgeHeader.uploadJudgeHeader, (b, ctx) => h.upload(actorOf(ctx), b.file));
  bind(app, deps, adminJudgeHeader.deleteJudgeHeader, (q, ctx) => h.remove(actorOf(ctx), q.name));
};
