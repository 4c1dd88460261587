import { discussion } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind } from '../../http/bind.js';
import type { AppServices } from '../../services.js';

export const registerDiscussionRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  const d = s.discussions;
  bind(app, deps, discussion.getDiscussionCategory, () => d.categories());
  bind(app, deps, discussion.upsertDiscussionCategory, (b) => d.replaceCategories(b));
  bind(app, deps, discussion.getDiscussionList, (q, ctx) => d.list(q, ctx.user));
  bind(app, deps, discussion.getDiscussionDetail, (q, ctx) => d.detail(q.did, ctx.user, ctx.meta.ip));
  bind(app, deps, discussion.createDiscussion, (b, ctx) => d.create(b, ctx.user));
  bind(app, deps, discussion.updateDiscussion, (b, ctx) => d.update(b, ctx.user));
  bind(app, deps, discussion.deleteDiscussion, (q, ctx) => d.remove(q, ctx.user));
  bind(app, deps, discussion.likeDiscussion, (q, ctx) => d.like(q, ctx.user));
  bind(app, deps, discussion.reportDiscussion, (b, ctx) => d.report(b, ctx.user));
  // The comment service knows every place a post goes (a discussion, a group's area, a contest's comments).
  bind(app, deps, discussion.getPostPermission, (q, ctx) => s.comments.postPermission(q, ctx.user));
  bind(app, deps, discussion.adminUpdateDiscussion, (b) => d.adminUpdate(b));
  bind(app, deps, discussion.adminDeleteDiscussion, (b) => d.adminRemove(b));
  bind(app, deps, discussion.getDiscussionReports, (q) => d.reports(q));
  bind(app, deps, discussion.updateDiscussionReport, (b) => d.setReportStatus(b));
};
