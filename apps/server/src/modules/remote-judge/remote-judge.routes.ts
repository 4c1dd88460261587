import { remoteJudge } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind } from '../../http/bind.js';
import type { AppServices } from '../../services.js';

/** Importing problems from the remote judges: into the bank, a contest (its admin rule and display id), a training
 * (likewise; the training shows it under its problemId, as HOJ does). */
export const registerRemoteJudgeRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  const r = s.remoteImport;
  bind(app, deps, remoteJudge.importRemoteProblem, (q, ctx) => r.importProblem(q, ctx.user));

  bind(app, deps, remoteJudge.importContestRemoteProblem, (q, ctx) =>
    r.importInto(
      q,
      {
        check: (viewer) => s.adminContests.checkAddable({ cid: q.cid, displayId: q.displayId }, viewer),
        add: (pid, viewer) => s.adminContests.addFromPublic({ cid: q.cid, pid, displayId: q.displayId }, viewer),
      },
      ctx.user,
    ),
  );

  bind(app, deps, remoteJudge.importTrainingRemoteProblem, (q, ctx) =>
    r.importInto(
      q,
      {
        check: (viewer, displayId) => s.adminTrainings.checkAddable({ tid: q.tid, displayId }, viewer),
        add: (pid, viewer, displayId) => s.adminTrainings.addFromPublic({ tid: q.tid, pid, displayId }, viewer),
      },
      ctx.user,
    ),
  );
};
