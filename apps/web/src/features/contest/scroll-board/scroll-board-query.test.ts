import { describe, expect, it } from 'vitest';
import { scrollBoardUrl } from './contest-scroll-board-tab';
import { readScrollBoardQuery } from './scroll-board-page';

describe('the scroll board address', () => {
  it('carries cid, removeStar and the three medal counts from the config tab to the board', () => {
    const url = scrollBoardUrl(7, true, { gold: 1, silver: 2, bronze: 3 });
    expect(url).toBe('/scrollBoard?cid=7&removeStar=true&medals=1&medals=2&medals=3');
    expect(readScrollBoardQuery(new URL(url, 'http://x').searchParams)).toEqual({
      cid: 7,
      removeStar: true,
      medals: { gold: 1, silver: 2, bronze: 3 },
    });
  });
  it('reads array-style medal counts (medals[]=) as well', () => {
    expect(readScrollBoardQuery(new URLSearchParams('cid=3&medals[]=4&medals[]=5&medals[]=6')).medals).toEqual({
      gold: 4,
      silver: 5,
      bronze: 6,
    });
  });
  it('reads a broken address as no contest and no medals', () => {
    expect(readScrollBoardQuery(new URLSearchParams('cid=x&medals=-1&medals=a'))).toEqual({
      cid: null,
      removeStar: false,
      medals: { gold: 0, silver: 0, bronze: 0 },
    });
  });
});
