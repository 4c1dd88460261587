import zlib from 'node:zlib';

// A 5x7 bitmap font for the arithmetic captcha; drawn as pixels, so the answer is not in the image as text.
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

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

/** Encodes RGB pixels (or RGBA with `channels` 4: the slide puzzle's piece) as a PNG. */
export const encodePng = (width: number, height: number, pixels: Uint8Array, channels: 3 | 4 = 3) => {
  const stride = width * channels;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (stride + 1)] = 0;
    Buffer.from(pixels.buffer, pixels.byteOffset + y * stride, stride).copy(raw, y * (stride + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  // Bit depth 8; colour type 2 (RGB) or 6 (RGBA).
  header.set([8, channels === 4 ? 6 : 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** Renders `text` with per-glyph jitter and noise, as a PNG data URL. */
export const renderCaptcha = (text: string, random: () => number = Math.random) => {
  const scale = 4;
  const width = 30 + text.length * 6 * scale;
  const height = 48;
  const rgb = new Uint8Array(width * height * 3).fill(245);
  const plot = (x: number, y: number, color: [number, number, number]) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    rgb.set(color, (y * width + x) * 3);
  };
  for (let i = 0; i < width * height * 0.08; i++) {
    const shade = 150 + Math.floor(random() * 80);
    plot(Math.floor(random() * width), Math.floor(random() * height), [shade, shade, shade]);
  }
  [...text].forEach((ch, i) => {
    const glyph = GLYPHS[ch];
    if (!glyph) return;
    const color: [number, number, number] = [Math.floor(random() * 120), Math.floor(random() * 120), 90];
    const ox = 15 + i * 6 * scale + Math.floor(random() * 4);
    const oy = 6 + Math.floor(random() * 8);
    glyph.forEach((row, gy) => {
      [...row].forEach((bit, gx) => {
        if (bit !== '1') return;
        for (let dy = 0; dy < scale; dy++)
          for (let dx = 0; dx < scale; dx++) plot(ox + gx * scale + dx, oy + gy * scale + dy, color);
      });
    });
  });
  for (let l = 0; l < 3; l++) {
    const y0 = random() * height;
    const slope = (random() - 0.5) * 0.6;
    for (let x = 0; x < width; x++) plot(x, Math.round(y0 + slope * x), [120, 120, 160]);
  }
  return `data:image/png;base64,${encodePng(width, height, rgb).toString('base64')}`;
};
