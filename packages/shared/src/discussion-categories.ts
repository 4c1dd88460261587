/** The discussion categories a new site starts with, stored under their Chinese names (HOJ's); the web shows each
 * under its text key in the reader's language while it keeps that name (a renamed one shows as named). */
export const SEEDED_DISCUSSION_CATEGORIES = [
  { name: '学习', key: 'Category_Study' },
  { name: '题解', key: 'Category_Solutions' },
  { name: '求助', key: 'Category_Help' },
  { name: '建议', key: 'Category_Suggestions' },
  { name: '闲聊', key: 'Category_Chat' },
] as const;
