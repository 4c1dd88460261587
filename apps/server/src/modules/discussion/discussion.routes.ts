import { discussion } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind } from '../../http/bind.js';
import type { AppServices } from '../../services.js';

/** `access: 'user'` endpoints always carry a user (the guard refuses them otherwise). */
const must = <T>(u: T | undefined): T => u as T;

export const registerDiscussionRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  const d = s.discussions;
  bind(app, deps, discussion.getDiscussionCategory, () => d.categories());
  bind(app, deps, discussion.upsertDiscussionCategory, (b) => d.replaceCategories(b));
  bind(app, deps, discussion.getDiscussionList, (q, ctx) => d.list(q, ctx.user));
  bind(app, deps, discussion.getDiscussionDetail, (q, ctx) => d.detail(q.did, ctx.user, ctx.meta.ip));
  bind(app, deps, discussion.createDiscussion, (b, ctx) => d.create(b, must(ctx.user)));
  bind(app, deps, discussion.updateDiscussion, (b, ctx) => d.update(b, must(ctx.user)));
  bind(app, deps, discussion.deleteDiscussion, (q, ctx) => d.remove(q, must(ctx.user)));
  bind(app, deps, discussion.likeDiscussion, (q, ctx) => d.like(q, must(ctx.user)));
  bind(app, deps, discussion.reportDiscussion, (b, ctx) => d.report(b, must(ctx.user)));
  bind(app, deps, discussion.adminUpdateDiscussion, (b) => d.adminUpdate(b));
  bind(app, deps, discussion.adminDeleteDiscussion, (b) => d.adminRemove(b));
  bind(app, deps, discussion.getDiscussionReports, (q) => d.reports(q));
  bind(app, deps, discussion.updateDiscussionReport, (b) => d.setReportStatus(b));
};
