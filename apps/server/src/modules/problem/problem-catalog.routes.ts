import { problem } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind } from '../../http/bind.js';
import type { AppServices } from '../../services.js';
import { fullScreenProblemList } from './full-screen-list.js';

export const registerProblemCatalogRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  bind(app, deps, problem.getProblemList, (q) => s.problemCatalog.list(q));
  bind(app, deps, problem.getAllProblemTags, (q) => s.problemCatalog.allTags(q.oj));
  bind(app, deps, problem.getProblemTagsAndClassification, (q) => s.problemCatalog.tagsAndClassification(q.oj));
  bind(app, deps, problem.getUserProblemStatus, (b, ctx) =>
    b.isContestProblemList && b.cid
      ? s.contests.userProblemStatus(b.cid, b.pidList, ctx.user)
      : s.problemCatalog.userProblemStatus(ctx.user.uid, b.pidList),
  );
  bind(app, deps, problem.getRandomProblem, () => s.problemCatalog.random());
  bind(app, deps, problem.getProblemDetail, (q, ctx) => s.problemCatalog.detail(q.problemId, ctx.user));
  bind(app, deps, problem.getProblemCodeTemplate, (q, ctx) => s.problemCatalog.codeTemplates(q.pid, ctx.user));
  bind(app, deps, problem.languages, (q, ctx) => s.problemCatalog.languages(q, ctx.user));
  bind(app, deps, problem.getProblemLanguages, (q, ctx) => s.problemCatalog.problemLanguages(q.pid, ctx.user));
  bind(app, deps, problem.getLastAcCode, (q, ctx) => s.problemCatalog.lastAcCode(ctx.user.uid, q.pid, q.cid, ctx.user));
  bind(app, deps, problem.getFullScreenProblemList, (q, ctx) =>
    fullScreenProblemList({ contests: s.contests, trainings: s.trainings }, q, ctx.user),
  );
  bind(app, deps, problem.getProblemTestTags, () => s.problemCatalog.allTags(undefined));
  bind(app, deps, problem.getRecentUpdatedProblem, () => s.problemCatalog.recentUpdated());
  bind(app, deps, problem.getLastWeekSubmissionStatistics, (q, ctx) =>
    s.submissionPublic.weekStatistics(!!q.forceRefresh, ctx.user),
  );
  bind(app, deps, problem.downloadProblemAnnex, (q, ctx) => s.problemCatalog.annex(q.problemId, q.name, ctx.user));
};
