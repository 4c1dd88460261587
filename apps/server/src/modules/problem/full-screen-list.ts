import type { FullScreenProblem } from '@oj/shared';
import { AppError, badRequest } from '../../http/app-error.js';
import type { AuthUser } from '../auth/session.service.js';

/** A set of problems a focus-mode page can belong to: a contest now, a training when trainings exist. */
export interface ProblemSet {
  fullScreenProblems(id: number, viewer: AuthUser): Promise<FullScreenProblem[]>;
}

/** get-full-screen-problem-list (HOJ's `tid, cid`): the problems of the set the call names, as that set lists them
 * for the caller. 0 is absent (HOJ's client sends it); a training is answered 404 until trainings exist, and they
 * plug in as one more source. */
export const fullScreenProblemList = (
  sources: { contests: ProblemSet; trainings?: ProblemSet },
  q: { cid?: number; tid?: number },
  viewer: AuthUser,
): Promise<FullScreenProblem[]> => {
  if (q.tid) {
    if (!sources.trainings) throw new AppError(404, 'trainingsUnavailable');
    return sources.trainings.fullScreenProblems(q.tid, viewer);
  }
  if (q.cid) return sources.contests.fullScreenProblems(q.cid, viewer);
  throw badRequest('fieldRequired', 'cid', { field: 'cid' });
};
