import { adminUser, isMessageKey, message } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind } from '../../http/bind.js';
import type { AppServices } from '../../services.js';
import { actorOf } from '../audit/audit-actor.js';

export const registerAdminUserRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  const u = s.adminUsers;
  bind(app, deps, adminUser.getUserList, (q) => u.list(q));
  bind(app, deps, adminUser.editUser, (b, ctx) => u.edit(actorOf(ctx), b));
  bind(app, deps, adminUser.deleteUser, (b, ctx) => u.remove(actorOf(ctx), b.ids));
  bind(app, deps, adminUser.signOutUser, (b, ctx) => u.signOut(actorOf(ctx), b.uid));
  bind(app, deps, adminUser.insertBatchUser, (b, ctx) =>
    // The per-row report is read by people: reasons in the caller's language.
    u.importRows(actorOf(ctx), b.users, (key, vars) =>
      isMessageKey(key) ? message(key, ctx.locale, vars) : message('fieldInvalid', ctx.locale, vars),
    ),
  );
  bind(app, deps, adminUser.generateUser, (b, ctx) => u.generate(actorOf(ctx), b));
  bind(app, deps, adminUser.generateUserExcel, async (q) => u.download(q.key));
};
