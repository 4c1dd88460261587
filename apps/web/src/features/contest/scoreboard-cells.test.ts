import { describe, expect, it } from 'vitest';
import { acmCellState, acmCellText, oiCellState } from './scoreboard-cells';

const info = (
  p: Partial<{ isAC: boolean; isFirstAC: boolean; ACTime: number | null; errorNum: number; tryNum: number }>,
) => ({
  isAC: false,
  isFirstAC: false,
  ACTime: null,
  errorNum: 0,
  tryNum: 0,
  ...p,
});

describe('scoreboard cells', () => {
  it('tells first AC, AC, pending tries and wrong apart', () => {
    expect(acmCellState(info({ isAC: true, isFirstAC: true }))).toBe('first-ac');
    expect(acmCellState(info({ isAC: true }))).toBe('ac');
    expect(acmCellState(info({ tryNum: 2, errorNum: 1 }))).toBe('try');
    expect(acmCellState(info({ errorNum: 1 }))).toBe('wa');
    expect(acmCellState(undefined)).toBe('none');
  });
  it('writes the AC minute with rejected tries, pending tries with a question mark', () => {
    expect(acmCellText(info({ isAC: true, ACTime: 125, errorNum: 1 }))).toBe('2 (-1)');
    expect(acmCellText(info({ isAC: true, ACTime: 59 }))).toBe('0');
    expect(acmCellText(info({ tryNum: 1 }))).toBe('?1');
    expect(acmCellText(info({ errorNum: 3 }))).toBe('-3');
  });
  it('colours OI scores full, zero or partial', () => {
    expect(oiCellState(100)).toBe('full');
    expect(oiCellState(0)).toBe('zero');
    expect(oiCellState(40)).toBe('partial');
  });
});
