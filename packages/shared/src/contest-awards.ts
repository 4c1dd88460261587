import type { Locale } from './messages.js';

/** A contest's award tier (HOJ's awardConfigList item): `num` is a percentage of the ranked participants under the
 * proportion award type (1), a number of people under the number type (2). */
export interface ContestAward {
  priority: number;
  name: string;
  background: string;
  color: string;
  num: number;
}

/** The award type: none, a percentage of the ranked participants, a number of people. */
export const AWARD_TYPE = { NONE: 0, PROPORTION: 1, NUMBER: 2 } as const;

const DEFAULT_AWARD_NAMES: Record<Locale, readonly [string, string, string]> = {
  'zh-CN': ['金牌', '银牌', '铜牌'],
  'en-US': ['Gold Medal', 'Silver Medal', 'Bronze Medal'],
};

/** The default award tiers, named in the interface's language: gold 10 %, silver 20 %, bronze 30 % of the ranked
 * participants. The one default of a new contest: the admin form's rows and the server's default when a new
 * contest comes without tiers. A contest keeps the names it was saved with (the board and the export show them). */
export const defaultAwards = (locale: Locale): ContestAward[] => {
  const [gold, silver, bronze] = DEFAULT_AWARD_NAMES[locale];
  return [
    { priority: 1, name: gold, background: '#e6bf25', color: '#ffffff', num: 10 },
    { priority: 2, name: silver, background: '#b4b4b4', color: '#ffffff', num: 20 },
    { priority: 3, name: bronze, background: '#b57c50', color: '#ffffff', num: 30 },
  ];
};

/** How many people each tier goes to, tiers by priority: under the proportion type `num` % of the ranked
 * participants (`ranked`: the board's rows without star users) rounded down, under the number type `num`; no tiers
 * without awards. The contest board hands the awards out by it (apps/server contest-board.ts) and the scroll
 * board's medal counts start from it. */
export const awardCounts = <A extends Pick<ContestAward, 'priority' | 'num'>>(
  awardType: number,
  awards: readonly A[],
  ranked: number,
): (A & { count: number })[] => {
  if (awardType !== AWARD_TYPE.PROPORTION && awardType !== AWARD_TYPE.NUMBER) return [];
  return [...awards]
    .sort((a, b) => a.priority - b.priority)
    .map((a) => ({
      ...a,
      count: awardType === AWARD_TYPE.PROPORTION ? Math.floor((a.num * ranked) / 100) : Math.max(0, a.num),
    }));
};
