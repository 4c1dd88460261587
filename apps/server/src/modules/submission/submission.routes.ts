import { submission } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind, type RequestContext } from '../../http/bind.js';
import type { AppServices } from '../../services.js';

/** `access: 'user'` endpoints always have a user; the guard answered 401 otherwise. */
const userOf = (ctx: RequestContext) => ctx.user as NonNullable<RequestContext['user']>;

export const registerSubmissionRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  const p = s.submissionPublic;
  bind(app, deps, submission.submitProblemJudge, (b, ctx) => p.submit(b, userOf(ctx), ctx.meta.ip));
  bind(app, deps, submission.submitProblemTestJudge, (b, ctx) => p.testRun(b, userOf(ctx)));
  bind(app, deps, submission.getTestJudgeResult, (q, ctx) => p.testRunResult(q.testJudgeKey, userOf(ctx)));
  bind(app, deps, submission.getSubmissionList, (q, ctx) => p.list(q, ctx.user));
  bind(app, deps, submission.getSubmissionDetail, (q, ctx) => p.detail(q.submitId, ctx.user, ctx.locale));
  bind(app, deps, submission.getAllCaseResult, (q, ctx) => p.caseResults(q.submitId, ctx.user));
  bind(app, deps, submission.checkSubmissionsStatus, (b, ctx) => p.checkStatus(b.submitIds, ctx.user));
  bind(app, deps, submission.updateSubmission, (b, ctx) => p.setShare(b.submitId, b.share, userOf(ctx)));
  bind(app, deps, submission.downloadBySubmitId, (q, ctx) => p.download(q.submitId, ctx.user, ctx.locale));
  bind(app, deps, submission.rejudge, (q) => p.rejudge(q.submitId));
  bind(app, deps, submission.manualJudge, (q, ctx) => p.manualJudge(q.submitId, q.status, q.score, userOf(ctx)));
  bind(app, deps, submission.cancelJudge, (q, ctx) => p.cancel(q.submitId, userOf(ctx)));
  bind(app, deps, submission.resubmit, (q, ctx) => p.resubmit(q.submitId, userOf(ctx)));
};
