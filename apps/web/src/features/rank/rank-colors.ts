/** The nickname tag colour cycles by the nickname's length modulo 5. */
export const NICKNAME_COLORS = ['blue', 'cyan', 'green', 'orange', 'purple'] as const;

export const nicknameColor = (nickname: string) => NICKNAME_COLORS[[...nickname].length % NICKNAME_COLORS.length];

/** Rank list page size 30, chart of the top 10. */
export const RANK_PAGE_SIZE = 30;
export const RANK_CHART_SIZE = 10;

/** The status list of a user's accepted submissions, opened from the AC count. */
export const acceptedSubmissionsLink = (username: string) =>
  `/status?username=${encodeURIComponent(username)}&status=0`;
