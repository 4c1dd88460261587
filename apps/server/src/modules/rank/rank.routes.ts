import { rank } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind } from '../../http/bind.js';
import type { AppServices } from '../../services.js';

export const registerRankRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  bind(app, deps, rank.getRankList, (q) => s.ranks.list(q));
  bind(app, deps, rank.getRecentSevenAcRank, () => s.ranks.recentSevenAc());
};
