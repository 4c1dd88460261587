import { msg } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind } from '../../http/bind.js';
import type { AppServices } from '../../services.js';

export const registerMessageRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  const m = s.messages;
  bind(app, deps, msg.getUnreadCounts, (_q, ctx) => m.unread(ctx.user));
  bind(app, deps, msg.getCommentMessages, (q, ctx) => m.comments(q, ctx.user));
  bind(app, deps, msg.getReplyMessages, (q, ctx) => m.replies(q, ctx.user));
  bind(app, deps, msg.getLikeMessages, (q, ctx) => m.likes(q, ctx.user));
  bind(app, deps, msg.getSysMessages, (q, ctx) => m.sys(q, ctx.user));
  bind(app, deps, msg.getMineMessages, (q, ctx) => m.mine(q, ctx.user, ctx.locale));
  bind(app, deps, msg.cleanMessages, (q, ctx) => m.clean(q, ctx.user));
};
