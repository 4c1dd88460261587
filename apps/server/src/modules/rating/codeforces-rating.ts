/** Codeforces' rating system, the "Open Codeforces Rating System" (Mike Mirzayanov,
 * https://codeforces.com/blog/entry/20762, and his reference implementation linked there): a pure function of one
 * contest's final standings and its participants' ratings before it (decision 0046). Ratings are integers; the
 * arithmetic follows the reference step by step (Java's integer division, its sort orders), so the same standings
 * always give the same numbers:
 *
 * - Each participant's seed (expected place) is 1 plus, over every other participant, the Elo probability that the
 *   other one wins: 1 / (1 + 10^((own - other) / 400)).
 * - Tied participants share the place the reference gives them: the last position of their tied span.
 * - The rating needed for the place sqrt(seed * place) (the geometric mean of the expected and the actual place)
 *   is searched for in [1, 8000): the largest rating whose seed, among the others, is still at least that place.
 *   The delta is half the way from the old rating to it, truncated.
 * - Inflation: all deltas are shifted by -(sum / n) - 1, so that they sum to at most zero; then the best
 *   min(n, 4 * round(sqrt(n))) participants by old rating have theirs shifted towards a zero sum, by
 *   min(max(-sum / count, -10), 0) (applied to everybody).
 *
 * The performance is the rating whose expected place among the others is the place taken (the same search, at the
 * place itself): a winner ahead of everybody reaches the search's ceiling, 7999. */

/** The rating of a participant without a rated contest before. */
export const INITIAL_RATING = 1500;

/** The search bounds of the reference: a needed rating is in [1, 8000). */
const LOWEST = 1;
const HIGHEST = 8000;

export interface RatingParticipant {
  uid: string;
  /** The place on the final board: 1 for the best; tied participants have the same place. */
  place: number;
  /** The rating before this contest (INITIAL_RATING for a first contest). */
  rating: number;
}

export interface RatingChange {
  uid: string;
  place: number;
  oldRating: number;
  newRating: number;
  performance: number;
}

/** Java's int division: truncated towards zero. */
const intDiv = (a: number, b: number) => Math.trunc(a / b);

/** The rating changes of one contest, in the order given (which must be the board's: places never decreasing). */
export const computeRatingChanges = (participants: readonly RatingParticipant[]): RatingChange[] => {
  const n = participants.length;
  if (n === 0) return [];
  for (let i = 1; i < n; i++) {
    if (participants[i].place < participants[i - 1].place) throw new Error('participants must be in board order');
  }
  const ratings = Int32Array.from(participants, (p) => p.rating);
  // The reference's rank: tied participants all get the position of the last of them.
  const rank = new Array<number>(n);
  for (let i = n - 1; i >= 0; i--) {
    rank[i] = i + 1 < n && participants[i + 1].place === participants[i].place ? rank[i + 1] : i + 1;
  }

  // P(a participant rated `other` beats one rated `own`) for every integer difference own - other that can occur,
  // computed as the reference computes it (1 / (1 + 10^(d / 400))), once per difference.
  let minRating = ratings[0];
  let maxRating = ratings[0];
  for (const r of ratings) {
    if (r < minRating) minRating = r;
    if (r > maxRating) maxRating = r;
  }
  const lowDiff = Math.min(LOWEST, minRating) - maxRating;
  const highDiff = Math.max(HIGHEST, maxRating) - minRating;
  const elo = new Float64Array(highDiff - lowDiff + 1);
  for (let d = lowDiff; d <= highDiff; d++) elo[d - lowDiff] = 1 / (1 + 10 ** (d / 400));

  // 1 + the sum over the others of P(they beat participant i were i rated r), summed in board order as the reference
  // sums it (the same floating-point result to the last bit, also where it rounds to exactly 1 at the extremes).
  const seedWithout = (r: number, i: number) => {
    const base = r - lowDiff;
    let s = 1;
    for (let j = 0; j < i; j++) s += elo[base - ratings[j]];
    for (let j = i + 1; j < n; j++) s += elo[base - ratings[j]];
    return s;
  };
  /** The largest rating in [1, 8000) whose seed among the others is at least `place` (the reference's search). */
  const ratingForPlace = (place: number, i: number) => {
    let left = LOWEST;
    let right = HIGHEST;
    while (right - left > 1) {
      const mid = intDiv(left + right, 2);
      if (seedWithout(mid, i) < place) right = mid;
      else left = mid;
    }
    return left;
  };

  const delta = new Array<number>(n);
  const performance = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const seed = seedWithout(ratings[i], i);
    const need = ratingForPlace(Math.sqrt(rank[i] * seed), i);
    delta[i] = intDiv(need - ratings[i], 2);
    performance[i] = ratingForPlace(rank[i], i);
  }

  // By old rating, best first (a stable sort: equal ratings keep the board's order, as the reference's sort does).
  const byRating = [...delta.keys()].sort((a, b) => ratings[b] - ratings[a]);
  let sum = 0;
  for (const d of delta) sum += d;
  const inflation = intDiv(-sum, n) - 1;
  for (let i = 0; i < n; i++) delta[i] += inflation;
  const topCount = Math.min(4 * Math.round(Math.sqrt(n)), n);
  let topSum = 0;
  for (let k = 0; k < topCount; k++) topSum += delta[byRating[k]];
  const top = Math.min(Math.max(intDiv(-topSum, topCount), -10), 0);
  for (let i = 0; i < n; i++) delta[i] += top;

  return participants.map((p, i) => ({
    uid: p.uid,
    place: p.place,
    oldRating: p.rating,
    newRating: p.rating + delta[i],
    performance: performance[i],
  }));
};
