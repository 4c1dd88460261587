import { contestStaff } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind, userOf } from '../../http/bind.js';
import type { AppServices } from '../../services.js';
import { actorOf } from '../audit/audit-actor.js';

export const registerContestStaffRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  const c = s.contestStaff;
  bind(app, deps, contestStaff.submitPrintText, (b, ctx) => c.submitPrint(b, userOf(ctx)));
  bind(app, deps, contestStaff.getContestPrint, (q, ctx) => c.prints(q, userOf(ctx)));
  bind(app, deps, contestStaff.checkContestPrintStatus, (b, ctx) => c.markPrinted(b, userOf(ctx)));
  bind(app, deps, contestStaff.downloadContestPrintText, (q, ctx) => c.downloadPrint(q.id, userOf(ctx)));
  bind(app, deps, contestStaff.getContestAcInfo, (q, ctx) => c.acInfo(q, userOf(ctx)));
  bind(app, deps, contestStaff.checkContestAcInfo, (b, ctx) => c.checkAcInfo(b, userOf(ctx)));
  // Audited like a single rejudge (DESIGN §7 "Operations"); only a rejudge that happened reaches the log.
  bind(app, deps, contestStaff.rejudgeContestProblem, async (q, ctx) => {
    const done = await c.rejudgeProblem(q, userOf(ctx));
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
