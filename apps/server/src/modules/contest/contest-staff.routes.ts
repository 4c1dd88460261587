import { contestStaff } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind } from '../../http/bind.js';
import type { AppServices } from '../../services.js';
import { actorOf } from '../audit/audit-actor.js';

export const registerContestStaffRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  const c = s.contestStaff;
  bind(app, deps, contestStaff.submitPrintText, (b, ctx) => c.submitPrint(b, ctx.user));
  bind(app, deps, contestStaff.getContestPrint, (q, ctx) => c.prints(q, ctx.user));
  bind(app, deps, contestStaff.checkContestPrintStatus, (b, ctx) => c.markPrinted(b, ctx.user));
  bind(app, deps, contestStaff.downloadContestPrintText, (q, ctx) => c.downloadPrint(q.id, ctx.user));
  bind(app, deps, contestStaff.getContestAcInfo, (q, ctx) => c.acInfo(q, ctx.user));
  bind(app, deps, contestStaff.checkContestAcInfo, (b, ctx) => c.checkAcInfo(b, ctx.user));
  // Audited like a single rejudge; only a rejudge that happened reaches the log.
  bind(app, deps, contestStaff.rejudgeContestProblem, async (q, ctx) => {
    const done = await c.rejudgeProblem(q, ctx.user);
    await s.audit.record(
      actorOf(ctx),
      'rejudge',
      { type: 'contestProblem', id: `${q.cid}:${q.pid}` },
      {
        cid: q.cid,
        pid: q.pid,
        count: done.count,
      },
    );
    return done;
  });
  bind(app, deps, contestStaff.getContestScrollBoardInfo, (q, ctx) => c.scrollBoardInfo(q.cid, ctx.user));
  bind(app, deps, contestStaff.getContestScrollBoardSubmission, (q, ctx) => c.scrollBoardSubmissions(q, ctx.user));
};
