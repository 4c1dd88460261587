import { health } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind } from '../../http/bind.js';
import type { AppServices } from '../../services.js';

/** GET /api/health and GET /api/ready, without a token. */
export const registerHealthRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  bind(app, deps, health.health, async () => ({ status: 'ok' as const }));
  bind(app, deps, health.ready, () => s.health.ready());
};
