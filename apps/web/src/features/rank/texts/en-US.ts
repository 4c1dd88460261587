import type zhCN from './zh-CN';

/** en-US texts of the `rank` namespace: exactly the keys of zh-CN.ts. */
export default {
  // Ranks
  Top_10: 'Top 10',
  Search_User: 'Search user',
  Rank_Seq: 'Rank',
  User: 'User',
  Nickname: 'Nickname',
  AC: 'AC',
  Signature: 'Signature',
  OI_Score: 'Score',
  AC_Total: 'AC / Total',
  Rating: 'Rating',
  Rating_Title: 'Rank title',
} satisfies Record<keyof typeof zhCN, string>;
