import { audit } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind, type RequestContext, userOf } from '../../http/bind.js';
import type { AppServices } from '../../services.js';
import type { Actor } from './audit.service.js';

/** The acting admin of a request, for the audit log. */
export const actorOf = (ctx: RequestContext): Actor => {
  const user = userOf(ctx);
  return { uid: user.uid, username: user.username, ip: ctx.meta.ip };
};

export const registerAuditRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  bind(app, deps, audit.getAuditLog, (q) => s.audit.list(q));
};
