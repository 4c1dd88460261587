import { comment } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind } from '../../http/bind.js';
import type { AppServices } from '../../services.js';

export const registerCommentRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  const c = s.comments;
  bind(app, deps, comment.getComments, (q, ctx) => c.list(q, ctx.user));
  bind(app, deps, comment.addComment, (b, ctx) => c.add(b, ctx.user));
  bind(app, deps, comment.deleteComment, (b, ctx) => c.remove(b, ctx.user));
  bind(app, deps, comment.likeComment, (q, ctx) => c.like(q, ctx.user));
  bind(app, deps, comment.getReplies, (q, ctx) => c.replies(q, ctx.user));
  bind(app, deps, comment.addReply, (b, ctx) => c.addReply(b, ctx.user));
  bind(app, deps, comment.deleteReply, (b, ctx) => c.removeReply(b, ctx.user));
};
