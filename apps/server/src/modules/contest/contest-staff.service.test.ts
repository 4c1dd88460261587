import { describe, expect, it } from 'vitest';
import { printFilename, scrollBoardOpen, secondsSinceStart } from './contest-staff.service.js';

describe('scroll board gate', () => {
  const closed = { admin: false, ended: false, openRank: true, realTime: true };
  it('opens to contest admins at any time', () => {
    expect(scrollBoardOpen({ admin: true, ended: false, openRank: false, realTime: false })).toBe(true);
  });
  it('opens to others only when ended, open-ranked and real-time', () => {
    expect(scrollBoardOpen({ ...closed, ended: true })).toBe(true);
    expect(scrollBoardOpen(closed)).toBe(false);
    expect(scrollBoardOpen({ ...closed, ended: true, openRank: false })).toBe(false);
    expect(scrollBoardOpen({ ...closed, ended: true, realTime: false })).toBe(false);
  });
});

describe('AC info time and print names', () => {
  it('counts whole seconds from the start, never negative', () => {
    const start = new Date('2024-01-01T10:00:00Z');
    expect(secondsSinceStart(start, new Date('2024-01-01T11:00:59.900Z'))).toBe(3659);
    expect(secondsSinceStart(start, new Date('2024-01-01T09:59:00Z'))).toBe(0);
  });
  it('names a print by id and username, without path separators', () => {
    expect(printFilename(7, 'ann_1')).toBe('print-7-ann_1.txt');
    expect(printFilename(8, '张三')).toBe('print-8-张三.txt');
    expect(printFilename(9, 'a/b\\c')).toBe('print-9-a_b_c.txt');
  });
});
