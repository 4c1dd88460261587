import { rating } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind } from '../../http/bind.js';
import type { AppServices } from '../../services.js';

export const registerRatingRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  bind(app, deps, rating.getRatingHistory, (q) => s.ratings.history(q.uid));
  // Who may recompute which contest is the admin contest rule (admin-contest.service.ts).
  bind(app, deps, rating.recomputeContestRating, (b, ctx) => s.adminContests.recomputeRating(b.cid, ctx.user));
};
