import { notice } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind } from '../../http/bind.js';
import type { AppServices } from '../../services.js';
import { actorOf } from '../audit/audit-actor.js';

export const registerNoticeRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  bind(app, deps, notice.getNoticeList, (q) => s.notices.list(q));
  bind(app, deps, notice.createNotice, (b, ctx) => s.notices.create(actorOf(ctx), b));
  bind(app, deps, notice.updateNotice, (b) => s.notices.update(b));
  bind(app, deps, notice.deleteNotice, (q) => s.notices.remove(q.id));
};
