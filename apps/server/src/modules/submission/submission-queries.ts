import type { ReviewRepository } from './review.repository.js';
import type { SubmissionQueryRepository } from './submission-query.repository.js';

/**
 * The submission area's face to other areas (the problem list and page, the user home page, the group rule): the
 * questions they may put to the submissions and the row type they see. They depend on these, never on the
 * repository; services.ts hands them the repository, which answers them.
 */
export type { SubmissionWithTitle } from './submission-query.repository.js';

/** A user's submissions per day (the home page's heatmap). */
export type SubmissionDailyCounts = Pick<SubmissionQueryRepository, 'dailyCounts'>;
/** A user's status on each problem and their last accepted code (the problem list and page). */
export type ProblemSubmissionQueries = Pick<SubmissionQueryRepository, 'statusByProblem' | 'lastAccepted'>;
/** A group's reviewed submissions, a page of them (the group's list for its admins). */
export type ReviewedSubmissionQueries = Pick<ReviewRepository, 'reviewedPage'>;
