import { SLIDE_PUZZLE } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { isDropAccepted, PIECE_BOX, randomTarget } from './puzzle-image';

describe('slide puzzle geometry (spec 1-core §9)', () => {
  it('puts the hole inside the 325 x 100 picture, out of reach without sliding', () => {
    for (const r of [0, 0.25, 0.5, 0.999]) {
      const { x, y } = randomTarget(() => r);
      expect(x).toBeGreaterThanOrEqual(PIECE_BOX + 10);
      expect(x + PIECE_BOX).toBeLessThanOrEqual(SLIDE_PUZZLE.width);
      expect(y - SLIDE_PUZZLE.radius * 2).toBeGreaterThanOrEqual(0);
      expect(y + SLIDE_PUZZLE.pieceSize).toBeLessThanOrEqual(SLIDE_PUZZLE.height);
    }
  });

  it('accepts a drop within accuracy 3 of the hole and refuses anything farther', () => {
    expect(isDropAccepted(100, 100)).toBe(true);
    expect(isDropAccepted(102, 100)).toBe(true);
    expect(isDropAccepted(97.5, 100)).toBe(true);
    expect(isDropAccepted(103, 100)).toBe(false);
    expect(isDropAccepted(96, 100)).toBe(false);
  });
});
