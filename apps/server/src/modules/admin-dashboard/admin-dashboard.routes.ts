import type { AddressInfo } from 'node:net';
import { adminDashboard } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind } from '../../http/bind.js';
import type { AppServices } from '../../services.js';

export const registerAdminDashboardRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  // The judge token reaches the service from the app's options, shown to root only.
  bind(app, deps, adminDashboard.getDashboardInfo, (_q, ctx) =>
    s.adminDashboard.info(ctx.user, deps.judgeToken.current()),
  );
  bind(app, deps, adminDashboard.getServiceInfo, () =>
    s.adminDashboard.serviceInfo((app.server.address() as AddressInfo | null)?.port ?? 0),
  );
  bind(app, deps, adminDashboard.getJudgeServiceInfo, () => s.adminDashboard.judgeServiceInfo());
  // HOJ's client posts its uid as a bare form body (axios' default for a string): read as no input.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
      done(null, {}),
    );
    bind(scope, deps, adminDashboard.getSessions, (_q, ctx) => s.adminDashboard.lastSession(ctx.user));
  });
};
