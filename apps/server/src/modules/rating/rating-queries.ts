import type { RatingRepository } from './rating.repository.js';

/** The rating area's face to the submissions (decision 0046): a rejudge, a manual judge or a cancel of a contest's
 * submission makes the contest's computed ratings due again, in the transaction that changes the judgement. */
export type RatingStaleMarks = Pick<RatingRepository, 'markStale'>;
