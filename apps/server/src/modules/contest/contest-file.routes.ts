import { contestStaff } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind } from '../../http/bind.js';
import type { AppServices } from '../../services.js';

/** The contest downloads: the rank list as xlsx and the accepted code as a zip. */
export const registerContestFileRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  const f = s.contestFiles;
  bind(app, deps, contestStaff.downloadRankList, (q, ctx) => f.rankList(q, ctx.user, ctx.locale));
  bind(app, deps, contestStaff.downloadContestRank, (q, ctx) => f.rankList(q, ctx.user, ctx.locale));
  bind(app, deps, contestStaff.downloadContestAcSubmission, (q, ctx) => f.acSubmissions(q, ctx.user));
};
