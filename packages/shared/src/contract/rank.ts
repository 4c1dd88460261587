import { z } from 'zod';
import { endpoint, page, pageQuery, qStr } from '../api.js';

/** Global ranks: the ACM and OI rank lists. */

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
export type AcmRankRow = z.infer<typeof acmRankRow>;
export type OiRankRow = z.infer<typeof oiRankRow>;

/** `type` is 0/1 or ACM/OI. */
export const rankType = z.preprocess(
  (v) => {
    const s = String(v ?? '')
      .trim()
      .toUpperCase();
    return s === '0' || s === 'ACM' ? 0 : s === '1' || s === 'OI' ? 1 : v === '' ? undefined : v;
  },
  z.union([z.literal(0), z.literal(1)]),
);

export const getRankList = endpoint({
  method: 'GET',
  path: '/api/get-rank-list',
  access: 'public',
  input: z.object({ ...pageQuery(30), type: rankType, searchUser: qStr().pipe(z.string().max(100).optional()) }),
  output: z.union([page(acmRankRow), page(oiRankRow)]),
});

export const getRecentSevenAcRank = endpoint({
  method: 'GET',
  path: '/api/get-recent-seven-ac-rank',
  access: 'public',
  input: z.object({}),
  output: z.array(acmRankRow),
});
