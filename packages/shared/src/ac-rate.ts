/** The one AC-rate rule (rating = AC over total, shown with 2 decimals): the percentage of
 * `ac` over `total` submissions, rounded to 2 decimals; 0 without submissions. The global rank rows and the user
 * home both carry it as `acRate`, so the two pages cannot disagree. */
export const acRate = (ac: number, total: number): number => (total > 0 ? Math.round((ac / total) * 10_000) / 100 : 0);

/** `acRate` as the pages show it: "50.00%". */
export const formatAcRate = (rate: number): string => `${rate.toFixed(2)}%`;
