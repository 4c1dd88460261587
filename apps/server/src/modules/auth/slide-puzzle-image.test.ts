import zlib from 'node:zlib';
import { SLIDE_PUZZLE } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import {
  insidePiece,
  isDropAccepted,
  PIECE_BOX,
  randomPiecePosition,
  renderSlidePuzzle,
} from './slide-puzzle-image.js';

/** Reads back what encodePng writes: 8-bit RGB or RGBA, filter 0 on every row. */
const decodePng = (dataUrl: string) => {
  const png = Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
  let at = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      channels = data[9] === 6 ? 4 : 3;
    }
    if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const pixel = (x: number, y: number) => {
    const start = y * (width * channels + 1) + 1 + x * channels;
    return [...raw.subarray(start, start + channels)];
  };
  return { width, height, channels, pixel };
};

describe('slide puzzle pictures', () => {
  it('puts the piece inside the 325 x 100 picture, out of reach without sliding', () => {
    for (const r of [0, 0.25, 0.5, 0.999]) {
      const { x, y } = randomPiecePosition(() => r);
      expect(x).toBeGreaterThanOrEqual(PIECE_BOX + 10);
      expect(x + PIECE_BOX).toBeLessThanOrEqual(SLIDE_PUZZLE.width);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y + PIECE_BOX).toBeLessThanOrEqual(SLIDE_PUZZLE.height);
    }
  });

  it('accepts a drop less than accuracy 3 from the place and refuses anything farther', () => {
    expect(isDropAccepted(100, 100)).toBe(true);
    expect(isDropAccepted(102, 100)).toBe(true);
    expect(isDropAccepted(98, 100)).toBe(true);
    expect(isDropAccepted(103, 100)).toBe(false);
    expect(isDropAccepted(97, 100)).toBe(false);
  });

  it('cuts a jigsaw piece: knobs on top and right, a notch on the left', () => {
    const { pieceSize: side, radius } = SLIDE_PUZZLE;
    const top = radius * 2 + 1;
    expect(insidePiece(1 + side / 2, top + side / 2)).toBe(true);
    expect(insidePiece(1 + side / 2, top - radius)).toBe(true); // top knob
    expect(insidePiece(1 + side + radius - 2, top + side / 2)).toBe(true); // right knob
    expect(insidePiece(1 + 3, top + side / 2)).toBe(false); // left notch
    expect(insidePiece(2, 2)).toBe(false);
  });

  it('shows the hole where the piece fits and the piece with the picture’s own pixels', () => {
    const position = { x: 150, y: 20 };
    const images = renderSlidePuzzle(position);
    const background = decodePng(images.backgroundImage);
    const piece = decodePng(images.pieceImage);
    expect([background.width, background.height, background.channels]).toEqual([325, 100, 3]);
    expect([piece.width, piece.height, piece.channels]).toEqual([PIECE_BOX, PIECE_BOX, 4]);
    let inside = 0;
    for (let y = 0; y < PIECE_BOX; y++) {
      for (let x = 0; x < PIECE_BOX; x++) {
        const [r, g, b, alpha] = piece.pixel(x, y);
        const hole = background.pixel(position.x + x, position.y + y);
        if (!insidePiece(x + 0.5, y + 0.5)) {
          expect(alpha).toBe(0);
          continue;
        }
        expect(alpha).toBe(255);
        const interior =
          [x - 1, x + 1].every((nx) => insidePiece(nx + 0.5, y + 0.5)) &&
          [y - 1, y + 1].every((ny) => insidePiece(x + 0.5, ny + 0.5));
        if (!interior) continue;
        inside++;
        // The hole is the same pixel whitened 70%.
        for (const [i, c] of [r, g, b].entries()) {
          expect(Math.abs(hole[i] - Math.round(c * 0.3 + 255 * 0.7))).toBeLessThanOrEqual(1);
        }
      }
    }
    expect(inside).toBeGreaterThan(1500);
    // Away from the hole the picture is untouched: not whitened everywhere.
    const far = background.pixel(5, 5);
    expect(far.some((c) => c < 200)).toBe(true);
  });
});
