import { z } from 'zod';
import { endpoint, isoDate, wireInt } from '../api.js';

/** Contest ratings (decision 0046): a user's rating history and an admin's recomputation of a contest's ratings.
 * The current rating is the user home's `rating`; the rating list is `GET /api/get-rank-list?type=rating`. */

export const ratingHistoryEntry = z.object({
  cid: z.number().int(),
  title: z.string(),
  /** The place on the contest's final board (tied participants share it). */
  rank: z.number().int(),
  oldRating: z.number().int(),
  newRating: z.number().int(),
  /** The rating at which the participant's expected place is the place taken. */
  performance: z.number().int(),
  /** When the contest ended. */
  time: isoDate,
});
export type RatingHistoryEntry = z.infer<typeof ratingHistoryEntry>;

export const getRatingHistory = endpoint({
  method: 'GET',
  path: '/api/get-rating-history',
  access: 'public',
  input: z.object({ uid: z.string({ error: 'fieldRequired' }).trim().min(1, { error: 'fieldRequired' }).max(64) }),
  /** The user's rated contests in the order they ended. */
  output: z.array(ratingHistoryEntry),
});

export const recomputeContestRating = endpoint({
  method: 'POST',
  path: '/api/admin/contest/recompute-rating',
  access: 'admin',
  input: z.object({ cid: wireInt(z.number().int()) }),
  /** computed: false while a submission of the contest (or of a rated contest after it) waits for its verdict; the
   * ratings follow as soon as it has one. */
  output: z.object({ computed: z.boolean() }),
});
