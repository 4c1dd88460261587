import { describe, expect, it } from 'vitest';
import { markdownText, reviewStanding, reviewUrl } from './review.service.js';
import type { Sight } from './submission-visibility.js';

const sight = (s: Partial<Sight>): Sight => ({
  own: false,
  admin: false,
  code: false,
  listed: false,
  runHidden: false,
  contestRunning: false,
  masked: false,
  problem: { displayId: 'A', title: 'Sum' },
  ...s,
});

describe('reviewStanding', () => {
  it('makes a reviewer of whoever sees the code and administers its scope, and nobody else', () => {
    expect(reviewStanding(sight({ admin: true, code: true }))).toMatchObject({ reviewer: true, reads: true });
    // An admin who may not see the code (a sealed contest's other admin view) reviews nothing.
    expect(reviewStanding(sight({ admin: true, code: false }))).toMatchObject({ reviewer: false, reads: false });
    // Shared code is read by everyone, its reviews by its owner and reviewers only.
    expect(reviewStanding(sight({ code: true }))).toMatchObject({ reviewer: false, owner: false, reads: false });
  });

  it('lets the owner read and answer, but not while his contest runs', () => {
    expect(reviewStanding(sight({ own: true, code: true }))).toEqual({
      reviewer: false,
      owner: true,
      ownerWaits: false,
      reads: true,
    });
    expect(reviewStanding(sight({ own: true, code: true, contestRunning: true }))).toEqual({
      reviewer: false,
      owner: false,
      ownerWaits: true,
      reads: false,
    });
    // A contest's admin who took part reviews as its admin.
    expect(reviewStanding(sight({ own: true, admin: true, code: true, contestRunning: true }))).toMatchObject({
      reviewer: true,
      ownerWaits: false,
      reads: true,
    });
  });
});

describe('the messages about reviews', () => {
  it('shows names and titles as written inside markdown', () => {
    expect(markdownText('a_b*c [x](y) <img>')).toBe('a\\_b\\*c \\[x\\]\\(y\\) \\<img\\>');
    expect(markdownText('plain 中文')).toBe('plain 中文');
  });

  it("links a group's submission inside its group", () => {
    expect(reviewUrl({ submitId: 7, cid: 0, gid: 3 })).toBe('/group/3/submission-detail/7');
    expect(reviewUrl({ submitId: 7, cid: 0, gid: null })).toBe('/submission-detail/7');
    expect(reviewUrl({ submitId: 7, cid: 5, gid: 3 })).toBe('/submission-detail/7');
  });
});
