import type { FullScreenProblem } from '@oj/shared';
import { badRequest } from '../../http/app-error.js';
import type { AuthUser } from '../auth/session.service.js';

/** A set of problems a focus-mode page can belong to: a contest or a training. */
export interface ProblemSet {
  fullScreenProblems(id: number, viewer: AuthUser): Promise<FullScreenProblem[]>;
}

/** get-full-screen-problem-list (HOJ's `tid, cid`): the problems of the set the call names, as that set lists them
 * for the caller. 0 is absent (HOJ's client sends it). */
export const fullScreenProblemList = (
  sources: { contests: ProblemSet; trainings: ProblemSet },
  q: { cid?: number; tid?: number },
  viewer: AuthUser,
): Promise<FullScreenProblem[]> => {
  if (q.tid) return sources.trainings.fullScreenProblems(q.tid, viewer);
  if (q.cid) return sources.contests.fullScreenProblems(q.cid, viewer);
  throw badRequest('fieldRequired', 'cid', { field: 'cid' });
};
