import { exam } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind } from '../../http/bind.js';
import type { AppServices } from '../../services.js';

/** The exam's sessions and the caller's current exam (decision 0055; the clarifications have their own routes). */
export const registerExamRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  bind(app, deps, exam.getExamSessions, (q, ctx) => s.exams.sessions(q.cid, ctx.user));
  bind(app, deps, exam.endExamSession, (q, ctx) => s.exams.endSession(q, ctx.user, ctx.meta));
  bind(app, deps, exam.getCurrentExam, (_q, ctx) => s.exams.currentExam(ctx.user));
};
