import { type AcmRankRow, acRate, type OiRankRow, type Page } from '@oj/shared';
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

/** ACM rank: AC desc, submissions asc. OI rank: the sum of each problem's best OI rank score, then AC. */
export const createRankService = (deps: { ranks: RankRepository; now?: () => Date }) => {
  const now = deps.now ?? (() => new Date());
  return {
    async list(q: {
      type: 0 | 1;
      currentPage: number;
      limit: number;
      searchUser?: string;
    }): Promise<Page<AcmRankRow> | Page<OiRankRow>> {
      const { total, rows } = await deps.ranks.page(q.type === 0 ? 'acm' : 'oi', {
        offset: (q.currentPage - 1) * q.limit,
        limit: q.limit,
        search: q.searchUser?.trim() || undefined,
      });
      const page = { total, size: q.limit, current: q.currentPage };
      return q.type === 0 ? { ...page, records: rows.map(toAcm) } : { ...page, records: rows.map(toOi) };
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
