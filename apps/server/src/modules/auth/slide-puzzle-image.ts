import { SLIDE_PUZZLE } from '@oj/shared';
import { encodePng } from '../../lib/captcha-image.js';

/** The slide puzzle's pictures (325 x 100, piece 42, knob radius 10), drawn on the server so that
 * the browser never learns where the hole is: it gets the picture with the hole, the piece, and the piece's top;
 * the left is what the user has to find (decision 0014). */

const { width: WIDTH, height: HEIGHT, pieceSize: SIDE, radius: RADIUS } = SLIDE_PUZZLE;

/** The piece image is a square this wide: the side plus the knob, and a pixel of margin for the outline. */
export const PIECE_BOX = SIDE + RADIUS * 2 + 3;
/** Where the piece's square sits inside the piece image (the top knob and the outline are above it). */
const SQUARE_LEFT = 1;
const SQUARE_TOP = RADIUS * 2 + 1;

/** How much of white the hole and the piece's outline are blended with. */
const HOLE_WHITE = 0.7;

/** Whether a point (relative to the piece image's top-left corner) lies on the jigsaw piece: a square with a knob
 * on top and on the right and a notch on the left, as HOJ's slide-verify draws it. */
export const insidePiece = (px: number, py: number) => {
  const x = px - SQUARE_LEFT;
  const y = py - SQUARE_TOP;
  const within = (cx: number, cy: number, r: number) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  const square = x >= 0 && x <= SIDE && y >= 0 && y <= SIDE;
  const knobs = within(SIDE / 2, -RADIUS + 2, RADIUS) || within(SIDE + RADIUS - 2, SIDE / 2, RADIUS);
  const notch = within(RADIUS - 2, SIDE / 2, RADIUS + 0.4);
  return (square || knobs) && !notch;
};

/** The piece's mask over the piece image: 0 outside, 1 inside, 2 on its outline (inside, next to the outside). */
const pieceMask = (() => {
  const inside = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < PIECE_BOX && y < PIECE_BOX && insidePiece(x + 0.5, y + 0.5);
  const mask = new Uint8Array(PIECE_BOX * PIECE_BOX);
  for (let y = 0; y < PIECE_BOX; y++) {
    for (let x = 0; x < PIECE_BOX; x++) {
      if (!inside(x, y)) continue;
      const edge = !inside(x - 1, y) || !inside(x + 1, y) || !inside(x, y - 1) || !inside(x, y + 1);
      mask[y * PIECE_BOX + x] = edge ? 2 : 1;
    }
  }
  return mask;
})();

/** Where a puzzle's piece belongs (the piece image's top-left corner on the picture): fully inside the picture
 * and far enough right that a slide is needed. */
export const randomPiecePosition = (random: () => number) => {
  const range = (min: number, max: number) => Math.round(min + random() * (max - min));
  return { x: range(PIECE_BOX + 10, WIDTH - PIECE_BOX - 10), y: range(0, HEIGHT - PIECE_BOX) };
};

/** A drop is accepted when the piece lands less than `accuracy` pixels from its place. */
export const isDropAccepted = (left: number, pieceX: number) => Math.abs(left - pieceX) < SLIDE_PUZZLE.accuracy;

const hslToRgb = (h: number, s: number, l: number): [number, number, number] => {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
};

/** A fresh picture: shapes on a gradient, different every time, with enough texture that the hole and the piece
 * are easy to match by eye. RGB, row by row. */
const paintPicture = (random: () => number) => {
  const rgb = new Uint8Array(WIDTH * HEIGHT * 3);
  const hue = Math.floor(random() * 360);
  const from = hslToRgb(hue, 0.7, 0.55);
  const to = hslToRgb((hue + 120) % 360, 0.7, 0.4);
  const diagonal = WIDTH * WIDTH + HEIGHT * HEIGHT;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const t = (x * WIDTH + y * HEIGHT) / diagonal;
      for (let c = 0; c < 3; c++) rgb[(y * WIDTH + x) * 3 + c] = Math.round(from[c] + (to[c] - from[c]) * t);
    }
  }
  for (let i = 0; i < 24; i++) {
    const cx = random() * WIDTH;
    const cy = random() * HEIGHT;
    const size = 6 + random() * 26;
    const color = hslToRgb(Math.floor(random() * 360), 0.8, 0.35 + random() * 0.4);
    const round = i % 2 === 1;
    const h = round ? size : size * (0.5 + random());
    const [x0, x1] = round ? [cx - size / 2, cx + size / 2] : [cx, cx + size];
    const [y0, y1] = round ? [cy - size / 2, cy + size / 2] : [cy, cy + h];
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(HEIGHT, Math.ceil(y1)); y++) {
      for (let x = Math.max(0, Math.floor(x0)); x < Math.min(WIDTH, Math.ceil(x1)); x++) {
        if (round && (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 > (size / 2) ** 2) continue;
        const at = (y * WIDTH + x) * 3;
        for (let c = 0; c < 3; c++) rgb[at + c] = Math.round(rgb[at + c] * 0.25 + color[c] * 0.75);
      }
    }
  }
  return rgb;
};

const whiten = (value: number) => Math.round(value * (1 - HOLE_WHITE) + 255 * HOLE_WHITE);
const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** The picture with the hole at (x, y) and the piece cut from the same picture, both as PNG data URLs. */
export const renderSlidePuzzle = (position: { x: number; y: number }, random: () => number = Math.random) => {
  const picture = paintPicture(random);
  const background = Uint8Array.from(picture);
  const piece = new Uint8Array(PIECE_BOX * PIECE_BOX * 4);
  for (let py = 0; py < PIECE_BOX; py++) {
    for (let px = 0; px < PIECE_BOX; px++) {
      const kind = pieceMask[py * PIECE_BOX + px];
      if (kind === 0) continue;
      const x = position.x + px;
      const y = position.y + py;
      if (x >= WIDTH || y >= HEIGHT) continue;
      const from = (y * WIDTH + x) * 3;
      const to = (py * PIECE_BOX + px) * 4;
      for (let c = 0; c < 3; c++) {
        background[from + c] = whiten(picture[from + c]);
        // The piece shows the picture's own pixels, with a light outline.
        piece[to + c] = kind === 2 ? whiten(picture[from + c]) : picture[from + c];
      }
      piece[to + 3] = 255;
    }
  }
  return {
    backgroundImage: dataUrl(encodePng(WIDTH, HEIGHT, background)),
    pieceImage: dataUrl(encodePng(PIECE_BOX, PIECE_BOX, piece, 4)),
  };
};
