import { SLIDE_PUZZLE } from '@oj/shared';

/** Draws a fresh puzzle picture on a canvas: shapes on a gradient, different every time. The pictures are made
 * in the browser, so the puzzle fetches nothing (DESIGN §7: no request leaves the site). */
export const paintPuzzleImage = (ctx: CanvasRenderingContext2D, random: () => number = Math.random) => {
  const { width, height } = SLIDE_PUZZLE;
  const hue = Math.floor(random() * 360);
  const gradient = ctx.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, `hsl(${hue}, 70%, 55%)`);
  gradient.addColorStop(1, `hsl(${(hue + 120) % 360}, 70%, 40%)`);
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, width, height);
  // Enough contrast and texture that the hole and the piece are easy to match by eye.
  for (let i = 0; i < 24; i++) {
    ctx.beginPath();
    const x = random() * width;
    const y = random() * height;
    const size = 6 + random() * 26;
    ctx.fillStyle = `hsla(${Math.floor(random() * 360)}, 80%, ${35 + random() * 40}%, 0.75)`;
    if (i % 2) ctx.arc(x, y, size / 2, 0, Math.PI * 2);
    else ctx.rect(x, y, size, size * (0.5 + random()));
    ctx.fill();
  }
};

/** Size of the piece's bounding square: side plus the knob. */
export const PIECE_BOX = SLIDE_PUZZLE.pieceSize + SLIDE_PUZZLE.radius * 2 + 3;

/** Traces the jigsaw piece outline (a square with a knob on top and right, a notch on the left). */
export const tracePiece = (ctx: CanvasRenderingContext2D, x: number, y: number) => {
  const l = SLIDE_PUZZLE.pieceSize;
  const r = SLIDE_PUZZLE.radius;
  const PI = Math.PI;
  ctx.beginPath();
  ctx.moveTo(x, y);
  ctx.arc(x + l / 2, y - r + 2, r, 0.72 * PI, 2.26 * PI);
  ctx.lineTo(x + l, y);
  ctx.arc(x + l + r - 2, y + l / 2, r, 1.21 * PI, 2.78 * PI);
  ctx.lineTo(x + l, y + l);
  ctx.lineTo(x, y + l);
  ctx.arc(x + r - 2, y + l / 2, r + 0.4, 2.76 * PI, 1.24 * PI, true);
  ctx.lineTo(x, y);
  ctx.lineWidth = 2;
  ctx.fillStyle = 'rgba(255, 255, 255, 0.7)';
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.7)';
  ctx.stroke();
};

/** Where the hole goes: fully inside the picture and far enough right that a slide is needed. */
export const randomTarget = (random: () => number = Math.random) => {
  const { width, height, radius } = SLIDE_PUZZLE;
  const range = (min: number, max: number) => Math.round(min + random() * (max - min));
  return {
    x: range(PIECE_BOX + 10, width - (PIECE_BOX + 10)),
    y: range(10 + radius * 2, height - (PIECE_BOX + 10)),
  };
};

/** A drop is accepted when the piece lands within `accuracy` pixels of the hole (spec 1-core §5). */
export const isDropAccepted = (pieceLeft: number, targetX: number) =>
  Math.abs(pieceLeft - targetX) < SLIDE_PUZZLE.accuracy;
