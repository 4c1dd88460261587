import { z } from 'zod';
import { endpoint, page, pageQuery, qStr } from '../api.js';

/** Global ranks: the ACM, OI and rating lists. */

const rankUser = {
  uid: z.string(),
  username: z.string(),
  nickname: z.string().nullable(),
  /** The first 100 characters. */
  signature: z.string().nullable(),
  avatar: z.string().nullable(),
  titleName: z.string().nullable(),
  titleColor: z.string().nullable(),
  total: z.number().int(),
  ac: z.number().int(),
  /** AC over total in percent, 2 decimals (`acRate` in ac-rate.ts; the user home carries the same figure). */
  acRate: z.number(),
};
export const acmRankRow = z.object({ ...rankUser, rating: z.number().int().nullable() });
export const oiRankRow = z.object({ ...rankUser, score: z.number().int() });
/** The rating list's row: users with a contest rating (decision 0046), by rating. */
export const ratingRankRow = z.object({ ...rankUser, rating: z.number().int() });
export type AcmRankRow = z.infer<typeof acmRankRow>;
export type OiRankRow = z.infer<typeof oiRankRow>;
export type RatingRankRow = z.infer<typeof ratingRankRow>;

const rankTypeOf = (v: unknown) => {
  const s = String(v ?? '')
    .trim()
    .toUpperCase();
  if (s === '0' || s === 'ACM') return 0;
  if (s === '1' || s === 'OI') return 1;
  if (s === '2' || s === 'RATING') return 2;
  return v === '' ? undefined : v;
};

/** `type` is 0/1 or ACM/OI (the global lists and a group's). */
export const rankType = z.preprocess(rankTypeOf, z.union([z.literal(0), z.literal(1)]));

/** The global lists' `type`: also `rating` (or 2), the contest rating list. */
export const globalRankType = z.preprocess(rankTypeOf, z.union([z.literal(0), z.literal(1), z.literal(2)]));

export const getRankList = endpoint({
  method: 'GET',
  path: '/api/get-rank-list',
  access: 'public',
  input: z.object({ ...pageQuery(30), type: globalRankType, searchUser: qStr().pipe(z.string().max(100).optional()) }),
  output: z.union([page(acmRankRow), page(oiRankRow), page(ratingRankRow)]),
});

export const getRecentSevenAcRank = endpoint({
  method: 'GET',
  path: '/api/get-recent-seven-ac-rank',
  access: 'public',
  input: z.object({}),
  output: z.array(acmRankRow),
});
