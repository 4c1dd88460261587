import { adminDashboard } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind, type RequestContext } from '../../http/bind.js';
import type { AppServices } from '../../services.js';

const userOf = (ctx: RequestContext) => ctx.user as NonNullable<RequestContext['user']>;

export const registerAdminDashboardRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  // The judge token reaches the service from the app's options, shown to root only (DESIGN §7).
  bind(app, deps, adminDashboard.getDashboardInfo, (_q, ctx) => s.adminDashboard.info(userOf(ctx), deps.judgeToken));
};
