import { audit } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind } from '../../http/bind.js';
import type { AppServices } from '../../services.js';

export const registerAuditRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  bind(app, deps, audit.getAuditLog, (q) => s.audit.list(q));
};
