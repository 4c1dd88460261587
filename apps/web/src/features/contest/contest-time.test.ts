import { describe, expect, it } from 'vitest';
import {
  addStarUser,
  countdown,
  defaultSealChoice,
  formatSeconds,
  progressAt,
  sealOptionsEnabled,
  sliderTip,
  statusAt,
} from './contest-time';

const c = { startTime: '2024-01-01T10:00:00.000Z', endTime: '2024-01-01T12:00:00.000Z', duration: 7200 };
const at = (iso: string) => Date.parse(iso);

describe('contest clock', () => {
  it('moves from scheduled to running to ended by time', () => {
    expect(statusAt(c, at('2024-01-01T09:59:59Z'))).toBe(-1);
    expect(statusAt(c, at('2024-01-01T10:00:00Z'))).toBe(0);
    expect(statusAt(c, at('2024-01-01T12:00:00Z'))).toBe(1);
  });
  it('gives progress 0, elapsed share, 100', () => {
    expect(progressAt(c, at('2024-01-01T09:00:00Z'))).toBe(0);
    expect(progressAt(c, at('2024-01-01T11:00:00Z'))).toBe(50);
    expect(progressAt(c, at('2024-01-02T00:00:00Z'))).toBe(100);
  });
  it('shows 00:00:00 before, elapsed while running, duration after', () => {
    expect(sliderTip(c, at('2024-01-01T09:00:00Z'))).toBe('00:00:00');
    expect(sliderTip(c, at('2024-01-01T10:01:05Z'))).toBe('00:01:05');
    expect(sliderTip(c, at('2024-01-03T00:00:00Z'))).toBe('02:00:00');
    expect(formatSeconds(100 * 3600)).toBe('100:00:00');
  });
  it('counts down to the start, then to the end, then nothing', () => {
    expect(countdown(c, at('2024-01-01T09:59:00Z'))).toEqual({ key: 'Countdown_To_Start', time: '00:01:00' });
    expect(countdown(c, at('2024-01-01T11:00:00Z'))).toEqual({ key: 'Countdown_To_End', time: '01:00:00' });
    expect(countdown(c, at('2024-01-01T13:00:00Z'))).toBeNull();
  });
});

describe('contest form rules', () => {
  it('disables the seal choices below 30 and 60 minutes', () => {
    expect(sealOptionsEnabled(1799)).toEqual({ halfHour: false, oneHour: false });
    expect(sealOptionsEnabled(1800)).toEqual({ halfHour: true, oneHour: false });
    expect(sealOptionsEnabled(3600)).toEqual({ halfHour: true, oneHour: true });
  });
  it('defaults the seal to one hour for long ACM contests', () => {
    expect(defaultSealChoice(0, 7200)).toBe('hour');
    expect(defaultSealChoice(0, 3600)).toBe('all');
    expect(defaultSealChoice(1, 7200)).toBe('all');
  });
  it('trims star users and refuses duplicates', () => {
    expect(addStarUser(['a'], ' b ')).toEqual({ list: ['a', 'b'], duplicate: false });
    expect(addStarUser(['a'], 'a ')).toEqual({ list: ['a'], duplicate: true });
  });
});
