import { adminContest, contest } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind } from '../../http/bind.js';
import type { AppServices } from '../../services.js';

/** `access: 'user'` endpoints always carry a user (the guard refuses them otherwise). */
const must = <T>(u: T | undefined): T => u as T;

export const registerContestRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  const c = s.contests;
  bind(app, deps, contest.getContestList, (q) => c.list(q));
  bind(app, deps, contest.getContestInfo, (q, ctx) => c.info(q.cid, must(ctx.user)));
  bind(app, deps, contest.registerContest, (b, ctx) => c.register(b, must(ctx.user)));
  bind(app, deps, contest.getContestAccess, (q, ctx) => c.access(q.cid, must(ctx.user)));
  bind(app, deps, contest.getContestProblem, (q, ctx) => c.problems(q.cid, ctx.user));
  bind(app, deps, contest.getContestProblemDetails, (q, ctx) => c.problemDetails(q.cid, q.displayId, must(ctx.user)));
  bind(app, deps, contest.getContestSubmissions, (q, ctx) => c.submissions(q, must(ctx.user)));
  bind(app, deps, contest.getContestRank, (b, ctx) => c.rank(b, must(ctx.user)));
  bind(app, deps, contest.getContestOutsideInfo, (q, ctx) => c.outsideInfo(q.cid, ctx.user));
  bind(app, deps, contest.getContestOutsideScoreboard, (b, ctx) => c.outsideScoreboard(b, ctx.user));
  bind(app, deps, contest.getContestAnnouncement, (q, ctx) => c.announcements(q, must(ctx.user)));
  bind(app, deps, contest.getContestNotReadAnnouncement, (b, ctx) => c.notReadAnnouncements(b, must(ctx.user)));
  bind(app, deps, contest.getRecentContest, () => c.recent());
  bind(app, deps, contest.getRecentOtherContest, () => c.recentOther());

  const a = s.adminContests;
  bind(app, deps, adminContest.getAdminContestList, (q, ctx) => a.list(q, must(ctx.user)));
  bind(app, deps, adminContest.getAdminContest, (q, ctx) => a.get(q.cid, must(ctx.user)));
  bind(app, deps, adminContest.createContest, (b, ctx) => a.create(b, must(ctx.user)));
  bind(app, deps, adminContest.updateContest, (b, ctx) => a.update(b, must(ctx.user)));
  bind(app, deps, adminContest.deleteContest, (q) => a.remove(q.cid));
  bind(app, deps, adminContest.cloneContest, (q, ctx) => a.clone(q.cid, must(ctx.user)));
  bind(app, deps, adminContest.changeContestVisible, (q, ctx) => a.changeVisible(q, must(ctx.user)));
  bind(app, deps, adminContest.getContestProblemList, (q, ctx) => a.problemList(q, must(ctx.user)));
  bind(app, deps, adminContest.getContestProblemInfo, (q, ctx) => a.problemInfo(q, must(ctx.user)));
  bind(app, deps, adminContest.setContestProblemInfo, (b, ctx) => a.setProblemInfo(b, must(ctx.user)));
  bind(app, deps, adminContest.addContestProblemFromPublic, (b, ctx) => a.addFromPublic(b, must(ctx.user)));
  bind(app, deps, adminContest.getContestProblem, (q, ctx) => a.getProblem(q.pid, must(ctx.user)));
  bind(app, deps, adminContest.createContestProblem, (b, ctx) => a.createProblem(b, must(ctx.user)));
  bind(app, deps, adminContest.updateContestProblem, (b, ctx) => a.updateProblem(b, must(ctx.user)));
  bind(app, deps, adminContest.deleteContestProblem, (q, ctx) => a.removeProblem(q, must(ctx.user)));
  bind(app, deps, adminContest.getOtherContestList, (q) => a.otherContests(q));
  bind(app, deps, adminContest.createOtherContest, (b) => a.saveOtherContest(b));
  bind(app, deps, adminContest.updateOtherContest, (b) => a.saveOtherContest(b));
  bind(app, deps, adminContest.deleteOtherContest, (q) => a.removeOtherContest(q.id));
  bind(app, deps, adminContest.getAdminContestAnnouncements, (q, ctx) => a.announcements(q, must(ctx.user)));
  bind(app, deps, adminContest.createContestAnnouncement, (b, ctx) => a.saveAnnouncement(b, must(ctx.user)));
  bind(app, deps, adminContest.updateContestAnnouncement, (b, ctx) => a.saveAnnouncement(b, must(ctx.user)));
  bind(app, deps, adminContest.deleteContestAnnouncement, (q, ctx) => a.removeAnnouncement(q.aid, must(ctx.user)));
};
