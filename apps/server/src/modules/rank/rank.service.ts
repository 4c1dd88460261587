import { type AcmRankRow, acRate, type OiRankRow, type Page, type RatingRankRow } from '@oj/shared';
import type { RankRepository, RankRow } from './rank.repository.js';

const RECENT_DAYS = 7;
const RECENT_TOP = 10;

const userPart = (r: RankRow) => ({
  uid: r.uid,
  username: r.username,
  nickname: r.nickname,
  signature: r.signature,
  avatar: r.avatar,
  titleName: r.titleName,
  titleColor: r.titleColor,
  total: r.total,
  ac: r.ac,
  acRate: acRate(r.ac, r.total),
});
const toAcm = (r: RankRow): AcmRankRow => ({ ...userPart(r), rating: r.rating });
const toOi = (r: RankRow): OiRankRow => ({ ...userPart(r), score: r.score });
const toRating = (r: RankRow): RatingRankRow => ({ ...userPart(r), rating: r.rating ?? 0 });

/** ACM rank: AC desc, submissions asc. OI rank: the sum of each problem's best OI rank score, then AC. Rating
 * list: the users with a contest rating, by rating (decision 0046). */
export const createRankService = (deps: { ranks: RankRepository; now?: () => Date }) => {
  const now = deps.now ?? (() => new Date());
  return {
    async list(q: {
      type: 0 | 1 | 2;
      currentPage: number;
      limit: number;
      searchUser?: string;
    }): Promise<Page<AcmRankRow> | Page<OiRankRow> | Page<RatingRankRow>> {
      const kind = q.type === 0 ? 'acm' : q.type === 1 ? 'oi' : 'rating';
      const { total, rows } = await deps.ranks.page(kind, {
        offset: (q.currentPage - 1) * q.limit,
        limit: q.limit,
        search: q.searchUser?.trim() || undefined,
      });
      const page = { total, size: q.limit, current: q.currentPage };
      if (kind === 'acm') return { ...page, records: rows.map(toAcm) };
      if (kind === 'oi') return { ...page, records: rows.map(toOi) };
      return { ...page, records: rows.map(toRating) };
    },

    /** The home page's 7-day AC rank: `ac` counts problems first accepted in the last seven days. */
    async recentSevenAc(): Promise<AcmRankRow[]> {
      const since = new Date(now().getTime() - RECENT_DAYS * 86_400_000);
      const rows = await deps.ranks.recentAc(since, RECENT_TOP);
      return rows.map((r) => ({ ...toAcm(r), ac: r.recentAc }));
    },
  };
};
export type RankService = ReturnType<typeof createRankService>;
