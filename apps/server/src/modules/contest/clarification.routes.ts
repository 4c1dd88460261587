import { exam } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind } from '../../http/bind.js';
import type { AppServices } from '../../services.js';

/** A contest's clarifications (decision 0055). */
export const registerClarificationRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  const c = s.clarifications;
  bind(app, deps, exam.askClarification, (b, ctx) => c.ask(b, ctx.user));
  bind(app, deps, exam.getClarifications, (q, ctx) => c.list(q, ctx.user));
  bind(app, deps, exam.answerClarification, (b, ctx) => c.answer(b, ctx.user));
  bind(app, deps, exam.broadcastClarification, (b, ctx) => c.broadcast(b, ctx.user));
  bind(app, deps, exam.exportClarifications, (q, ctx) => c.export(q.cid, ctx.user, ctx.locale));
};
