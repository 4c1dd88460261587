import { review } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind } from '../../http/bind.js';
import type { AppServices } from '../../services.js';

/** Teachers' reviews of submissions (decision 0053). Like comments, they are not audited: each is its author's own
 * writing, shown to the submission's owner and reviewers. */
export const registerReviewRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  const r = s.reviews;
  bind(app, deps, review.getReviews, (q, ctx) => r.list(q.submitId, ctx.user));
  bind(app, deps, review.addReview, (b, ctx) => r.add(b, ctx.user));
  bind(app, deps, review.updateReview, (b, ctx) => r.update(b, ctx.user));
  bind(app, deps, review.deleteReview, (b, ctx) => r.remove(b.id, ctx.user));
  bind(app, deps, review.addReviewReply, (b, ctx) => r.reply(b, ctx.user));
};
