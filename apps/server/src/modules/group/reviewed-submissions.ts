import type { Page, ReviewedSubmission } from '@oj/shared';
import type { AuthUser } from '../auth/session.service.js';
import type { ReviewedSubmissionQueries } from '../submission/submission-queries.js';
import type { GroupPolicy } from './group-policy.js';

/** The group's submissions its admins reviewed (decision 0053): the group's own (its problem set and trainings, the
 * ones its status list shows; its contests' submissions are their contests'), for its admins, who review them. */
export const createReviewedSubmissions = (deps: { repo: ReviewedSubmissionQueries; policy: GroupPolicy }) => ({
  async list(
    q: { gid: number; currentPage: number; limit: number },
    viewer: AuthUser,
  ): Promise<Page<ReviewedSubmission>> {
    await deps.policy.require(q.gid, viewer, 'admin');
    const { rows, total } = await deps.repo.reviewedPage(q.gid, (q.currentPage - 1) * q.limit, q.limit);
    return {
      records: rows.map((r) => ({
        submitId: r.submitId,
        displayPid: r.displayPid,
        title: r.title,
        uid: r.uid,
        username: r.username,
        status: r.status,
        submitTime: r.submitTime.toISOString(),
        reviewCount: r.reviewCount,
        unansweredCount: r.unansweredCount,
        lastActivity: r.lastActivity.toISOString(),
      })),
      total,
      size: q.limit,
      current: q.currentPage,
    };
  },
});
export type ReviewedSubmissions = ReturnType<typeof createReviewedSubmissions>;
