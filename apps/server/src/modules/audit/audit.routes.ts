import { audit } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind } from '../../http/bind.js';
import type { AppServices } from '../../services.js';

/** Routes import actorOf from audit-actor.ts; this re-export stays until submission.routes.ts does too. */
export { actorOf } from './audit-actor.js';

export const registerAuditRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  bind(app, deps, audit.getAuditLog, (q) => s.audit.list(q));
};
