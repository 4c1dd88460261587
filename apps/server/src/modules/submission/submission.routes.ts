import { type AuditAction, submission } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind, type SignedInContext } from '../../http/bind.js';
import type { AppServices } from '../../services.js';
import { actorOf } from '../audit/audit-actor.js';

export const registerSubmissionRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  const p = s.submissionPublic;
  // Which switch closes submitting depends on the body (a contest's cid: openContestJudge), so the service checks it.
  bind(app, deps, { ...submission.submitProblemJudge, switch: undefined }, (b, ctx) =>
    p.submit(b, ctx.user, ctx.meta.ip),
  );
  bind(app, deps, submission.submitProblemTestJudge, (b, ctx) => p.testRun(b, ctx.user));
  bind(app, deps, submission.getTestJudgeResult, (q, ctx) => p.testRunResult(q.testJudgeKey, ctx.user));
  bind(app, deps, submission.getSubmissionList, (q, ctx) => p.list(q, ctx.user));
  bind(app, deps, submission.getSubmissionDetail, (q, ctx) => p.detail(q.submitId, ctx.user, ctx.locale));
  bind(app, deps, submission.getAllCaseResult, (q, ctx) => p.caseResults(q.submitId, ctx.user));
  bind(app, deps, submission.checkSubmissionsStatus, (b, ctx) => p.checkStatus(b.submitIds, ctx.user));
  bind(app, deps, submission.checkContestSubmissionsStatus, (b, ctx) =>
    p.checkContestStatus(b.cid, b.submitIds, ctx.user),
  );
  bind(app, deps, submission.updateSubmission, (b, ctx) => p.setShare(b.submitId, b.share, ctx.user));
  bind(app, deps, submission.downloadBySubmitId, (q, ctx) => p.download(q.submitId, ctx.user, ctx.locale));
  // Judging by hand is audited; only calls that succeeded reach the log.
  const audited = async <T>(ctx: SignedInContext, action: AuditAction, submitId: number, detail: object, done: T) => {
    await s.audit.record(actorOf(ctx), action, { type: 'submission', id: submitId }, { ...detail });
    return done;
  };
  bind(app, deps, submission.rejudge, async (q, ctx) =>
    audited(ctx, 'rejudge', q.submitId, {}, await p.rejudge(q.submitId, ctx.user)),
  );
  bind(app, deps, submission.manualJudge, async (q, ctx) =>
    audited(
      ctx,
      'manualJudge',
      q.submitId,
      { status: q.status, score: q.score ?? null },
      await p.manualJudge(q.submitId, q.status, q.score, ctx.user, ctx.locale),
    ),
  );
  bind(app, deps, submission.cancelJudge, async (q, ctx) =>
    audited(ctx, 'cancelJudge', q.submitId, {}, await p.cancel(q.submitId, ctx.user, ctx.locale)),
  );
  bind(app, deps, submission.resubmit, (q, ctx) => p.resubmit(q.submitId, ctx.user));
};
