/** zh-CN texts of the rank pages: the `rank` namespace, named after the feature's folder and fetched with its
 * screens, never with the first visit to /home (lib/i18n.ts). en-US.ts carries the same keys. */
export default {
  // Ranks
  Top_10: '前十名',
  Search_User: '搜索用户',
  Rank_Seq: '排名',
  User: '用户',
  Nickname: '昵称',
  AC: 'AC',
  Signature: '个性签名',
  OI_Score: 'OI 分数',
  AC_Total: 'AC / 总数',
  Rating: '等级分',
  Rating_Title: '段位',
} as const;
