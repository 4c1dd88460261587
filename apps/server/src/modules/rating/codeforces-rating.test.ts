import { describe, expect, it } from 'vitest';
import { computeRatingChanges, INITIAL_RATING, type RatingParticipant } from './codeforces-rating.js';

/** The reference implementation's steps written out plainly (every seed summed afresh, the probability formula
 * evaluated each time), to check the table-driven function against on many contests. */
const plainReference = (ps: RatingParticipant[]) => {
  const n = ps.length;
  const p = (ra: number, rb: number) => 1 / (1 + 10 ** ((rb - ra) / 400));
  const rank = ps.map((x, i) => {
    let last = i;
    while (last + 1 < n && ps[last + 1].place === x.place) last++;
    return last + 1;
  });
  const seedOf = (r: number, self: number) => {
    let s = 1;
    for (let j = 0; j < n; j++) if (j !== self) s += p(ps[j].rating, r);
    return s;
  };
  const search = (place: number, self: number) => {
    let left = 1;
    let right = 8000;
    while (right - left > 1) {
      const mid = Math.trunc((left + right) / 2);
      if (seedOf(mid, self) < place) right = mid;
      else left = mid;
    }
    return left;
  };
  const delta = ps.map((x, i) => Math.trunc((search(Math.sqrt(rank[i] * seedOf(x.rating, i)), i) - x.rating) / 2));
  const sum = delta.reduce((a, b) => a + b, 0);
  const inc = Math.trunc(-sum / n) - 1;
  for (let i = 0; i < n; i++) delta[i] += inc;
  const order = [...delta.keys()].sort((a, b) => ps[b].rating - ps[a].rating);
  const count = Math.min(4 * Math.round(Math.sqrt(n)), n);
  const topSum = order.slice(0, count).reduce((a, i) => a + delta[i], 0);
  const inc2 = Math.min(Math.max(Math.trunc(-topSum / count), -10), 0);
  return ps.map((x, i) => x.rating + delta[i] + inc2);
};

/** A deterministic pseudo-random contest: n participants with ratings around 1500 and some ties. */
const randomContest = (n: number, seed: number): RatingParticipant[] => {
  let s = seed;
  const next = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  let place = 1;
  return Array.from({ length: n }, (_, i) => {
    if (i > 0 && next() > 0.2) place = i + 1;
    return { uid: `u${i}`, place, rating: Math.round(800 + next() * 1800) };
  });
};

describe('Codeforces rating', () => {
  it('rates three newcomers by the figures worked out by hand', () => {
    // Each seed is 1 + 2 x 0.5 = 2. First: the place sqrt(1 x 2) needs 1 + 2 / (1 + 10^((R - 1500) / 400)) =
    // 1.414, R = 1733.2, so 1733 and a delta of 116; second: sqrt(4) = 2 needs exactly 1500, delta 0; third:
    // sqrt(6) = 2.449 needs R = 1331.8, so 1331 and -84 (Java's truncation). Sum 32: every delta moves by
    // -(32 / 3) - 1 = -11 (116 - 11 = 105, -11, -95); the top min(3, 4 x 2) = 3 then sum to -1, and -(-1) / 3 = 0
    // moves nothing.
    const changes = computeRatingChanges([
      { uid: 'a', place: 1, rating: INITIAL_RATING },
      { uid: 'b', place: 2, rating: INITIAL_RATING },
      { uid: 'c', place: 3, rating: INITIAL_RATING },
    ]);
    expect(changes.map((c) => [c.uid, c.place, c.oldRating, c.newRating])).toEqual([
      ['a', 1, 1500, 1605],
      ['b', 2, 1500, 1489],
      ['c', 3, 1500, 1405],
    ]);
    // Performance: the rating whose expected place is the place taken. The winner is ahead of everybody: the
    // search's ceiling; the second expects place 2 at exactly 1500; the third needs 2 / (1 + x) = 2, x = 0.
    expect(changes.map((c) => c.performance)).toEqual([7999, 1500, 1]);
  });

  it('gives tied participants the same change', () => {
    const changes = computeRatingChanges([
      { uid: 'a', place: 1, rating: 1500 },
      { uid: 'b', place: 1, rating: 1500 },
      { uid: 'c', place: 3, rating: 1500 },
    ]);
    expect(changes[0].newRating).toBe(changes[1].newRating);
    expect(changes[0].newRating).toBeGreaterThan(changes[2].newRating);
    // Both tied take the reference's place 2 (the last of their span): sqrt(2 x 2) = 2 needs 1500, delta 0; the
    // third -84 as above; sum -84, every delta moves by -(-84 / 3) - 1 = 27: 1527, 1527, 1443.
    expect(changes.map((c) => c.newRating)).toEqual([1527, 1527, 1443]);
  });

  it('moves a favourite who loses down and an outsider who wins up', () => {
    const changes = computeRatingChanges([
      { uid: 'outsider', place: 1, rating: 1200 },
      { uid: 'mid', place: 2, rating: 1500 },
      { uid: 'favourite', place: 3, rating: 2000 },
    ]);
    const by = Object.fromEntries(changes.map((c) => [c.uid, c.newRating - c.oldRating]));
    expect(by.outsider).toBeGreaterThan(100);
    expect(by.favourite).toBeLessThan(-100);
  });

  it('keeps the sum of the changes at most zero and better places never rated lower than worse ones of equal rating', () => {
    const contest = randomContest(200, 7).map((p) => ({ ...p, rating: INITIAL_RATING }));
    const changes = computeRatingChanges(contest);
    expect(changes.reduce((a, c) => a + c.newRating - c.oldRating, 0)).toBeLessThanOrEqual(0);
    for (let i = 1; i < changes.length; i++) expect(changes[i].newRating).toBeLessThanOrEqual(changes[i - 1].newRating);
  });

  it('agrees with the reference steps written out plainly, and gives the same numbers every time', () => {
    for (const [n, seed] of [
      [2, 1],
      [17, 2],
      [60, 3],
      [150, 4],
    ]) {
      const contest = randomContest(n, seed);
      const first = computeRatingChanges(contest);
      expect(first.map((c) => c.newRating)).toEqual(plainReference(contest));
      expect(computeRatingChanges(contest)).toEqual(first);
    }
  });

  it('refuses standings out of board order and rates nobody in an empty contest', () => {
    expect(computeRatingChanges([])).toEqual([]);
    expect(() =>
      computeRatingChanges([
        { uid: 'a', place: 2, rating: 1500 },
        { uid: 'b', place: 1, rating: 1500 },
      ]),
    ).toThrow();
  });
});
