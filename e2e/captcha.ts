import zlib from 'node:zlib';

/** Reads the site's arithmetic captcha as a person does, from its picture: the server draws "a+b=?" (or "a-b=?")
 * in a 5x7 pixel font, each dot a 4x4 square in a colour whose blue is 90 (noise is grey, lines bluish), glyph i
 * starting 15 + 24i (+0..3) across and 6 (+0..7) down (apps/server/src/lib/captcha-image.ts). Returns the answer. */
const GLYPHS: Record<string, string[]> = {
  '0': ['01110', '10001', '10011', '10101', '11001', '10001', '01110'],
  '1': ['00100', '01100', '00100', '00100', '00100', '00100', '01110'],
  '2': ['01110', '10001', '00001', '00010', '00100', '01000', '11111'],
  '3': ['11110', '00001', '00001', '01110', '00001', '00001', '11110'],
  '4': ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  '5': ['11111', '10000', '11110', '00001', '00001', '10001', '01110'],
  '6': ['00110', '01000', '10000', '11110', '10001', '10001', '01110'],
  '7': ['11111', '00001', '00010', '00100', '01000', '01000', '01000'],
  '8': ['01110', '10001', '10001', '01110', '10001', '10001', '01110'],
  '9': ['01110', '10001', '10001', '01111', '00001', '00010', '01100'],
  '+': ['00000', '00100', '00100', '11111', '00100', '00100', '00000'],
  '-': ['00000', '00000', '00000', '11111', '00000', '00000', '00000'],
  '=': ['00000', '00000', '11111', '00000', '11111', '00000', '00000'],
  '?': ['01110', '10001', '00001', '00010', '00100', '00000', '00100'],
};

/** The RGB pixels of the server's PNGs (8-bit RGB, filter 0 on every row). */
const decodePng = (png: Buffer) => {
  let pos = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (pos < png.length) {
    const len = png.readUInt32BE(pos);
    const type = png.toString('ascii', pos + 4, pos + 8);
    const data = png.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
    } else if (type === 'IDAT') idat.push(data);
    pos += 12 + len;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const ink = (x: number, y: number) => {
    const i = y * (width * 3 + 1) + 1 + x * 3;
    return raw[i + 2] === 90 && raw[i] < 120 && raw[i + 1] < 120;
  };
  return { width, height, ink };
};

export const solveCaptcha = (dataUrl: string): string => {
  const { width, height, ink } = decodePng(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  const glyphs = Math.round((width - 30) / 24);
  let text = '';
  for (let i = 0; i < glyphs; i++) {
    let best = { ch: '?', score: -1 };
    for (let dx = 0; dx < 4; dx++) {
      for (let dy = 0; dy < 8; dy++) {
        const ox = 15 + i * 24 + dx;
        const oy = 6 + dy;
        // Which of the 5x7 cells are inked (most of their 16 pixels).
        const cells = Array.from({ length: 7 }, (_, gy) =>
          Array.from({ length: 5 }, (_, gx) => {
            let n = 0;
            for (let py = 0; py < 4; py++)
              for (let px = 0; px < 4; px++) {
                const x = ox + gx * 4 + px;
                const y = oy + gy * 4 + py;
                if (x < width && y < height && ink(x, y)) n++;
              }
            return n >= 8 ? '1' : '0';
          }).join(''),
        );
        for (const [ch, rows] of Object.entries(GLYPHS)) {
          let score = 0;
          for (let gy = 0; gy < 7; gy++) for (let gx = 0; gx < 5; gx++) if (rows[gy][gx] === cells[gy][gx]) score++;
          if (score > best.score) best = { ch, score };
        }
      }
    }
    text += best.ch;
  }
  // The sign before the question mark is always "="; a noise line over one of its bars reads it as "-" (seen once).
  const m = /^(\d+)([+-])(\d+)[=-]\?$/.exec(text);
  if (!m) throw new Error(`captcha not read: ${text}`);
  return String(m[2] === '+' ? Number(m[1]) + Number(m[3]) : Number(m[1]) - Number(m[3]));
};
