import { exam } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind } from '../../http/bind.js';
import type { AppServices } from '../../services.js';

/** A contest's admins register users by name and take a registration back (decision 0055). */
export const registerContestParticipantRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  const p = s.contestParticipants;
  bind(app, deps, exam.addContestParticipants, (b, ctx) => p.add(b, ctx.user));
  bind(app, deps, exam.removeContestParticipant, (b, ctx) => p.remove(b, ctx.user));
};
