/** Codeforces' rating bands: the title and colour of a contest rating (the user home, the rating list and the
 * contest boards colour names by them; the server and the web share this one table). Each band starts at `from`
 * and runs to the next band's `from`. A legendary grandmaster's name is red with its first letter black. */
export interface RatingBand {
  from: number;
  color: string;
  title: { 'zh-CN': string; 'en-US': string };
  /** The first letter is drawn black (legendary grandmaster). */
  firstLetterBlack?: boolean;
}

export const RATING_BANDS: readonly RatingBand[] = [
  { from: Number.NEGATIVE_INFINITY, color: '#808080', title: { 'zh-CN': '新手', 'en-US': 'Newbie' } },
  { from: 1200, color: '#008000', title: { 'zh-CN': '学徒', 'en-US': 'Pupil' } },
  { from: 1400, color: '#03a89e', title: { 'zh-CN': '行家', 'en-US': 'Specialist' } },
  { from: 1600, color: '#0000ff', title: { 'zh-CN': '专家', 'en-US': 'Expert' } },
  { from: 1900, color: '#aa00aa', title: { 'zh-CN': '候选大师', 'en-US': 'Candidate Master' } },
  { from: 2100, color: '#ff8c00', title: { 'zh-CN': '大师', 'en-US': 'Master' } },
  { from: 2300, color: '#ff8c00', title: { 'zh-CN': '国际大师', 'en-US': 'International Master' } },
  { from: 2400, color: '#ff0000', title: { 'zh-CN': '特级大师', 'en-US': 'Grandmaster' } },
  { from: 2600, color: '#ff0000', title: { 'zh-CN': '国际特级大师', 'en-US': 'International Grandmaster' } },
  {
    from: 3000,
    color: '#ff0000',
    title: { 'zh-CN': '传奇特级大师', 'en-US': 'Legendary Grandmaster' },
    firstLetterBlack: true,
  },
];

/** The band a rating falls in; none for a user without a rating. */
export const ratingBand = (rating: number | null | undefined): RatingBand | undefined => {
  if (rating === null || rating === undefined) return undefined;
  let band = RATING_BANDS[0];
  for (const b of RATING_BANDS) if (rating >= b.from) band = b;
  return band;
};
